// The engine loops over what a request carries (mood, platform, kind) and over what a user has
// stored (genres, languages, platforms, favourites, ratings, history). For any such input it must
// end quickly with a well-formed answer: a title that breaks no hard rule, or null when none is
// left. Inputs include empty and huge lists, duplicates, unicode, and values in no catalog title.
// (rules.test.ts checks the rules themselves on realistic users; this file hunts for hangs.)
import { GENRES, LANGUAGE_NAMES, MOOD_VALUES } from '@app/shared';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { startWatchdog, withDeadline } from '../../test/support/deadline.js';
import { fitOf } from './fit.js';
import { rankAll, recommend } from './rank.js';
import { testCatalogs, type TestCatalog } from './testing/catalogs.js';
import { excludedIds, expectedPool } from './testing/properties.js';
import type { RecommendOptions, UserTaste } from './types.js';

/** A request on the built-in catalog takes milliseconds; this is far above that, far below a hang. */
const FAST_MS = 1_500;
const HANG_MS = 15_000;

function tasteOf(catalog: TestCatalog) {
  const ids = catalog.titles.map((t) => t.id);
  const id = fc.oneof({ arbitrary: fc.constantFrom(...ids), weight: 4 }, { arbitrary: fc.string({ maxLength: 20 }), weight: 1 });
  const freeText = fc.string({ unit: 'grapheme', maxLength: 40 });
  const platform = fc.oneof(fc.constantFrom(...catalog.index.platforms), freeText);
  const everything = fc.constant(ids);
  return fc.record({
    genres: fc.array(fc.oneof(fc.constantFrom(...GENRES), freeText), { maxLength: 12 }),
    languages: fc.array(fc.oneof(fc.constantFrom(...Object.values(LANGUAGE_NAMES)), freeText), { maxLength: 30 }),
    platforms: fc.array(platform, { maxLength: 30 }),
    favourites: fc.array(id, { maxLength: 20 }),
    liked: fc.array(id, { maxLength: 300 }),
    disliked: fc.array(id, { maxLength: 300 }),
    watched: fc.array(id, { maxLength: 300 }),
    // Up to the whole catalog issued already (then nothing is left), with repeats.
    recommended: fc.oneof({ arbitrary: fc.array(id, { maxLength: 2_000 }), weight: 4 }, { arbitrary: everything, weight: 1 }),
    // The watchlist holds at most 500 titles; the engine must not care.
    saved: fc.array(id, { maxLength: 600 }),
  }) satisfies fc.Arbitrary<UserTaste>;
}

function optionsOf(catalog: TestCatalog): fc.Arbitrary<RecommendOptions> {
  return fc.record(
    {
      seed: fc.oneof(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer(), fc.constantFrom(0, -1, 2 ** 53 - 1)),
      mood: fc.constantFrom(...MOOD_VALUES),
      // The request schema allows any 1-60 character platform name.
      platform: fc.oneof(fc.constantFrom(...catalog.index.platforms), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 })),
      kind: fc.constantFrom('movie' as const, 'series' as const),
      limit: fc.integer({ min: -1, max: 5_000 }),
    },
    { requiredKeys: ['seed'] },
  );
}

function timed<T>(what: string, fn: () => T): T {
  const start = performance.now();
  const out = withDeadline(HANG_MS, what, fn);
  expect(performance.now() - start, what).toBeLessThan(FAST_MS);
  return out;
}

const catalogs = testCatalogs();

describe.each(catalogs.map((c) => [c.name, c] as const))('the engine ends quickly for any request (%s catalog)', (_name, catalog) => {
  beforeAll(startWatchdog);

  it('recommend returns an allowed title or null, for any taste and options', () => {
    fc.assert(
      fc.property(tasteOf(catalog), optionsOf(catalog), fc.boolean(), (taste, opts, withNeighbours) => {
        const rec = timed('recommend', () => recommend(catalog.index, taste, opts, withNeighbours ? catalog.neighbours : undefined));
        const allowed = expectedPool(catalog.titles, taste, opts).pool;
        if (allowed.length === 0) {
          expect(rec).toBeNull();
          return;
        }
        expect(rec).not.toBeNull();
        const title = catalog.byId.get(rec!.titleId);
        expect(title && allowed.includes(title)).toBe(true);
        expect(Number.isFinite(rec!.score)).toBe(true);
        expect(rec!.reason.trim().length).toBeGreaterThan(0);
        if (rec!.platform !== null) expect(title!.platforms).toContain(rec!.platform);
        // Saving never brings back a title the user has seen, rated or been issued.
        expect(excludedIds(taste).has(rec!.titleId)).toBe(false);
        const saved = rec!.factors.find((f) => f.kind === 'saved');
        if (saved?.kind === 'saved') {
          expect(taste.saved).toContain(rec!.titleId);
          expect(saved.platform).toBe(rec!.platform);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('rankAll returns distinct allowed titles, at most `limit`, for any taste and options', () => {
    fc.assert(
      fc.property(tasteOf(catalog), optionsOf(catalog), (taste, opts) => {
        const ranking = timed('rankAll', () => rankAll(catalog.index, taste, opts, catalog.neighbours));
        if (opts.limit !== undefined) expect(ranking.length).toBeLessThanOrEqual(Math.max(0, opts.limit));
        expect(new Set(ranking.map((r) => r.titleId)).size).toBe(ranking.length);
        const excluded = excludedIds(taste);
        for (const r of ranking) {
          expect(excluded.has(r.titleId)).toBe(false);
          expect(Number.isFinite(r.score)).toBe(true);
        }
      }),
      { numRuns: 120 },
    );
  });

  it('fitOf answers a fit in [0, 1] with a one-sentence reason for any title of the catalog, and null for any other id', () => {
    const ids = catalog.titles.map((t) => t.id);
    const target = fc.oneof({ arbitrary: fc.constantFrom(...ids), weight: 4 }, { arbitrary: fc.string({ maxLength: 40 }), weight: 1 });
    fc.assert(
      fc.property(tasteOf(catalog), target, fc.boolean(), (taste, titleId, withNeighbours) => {
        const fit = timed('fitOf', () => fitOf(catalog.index, taste, titleId, {}, withNeighbours ? catalog.neighbours : undefined));
        if (!catalog.byId.has(titleId)) {
          expect(fit).toBeNull();
          return;
        }
        expect(fit!.titleId).toBe(titleId);
        expect(fit!.score).toBeGreaterThanOrEqual(0);
        expect(fit!.score).toBeLessThanOrEqual(1);
        expect(Number.isFinite(fit!.raw)).toBe(true);
        expect(fit!.reason).toMatch(/^[A-Z].*\.$/);
      }),
      { numRuns: 150 },
    );
  });
});
