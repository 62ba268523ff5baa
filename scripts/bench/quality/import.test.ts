import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mostPopRunner } from './baselines/index.js';
import { ENGINE_DEFAULTS, engineRunner, importTaste } from './engine.js';
import { toOurGenres } from './genres.js';
import { loadMl100k } from './loaders/ml100k.js';
import { IMPORT_SIZES, importVerdict, runImport, streamVerdicts, userImport, type ImportSize } from './protocols/import.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));

describe('history-import protocol', () => {
  const { dataset: d } = loadMl100k(join(fixtures, 'ml-100k'));
  const genres = d.items.map((it) => toOurGenres(it.genres));
  const user = (id: string) => d.users.indexOf(id);
  const ids = (items: ArrayLike<number>) => Array.from(items, (i) => d.items[i].id);

  it('maps a rating as the product maps a Letterboxd one: >= 3.5 like, <= 2 dislike, else watched only', () => {
    expect([5, 4.5, 4, 3.5].map(importVerdict)).toEqual([1, 1, 1, 1]);
    expect([3, 2.5].map(importVerdict)).toEqual([0, 0]);
    expect([2, 1.5, 1, 0.5].map(importVerdict)).toEqual([-1, -1, -1, -1]);
    // An interaction without a stated rating is watched only.
    expect(importVerdict(NaN)).toBe(0);
  });

  it('imports the first n train interactions, oldest first, with their ratings from u.data', () => {
    // User 10 in u.data, by timestamp: 6 (4 stars), 1 (5), 3 (3), then 4 (validation) and 2 (test).
    const u10 = user('10');
    expect(ids(d.train[u10])).toEqual(['6', '1', '3']);
    expect(Array.from(d.trainRatings![u10])).toEqual([4, 5, 3]);
    expect([d.heldOutRatings!.validation[u10], d.heldOutRatings!.test[u10]]).toEqual([5, 4]);
    const two = userImport(d, u10, 2)!;
    expect(ids(two.items)).toEqual(['6', '1']);
    expect(Array.from(two.verdicts)).toEqual([1, 1]);
    expect(ids([two.targets.next, two.targets.test])).toEqual(['3', '2']);
    const all = userImport(d, u10, 'all')!;
    expect(Array.from(all.verdicts)).toEqual([1, 1, 0]);
    // With the whole train list imported, the next interaction is the validation item.
    expect(ids([all.targets.next])).toEqual(['4']);
    expect(userImport(d, u10, 4)).toBeNull();
    // User 40 rated everything 2 stars: all dislikes, still all imported (and so watched).
    expect(Array.from(userImport(d, user('40'), 'all')!.verdicts)).toEqual([-1, -1, -1, -1]);
  });

  it('streams the same titles unrated: a few favourites (the top of the scale, at most one in ten, earliest first), never a dislike', () => {
    expect(Array.from(streamVerdicts([5, 4, 5, 1, 5]))).toEqual([1, 0, 0, 0, 0]);
    expect(Array.from(streamVerdicts(Array.from({ length: 11 }, () => 5)))).toEqual([1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(Array.from(streamVerdicts([NaN, 2, 3]))).toEqual([0, 0, 0]);
    // User 10 (4, 5, 3 stars): the rated import likes two of them; the stream favours the 5 only.
    const u10 = user('10');
    const imported = userImport(d, u10, 'all')!;
    const streamed = userImport(d, u10, 'all', 'stream')!;
    expect(ids(streamed.items)).toEqual(ids(imported.items));
    expect(streamed.targets).toEqual(imported.targets);
    expect(Array.from(streamed.verdicts)).toEqual([0, 1, 0]);
    expect(Array.from(userImport(d, user('40'), 'all', 'stream')!.verdicts)).toEqual([0, 0, 0, 0]);
  });

  it('never leaks a target into the import, and the next item follows the prefix', () => {
    for (const size of [1, 2, 3, 4, 'all'] as ImportSize[]) {
      d.users.forEach((_, u) => {
        const train = d.train[u];
        const imp = userImport(d, u, size);
        const n = size === 'all' ? train.length : size;
        if (train.length < n) return expect(imp).toBeNull();
        expect(Array.from(imp!.items)).toEqual(Array.from(train.subarray(0, n)));
        expect(imp!.verdicts.length).toBe(n);
        expect(imp!.targets.next).toBe(n < train.length ? train[n] : d.validation[u]);
        expect(imp!.targets.test).toBe(d.test[u]);
        for (const target of Object.values(imp!.targets)) expect(Array.from(imp!.items)).not.toContain(target);
      });
    }
  });

  it('gives the engine the import as the product stores it: all watched and issued, rated ones liked or disliked', () => {
    const taste = importTaste(['a', 'b', 'c', 'd'], Int8Array.from([1, 0, -1, 1]), ['Drama']);
    expect(taste).toMatchObject({ genres: ['Drama'], favourites: [], liked: ['a', 'd'], disliked: ['c'], watched: ['a', 'b', 'c', 'd'], recommended: ['a', 'b', 'c', 'd'] });
    // No imported title is ranked again, disliked or not.
    const scorer = engineRunner(d, genres).fit({ nItems: d.items.length, lists: d.train }, ENGINE_DEFAULTS);
    const imp = userImport(d, user('40'), 'all')!;
    const out = new Float64Array(d.items.length);
    scorer.score({ profile: imp.items, genres: [], user: -1, imported: imp.verdicts }, out);
    for (const i of imp.items) expect(out[i]).toBe(-Infinity);
    expect(out.filter((s) => s > -Infinity).length).toBe(d.items.length - imp.items.length);
  });

  it('measures each user once per size, only where they have that many train interactions', () => {
    expect(IMPORT_SIZES).toEqual([20, 50, 'all']);
    const sizes: ImportSize[] = [2, 4, 'all'];
    const run = runImport(d, genres, [{ runner: engineRunner(d, genres) as never, params: ENGINE_DEFAULTS }, { runner: mostPopRunner, params: null }], 2, () => {}, sizes);
    const eligible = (n: number) => d.train.filter((t) => t.length >= n).length;
    expect(run.users.test).toEqual({ 2: eligible(2), 4: eligible(4), all: d.users.length });
    expect(run.users.next).toEqual(run.users.test);
    // 'masked' masks the whole train list: MostPopular's figure is the same for every size
    // that measures the same users (2 and all here: every fixture user has 2 train items).
    expect(eligible(2)).toBe(d.users.length);
    expect(run.result.masked['2'].mostpop).toEqual(run.result.masked.all.mostpop);
    expect(run.result.masked.all).toEqual(run.result.test.all);
    for (const target of ['next', 'test', 'masked'] as const) {
      expect(Object.keys(run.result[target])).toEqual(['2', '4', 'all']);
      for (const size of Object.values(run.result[target])) expect(Object.keys(size)).toEqual(['engine', 'mostpop']);
    }
    // The verdict shares of the whole fixture's train lists: 16 interactions.
    const v = run.verdicts.all;
    expect(v.like + v.dislike + v.watched).toBeCloseTo(1, 12);
    expect(v.dislike).toBeCloseTo(4 / d.train.reduce((n, t) => n + t.length, 0), 12);
  });
});
