// The landing carousel takes its length from the query string (?limit=): for any catalog and any
// limit it must end quickly with distinct titles, taking turns across languages.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { startWatchdog, withDeadline } from '../../test/support/deadline.js';
import { carouselTitles } from './posters.js';
import type { CatalogEntry } from './snapshot.js';

const HANG_MS = 10_000;

const catalog = fc
  .array(
    fc.record({
      language: fc.oneof(fc.constantFrom('English', 'Hindi', 'Korean', ''), fc.string({ maxLength: 4 })),
      fame: fc.integer({ min: 1, max: 5 }),
      quality: fc.double({ min: 0, max: 10, noNaN: true }),
    }),
    { maxLength: 400 },
  )
  .map((rows) => rows.map((r, i) => ({ ...r, id: `t${i}` }) as CatalogEntry));

describe('carouselTitles, for any catalog and limit', () => {
  beforeAll(startWatchdog);

  it('ends with min(limit, catalog size) distinct titles, the first round one per language', () => {
    fc.assert(
      fc.property(catalog, fc.integer({ min: -5, max: 1_000 }), (titles, limit) => {
        const out = withDeadline(HANG_MS, 'carouselTitles', () => carouselTitles(titles, limit));
        expect(new Set(out).size).toBe(out.length);
        for (const t of out) expect(titles).toContain(t);
        // The pool is the famous titles, or the whole catalog when too few are famous.
        const famous = titles.filter((t) => t.fame >= 4 && t.quality >= 7);
        const pool = famous.length < limit ? titles : famous;
        expect(out.length).toBe(Math.max(0, Math.min(limit, pool.length)));
        const languages = new Set(pool.map((t) => t.language)).size;
        const first = out.slice(0, Math.min(languages, out.length));
        expect(new Set(first.map((t) => t.language)).size).toBe(first.length);
      }),
      { numRuns: 400 },
    );
  });
});
