import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENGINE_DEFAULTS, engineRunner, historyInteractions, toEngineTitles } from './engine.js';
import { toOurGenres, topGenres } from './genres.js';
import { loadMl100k } from './loaders/ml100k.js';
import { evaluate } from './model.js';
import { p1Setup } from './protocols/p1.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));

describe('engine adapter', () => {
  const { dataset: d } = loadMl100k(join(fixtures, 'ml-100k'));
  const genres = d.items.map((it) => toOurGenres(it.genres));

  it('maps MovieLens items to engine titles in our genre vocabulary', () => {
    const titles = toEngineTitles(d, genres);
    const byId = (id: string) => titles[d.items.findIndex((i) => i.id === id)];
    expect(byId('4')).toMatchObject({ id: 'ml:4', kind: 'movie', year: 1989, genres: ['Crime', 'Mystery'], language: '', platforms: [], imdb: null, fame: 3 });
    expect(byId('5').genres).toEqual(['Animation', 'Family', 'Music']);
    expect(byId('2').genres).toEqual(['Science Fiction', 'Thriller']);
    expect(byId('6')).toMatchObject({ year: 0, genres: [] });
  });

  it('declares the two most frequent genres of a history', () => {
    const idx = (id: string) => d.items.findIndex((i) => i.id === id);
    expect(topGenres(genres, [idx('1'), idx('3'), idx('4'), idx('1')], 2)).toEqual(['Drama', 'Romance']);
  });

  it('feeds the history to buildNeighbours as weight-1 positives, oldest first', () => {
    const ids = toEngineTitles(d, genres).map((t) => t.id);
    const inter = historyInteractions({ nItems: d.items.length, lists: d.train }, ids);
    expect(inter.slice(0, 3)).toEqual([
      { userId: '0', titleId: 'ml:6', weight: 1 },
      { userId: '0', titleId: 'ml:1', weight: 1 },
      { userId: '0', titleId: 'ml:3', weight: 1 },
    ]);
  });

  it('ranks only unseen items, deterministically', () => {
    const setup = p1Setup(d, genres);
    const scorer = engineRunner(d, genres).fit(setup.history, ENGINE_DEFAULTS);
    const out = new Float64Array(d.items.length);
    scorer.score(setup.queries[0], out);
    for (const i of d.train[0]) expect(out[i]).toBe(-Infinity);
    expect(out.filter((s) => s > -Infinity).length).toBe(d.items.length - d.train[0].length);
    const again = evaluate(scorer, setup.queries, setup.test, setup.nItems);
    expect([...evaluate(scorer, setup.queries, setup.test, setup.nItems)]).toEqual([...again]);
  });
});
