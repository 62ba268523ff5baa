import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { countInteractions, RawLog, yearFromTitle } from './dataset.js';
import { loadLooSplit } from './loaders/looSplit.js';
import { loadMl100k, readUItem } from './loaders/ml100k.js';
import { loadMlCsv, readMoviesCsv } from './loaders/mlCsv.js';
import { splitCsv } from './loaders/text.js';
import { buildP1Split } from './split.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const ids = (d: { items: { id: string }[] }, list: ArrayLike<number>) => Array.from(list, (i) => d.items[i].id);

describe('P1 split rules', () => {
  const events = (rows: Array<[string, string, number]>) => RawLog.from(rows.map(([user, item, timestamp]) => ({ user, item, timestamp })));

  it('drops items with fewer than 5 interactions in one pass; last is test, second-to-last validation', () => {
    const rows: Array<[string, string, number]> = [];
    for (const u of ['a', 'b', 'c', 'd', 'e']) for (const [i, item] of ['x', 'y', 'z'].entries()) rows.push([u, item, 10 * i]);
    rows.push(['a', 'rare', 100], ['b', 'rare', 100], ['c', 'rare', 100], ['d', 'rare', 100]); // 4: dropped
    const { dataset: d, droppedItems, droppedUsers } = buildP1Split('t', events(rows), new Map());
    expect(droppedItems).toBe(1);
    expect(droppedUsers).toBe(0);
    expect(d.items.map((i) => i.id)).toEqual(['x', 'y', 'z']);
    for (let u = 0; u < 5; u++) {
      expect(ids(d, d.train[u])).toEqual(['x']);
      expect(d.items[d.validation[u]].id).toBe('y');
      expect(d.items[d.test[u]].id).toBe('z');
    }
  });

  it('keeps an item with exactly 5 interactions and orders by timestamp, ties by file order', () => {
    const rows: Array<[string, string, number]> = [['u', 'late', 9], ['u', 'tie2', 5], ['u', 'tie1', 5], ['u', 'early', 1]];
    for (const v of ['v1', 'v2', 'v3', 'v4']) for (const item of ['late', 'tie2', 'tie1', 'early']) rows.push([v, item, 0]);
    const { dataset: d } = buildP1Split('t', events(rows), new Map());
    expect(d.items).toHaveLength(4);
    expect(ids(d, d.train[0])).toEqual(['early', 'tie2']);
    expect(d.items[d.validation[0]].id).toBe('tie1');
    expect(d.items[d.test[0]].id).toBe('late');
  });
});

describe('ml-100k loader', () => {
  it('reads u.data and u.item (latin-1, 19 genre flags) and builds the split', () => {
    const { dataset: d, droppedItems, droppedUsers } = loadMl100k(join(fixtures, 'ml-100k'));
    expect(droppedItems).toBe(1); // item 7 has 4 interactions
    expect(droppedUsers).toBe(2); // users 30 and 70 keep only 2 interactions each
    expect(d.users).toEqual(['10', '20', '40', '50', '60']);
    expect(d.items.map((i) => i.id)).toEqual(['1', '2', '3', '4', '6', '5']);
    expect(countInteractions(d)).toBe(26);
    const byUser = (u: string) => d.users.indexOf(u);
    expect(ids(d, d.train[byUser('10')])).toEqual(['6', '1', '3']);
    expect(d.items[d.validation[byUser('10')]].id).toBe('4');
    expect(d.items[d.test[byUser('10')]].id).toBe('2');
    // user 20: items 3 and 2 share timestamp 60; the file lists 3 first
    expect(ids(d, d.train[byUser('20')])).toEqual(['1', '3']);
    expect(d.items[d.validation[byUser('20')]].id).toBe('2');
    expect(d.items[d.test[byUser('20')]].id).toBe('5');
    expect(ids(d, d.train[byUser('40')])).toEqual(['5', '4', '3', '2']);
    expect(d.items[d.validation[byUser('40')]].id).toBe('1');
    expect(d.items[d.test[byUser('40')]].id).toBe('6');
  });

  it('reads titles, years and genres from u.item', () => {
    const meta = readUItem(join(fixtures, 'ml-100k', 'u.item'));
    expect(meta.get('3')).toEqual({ title: 'Café Nowhere (1996)', year: 1996, genres: ['Comedy'] });
    expect(meta.get('5')?.genres).toEqual(['Animation', "Children's", 'Musical']);
    expect(meta.get('6')).toEqual({ title: 'Nameless Reel', year: null, genres: [] }); // "unknown" is no genre
  });
});

describe('loo-split loader', () => {
  it('maps 0-based indices through users.txt / items.txt and keeps train order', () => {
    const { dataset: d } = loadLooSplit(join(fixtures, 'loo-split'));
    expect(d.users).toEqual(['501', '502', '503']);
    expect(d.items.map((i) => i.id)).toEqual(['4', '2', '1', '3']);
    expect(ids(d, d.train[0])).toEqual(['1', '4']);
    expect(ids(d, d.train[1])).toEqual(['3', '2']);
    expect(ids(d, d.train[2])).toEqual(['2']);
    expect([...d.validation]).toEqual([1, 0, 3]);
    expect([...d.test]).toEqual([3, 2, 0]);
  });

  it('takes titles and genres from a u.item beside the folder, or none', () => {
    const withMeta = loadLooSplit(join(fixtures, 'loo-split')).dataset;
    expect(withMeta.items[0]).toEqual({ id: '4', title: 'The Quiet Harbour (1989)', year: 1989, genres: ['Film-Noir', 'Mystery'] });
    const bare = loadLooSplit(join(fixtures, 'loo-split'), null).dataset;
    expect(bare.items[0]).toEqual({ id: '4', title: '4', year: null, genres: [] });
  });
});

describe('ml-csv loader', () => {
  it('reads ratings.csv and builds the split', () => {
    const { dataset: d, droppedItems, droppedUsers } = loadMlCsv(join(fixtures, 'ml-csv'));
    expect(droppedItems).toBe(1); // movie 40: 3 ratings
    expect(droppedUsers).toBe(1); // user 6 keeps only movie 50
    expect(d.users).toEqual(['1', '2', '3', '4', '5']);
    expect(d.items.map((i) => i.id)).toEqual(['10', '20', '30', '50']);
    expect(ids(d, d.train[0])).toEqual(['10', '50']);
    expect(d.items[d.validation[0]].id).toBe('20');
    expect(d.items[d.test[0]].id).toBe('30');
    expect(ids(d, d.train[1])).toEqual(['20', '10']); // tie at t=10: file order
    expect(ids(d, d.train[2])).toEqual(['50', '30']);
    expect(d.items[d.test[2]].id).toBe('10');
  });

  it('reads movies.csv with quoted titles and | genres', () => {
    const meta = readMoviesCsv(join(fixtures, 'ml-csv', 'movies.csv'));
    expect(meta.get('20')).toEqual({ title: 'Long Night, The (2001)', year: 2001, genres: ['Crime', 'Thriller'] });
    expect(meta.get('30')?.title).toBe('Say "Hello" Again (2010)');
    expect(meta.get('40')).toEqual({ title: 'Untitled Project', year: null, genres: [] });
    expect(meta.get('50')?.genres).toEqual(['Sci-Fi', 'Children', 'IMAX']);
  });
});

describe('text helpers', () => {
  it('splits quoted CSV fields and reads years from titles', () => {
    expect(splitCsv('1,"a, b",c')).toEqual(['1', 'a, b', 'c']);
    expect(splitCsv('1,"say ""hi""",x')).toEqual(['1', 'say "hi"', 'x']);
    expect(yearFromTitle('Toy Story (1995)')).toBe(1995);
    expect(yearFromTitle('Some Show (2010-2014) ')).toBe(2010);
    expect(yearFromTitle('No Year')).toBeNull();
  });
});
