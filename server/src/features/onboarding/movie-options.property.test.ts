// Every onboarding list loops over what a visitor sends (languages, genres, a search text): for any
// such input each function must end quickly and return a well-formed list. The built-in catalog
// and arbitrary synthetic catalogs (empty, duplicated ids, languages nobody chose) are both used.
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GENRES, LANGUAGE_NAMES } from '@app/shared';
import type { CatalogEntry } from '../../catalog/catalog.store.js';
import { loadPack } from '../../engine/testing/pack.js';
import { startWatchdog, withDeadline } from '../../../test/support/deadline.js';
import { OPTIONS_LIMIT, filteredOptions, interleave, popularOptions } from './movie-options.js';

const LANGUAGES = Object.values(LANGUAGE_NAMES);
/** Well above any one call on the built-in catalog (a few ms on a busy machine), far below a hang. */
const FAST_MS = 500;
/** Past this a call is taken to loop forever: the watchdog fails the run instead of letting it hang. */
const HANG_MS = 10_000;

function entry(i: number, p: { title: string; language: string; genres: string[]; popularity: number; originalTitle?: string | null; id?: string }): CatalogEntry {
  return { id: p.id ?? `t${i}`, kind: 'movie', title: p.title, originalTitle: p.originalTitle ?? null, language: p.language, genres: p.genres, popularity: p.popularity } as CatalogEntry;
}

const pack: CatalogEntry[] = (loadPack() ?? []).map((t, i) => entry(i, { ...t, id: t.id, popularity: t.fame + (t.imdb ?? 5) / 10 }));

/** A language: one the catalog has, one it lacks, or any text (the filters take free text). */
const language = fc.oneof(fc.constantFrom(...LANGUAGES), fc.constantFrom('Klingon', '', ' '), fc.string({ maxLength: 12 }));
const genre = fc.oneof(fc.constantFrom(...GENRES), fc.string({ maxLength: 12 }));
/** Titles made of few letters, so searches often match several of them. */
const text = fc.string({ unit: fc.constantFrom('a', 'b', 'é', 'Ä', '·', '-', "'", ' ', 'ö', '字'), maxLength: 12 });

const synthetic = fc
  .array(
    fc.record({
      id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'), // duplicated ids on purpose
      title: text,
      originalTitle: fc.option(text),
      language,
      genres: fc.array(genre, { maxLength: 3 }),
      popularity: fc.double({ noNaN: true, min: -10, max: 10 }),
    }),
    { maxLength: 120 },
  )
  .map((rows) => rows.map((r, i) => entry(i, { ...r, id: `${r.id}${i % 3 === 0 ? '' : i}` })));

const catalog = fc.oneof({ arbitrary: synthetic, weight: 3 }, { arbitrary: fc.constant(pack), weight: 1 });
const filter = fc.record({
  genres: fc.array(genre, { maxLength: 6 }),
  languages: fc.array(fc.oneof(language, fc.constantFrom('Hindi', 'Spanish')), { maxLength: 8 }),
  q: fc.option(fc.oneof(text, fc.constantFrom('Love', 'love', 'the', 'a', 'zzqqxx', '·', ''), fc.string({ unit: 'grapheme', maxLength: 100 })), { nil: undefined }),
});

function timed<T>(what: string, fn: () => T): T {
  const start = performance.now();
  const out = withDeadline(HANG_MS, what, fn);
  expect(performance.now() - start).toBeLessThan(FAST_MS);
  return out;
}

describe('onboarding option lists, for any input', () => {
  beforeAll(startWatchdog);

  it('interleave returns every title exactly once, languages in no title included', () => {
    fc.assert(
      fc.property(catalog, fc.array(language, { maxLength: 10 }), (titles, languages) => {
        const out = timed('interleave', () => interleave(titles, languages));
        expect(out).toHaveLength(titles.length);
        expect(new Set(out)).toEqual(new Set(titles));
      }),
      { numRuns: 300 },
    );
  });

  it('interleave gives each chosen language a turn: the first places take one title of each', () => {
    fc.assert(
      fc.property(synthetic, fc.uniqueArray(fc.constantFrom('English', 'Hindi', 'Spanish', 'Korean'), { minLength: 2, maxLength: 4 }), (titles, languages) => {
        const out = timed('interleave', () => interleave(titles, languages));
        const present = languages.filter((l) => titles.some((t) => t.language === l));
        expect(new Set(out.slice(0, present.length).map((t) => t.language))).toEqual(new Set(present));
      }),
      { numRuns: 200 },
    );
  });

  it('filteredOptions ends quickly with at most 60 distinct catalog titles and a message when it widens', () => {
    fc.assert(
      fc.property(catalog, filter, (titles, f) => {
        const { titles: out, message } = timed('filteredOptions', () => filteredOptions(titles, f));
        expect(out.length).toBeLessThanOrEqual(OPTIONS_LIMIT);
        expect(new Set(out.map((t) => t.id)).size).toBe(out.length);
        for (const t of out) expect(titles).toContain(t);
        if (message !== undefined) expect(message.trim().length).toBeGreaterThan(0);
        // Titles outside the chosen languages are shown only with a message saying so.
        const chosen = new Set(f.languages);
        if (chosen.size && out.some((t) => !chosen.has(t.language))) expect(message).toMatch(/other languages/);
      }),
      { numRuns: 400 },
    );
  });

  it('filteredOptions answers the reported request and its neighbours on the built-in catalog', () => {
    if (!pack.length) return;
    for (const languages of [['Hindi', 'Spanish'], ['Hindi', 'Spanish', 'Hindi'], LANGUAGES, ['Klingon', 'Hindi']]) {
      const { titles, message } = timed(`filteredOptions(q=Love, ${languages})`, () => filteredOptions(pack, { genres: [], languages, q: 'Love' }));
      expect(titles.length).toBeGreaterThan(0);
      if (languages[0] === 'Hindi') expect(message).toMatch(/^No .*titles match "Love"; showing matches in other languages\.$/);
    }
  });

  it('popularOptions ends with at most `limit` distinct titles for any catalog and limit', () => {
    fc.assert(
      fc.property(catalog, fc.integer({ min: -5, max: 500 }), (titles, limit) => {
        const out = timed('popularOptions', () => popularOptions(titles, limit));
        expect(out.length).toBeLessThanOrEqual(Math.max(0, limit));
        expect(new Set(out.map((t) => t.id)).size).toBe(out.length);
      }),
      { numRuns: 200 },
    );
  });
});
