// A mood asked is a mood kept (issue 35, item 9): for any catalog, user, mood and tonight's
// constraints, the pick fits the mood or carries mood_unmet, never neither and never both; it fits
// exactly when some eligible title fits (stated naively: not seen, within tonight's constraints and
// "Never show me", on the services or in their fallback), and it is in the user's languages when
// a title that fits is. Languages come after the mood (docs/product-decisions.md).
import fc from 'fast-check';
import { MOOD_VALUES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { MOOD_FIT, moodScores } from './mood-scores.js';
import { recommend } from './rank.js';
import { seededRandom } from './random.js';
import { testCatalogs, type TestCatalog } from './testing/catalogs.js';
import { expectedPool, inPreferredLanguage } from './testing/properties.js';
import { int, randomTaste, sample } from './testing/synthetic.js';
import { randomConstraints, satisfies, withTonightFacts } from './testing/tonight.js';
import type { EngineTitle, RecommendOptions } from './types.js';

const catalogs = testCatalogs().map((c, i) => withTonightFacts(c, 90 + i));

/** A random user and request; some have seen all but a few dozen titles, so few may fit the mood. */
function request(catalog: TestCatalog) {
  const ids = catalog.titles.map((t) => t.id);
  return fc
    .record({ tasteSeed: fc.integer({ min: 0, max: 2 ** 31 - 1 }), seed: fc.integer({ min: 0, max: 1_000_000 }), narrow: fc.boolean(), tonight: fc.boolean(), withNeighbours: fc.boolean(), mood: fc.constantFrom(...MOOD_VALUES) })
    .map(({ tasteSeed, seed, narrow, tonight, withNeighbours, mood }) => {
      const rng = seededRandom(tasteSeed);
      const taste = randomTaste(rng, catalog.titles);
      if (narrow) {
        const left = new Set(sample(rng, ids, int(rng, 5, 60)));
        taste.recommended = ids.filter((id) => !left.has(id));
      }
      const opts: RecommendOptions = { seed, mood, ...(tonight ? randomConstraints(rng, catalog.titles) : {}) };
      return { taste, opts, withNeighbours };
    });
}

describe.each(catalogs.map((c) => [c.name, c] as const))('a mood asked, on the %s catalog', (_name, catalog) => {
  it('is kept by the pick whenever an eligible title fits it, and said otherwise; never neither', () => {
    const seen = { kept: 0, unmet: 0, otherLanguage: 0 };
    fc.assert(
      fc.property(request(catalog), ({ taste, opts, withNeighbours }) => {
        const rec = recommend(catalog.index, taste, opts, withNeighbours ? catalog.neighbours : undefined);
        const { pool } = expectedPool(catalog.titles.filter((t) => satisfies(t, opts)), taste, opts);
        if (!rec) {
          expect(pool).toEqual([]);
          return;
        }
        const scores = moodScores(catalog.index, opts.mood!);
        const fits = (t: EngineTitle) => scores[catalog.index.idToIdx.get(t.id)!] >= MOOD_FIT;
        const title = catalog.byId.get(rec.titleId)!;
        const unmet = rec.factors.some((f) => f.kind === 'mood_unmet');
        // Never neither, never both.
        expect(fits(title)).toBe(!unmet);
        expect(fits(title)).toBe(pool.some(fits));
        if (unmet) {
          seen.unmet++;
          return;
        }
        seen.kept++;
        expect(rec.factors).toContainEqual({ kind: 'mood', mood: opts.mood });
        const theirs = pool.some((t) => fits(t) && inPreferredLanguage(t, taste));
        if (theirs) expect(inPreferredLanguage(title, taste)).toBe(true);
        else if (pool.some((t) => inPreferredLanguage(t, taste))) {
          // Fitting titles only outside their languages: the mood is kept, and the reason names the language.
          seen.otherLanguage++;
          if (title.language) expect(rec.reason).toContain(title.language);
        }
      }),
      { numRuns: 300, seed: 35 },
    );
    // Every branch of the property comes up.
    expect(seen.kept).toBeGreaterThan(100);
    expect(seen.unmet).toBeGreaterThan(3);
    expect(seen.otherLanguage).toBeGreaterThan(3);
  });
});
