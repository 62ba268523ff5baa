// A mood nothing on the user's services fits is said (issue 35, item 9): the pick carries a
// mood_unmet notice exactly when no candidate fits the mood, naming the nearest mood that has a
// title that fits, and the reason never claims the mood. Properties over random users whose
// services carry a few dozen titles.
import fc from 'fast-check';
import { MOOD_VALUES, type Mood } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { MOOD_FIT, moodScores } from './mood-scores.js';
import { MOOD_TABLE } from './moods.js';
import { rankAll, recommend } from './rank.js';
import { seededRandom } from './random.js';
import { testCatalogs, type TestCatalog } from './testing/catalogs.js';
import { int, randomTaste, sample } from './testing/synthetic.js';
import type { UserTaste } from './types.js';

const catalogs = testCatalogs();

/** Naive closeness of two moods: the cosine of their genre and keyword leanings in MOOD_TABLE. */
function closeness(a: Mood, b: Mood): number {
  const vec = (m: Mood) => ({ ...Object.fromEntries(Object.entries(MOOD_TABLE[m].genres).map(([k, v]) => [`g${k}`, v])), ...Object.fromEntries(Object.entries(MOOD_TABLE[m].keywords).map(([k, v]) => [`k${k}`, v])) }) as Record<string, number>;
  const x = vec(a);
  const y = vec(b);
  const dot = Object.keys(x).reduce((s, k) => s + x[k] * (y[k] ?? 0), 0);
  const norm = (v: Record<string, number>) => Math.sqrt(Object.values(v).reduce((s, n) => s + n * n, 0));
  return dot / (norm(x) * norm(y));
}

/** Whether any title the engine could pick (rankAll's whole list) fits `mood`. */
function fitsSome(catalog: TestCatalog, taste: UserTaste, mood: Mood, seed: number): boolean {
  const scores = moodScores(catalog.index, mood);
  return rankAll(catalog.index, taste, { seed, mood }).some((r) => scores[catalog.index.idToIdx.get(r.titleId)!] >= MOOD_FIT);
}

function narrowUser(catalog: TestCatalog) {
  const ids = catalog.titles.map((t) => t.id);
  return fc.record({ tasteSeed: fc.integer({ min: 0, max: 2 ** 31 - 1 }), seed: fc.integer({ min: 0, max: 1_000_000 }), mood: fc.constantFrom(...MOOD_VALUES) }).map(({ tasteSeed, seed, mood }) => {
    const rng = seededRandom(tasteSeed);
    const taste = { ...randomTaste(rng, catalog.titles), platforms: [] as string[] };
    const left = new Set(sample(rng, ids, int(rng, 1, 12)));
    taste.recommended = ids.filter((id) => !left.has(id));
    return { taste, seed, mood };
  });
}

describe.each(catalogs.map((c) => [c.name, c] as const))('a mood nothing fits, on the %s catalog', (_name, catalog) => {
  it('is said exactly when no candidate fits it, with the nearest mood that has one, and the reason never claims it', () => {
    let unmet = 0;
    let withNearest = 0;
    fc.assert(
      fc.property(narrowUser(catalog), ({ taste, seed, mood }) => {
        const rec = recommend(catalog.index, taste, { seed, mood });
        if (!rec) return;
        const notice = rec.factors.find((f) => f.kind === 'mood_unmet');
        const fits = fitsSome(catalog, taste, mood, seed);
        expect(notice !== undefined).toBe(!fits);
        if (notice?.kind !== 'mood_unmet') return;
        unmet++;
        expect(notice.mood).toBe(mood);
        expect(rec.factors.some((f) => f.kind === 'mood')).toBe(false);
        expect(rec.reason).not.toContain(`A ${mood} pick`);
        const others = MOOD_VALUES.filter((m) => m !== mood);
        const fitting = others.filter((m) => fitsSome(catalog, taste, m, seed));
        if (notice.nearest === null) {
          expect(fitting).toEqual([]);
          return;
        }
        withNearest++;
        expect(fitting).toContain(notice.nearest);
        for (const m of fitting) expect(closeness(mood, m)).toBeLessThanOrEqual(closeness(mood, notice.nearest) + 1e-12);
      }),
      { numRuns: 250, seed: 9 },
    );
    expect(unmet).toBeGreaterThan(10);
    expect(withNearest).toBeGreaterThan(5);
  });

  it('is not said when the pick fits the mood, nor without a mood', () => {
    const rng = seededRandom(91);
    for (let c = 0; c < 60; c++) {
      const taste = randomTaste(rng, catalog.titles);
      const plain = recommend(catalog.index, taste, { seed: c });
      expect(plain?.factors.some((f) => f.kind === 'mood_unmet')).not.toBe(true);
      const rec = recommend(catalog.index, taste, { seed: c, mood: MOOD_VALUES[c % MOOD_VALUES.length] });
      if (rec?.factors.some((f) => f.kind === 'mood')) expect(rec.factors.some((f) => f.kind === 'mood_unmet')).toBe(false);
    }
  });
});

const pack = catalogs.find((c) => c.name === 'built-in pack');

describe.skipIf(!pack)("the tracker's case on the built-in pack", () => {
  it('"Thrilling" on services that carry only romantic comedies says so and offers the nearest mood', () => {
    const thrilling = moodScores(pack!.index, 'thrilling');
    const romComs = pack!.titles.filter((t, i) => t.genres.includes('Romance') && t.genres.includes('Comedy') && thrilling[i] < MOOD_FIT).slice(0, 12);
    const keep = new Set(romComs.map((t) => t.id));
    const taste: UserTaste = { genres: ['Thriller'], languages: [], platforms: [], favourites: [], liked: [], disliked: [], watched: [], recommended: pack!.titles.filter((t) => !keep.has(t.id)).map((t) => t.id) };
    const rec = recommend(pack!.index, taste, { seed: 3, mood: 'thrilling' })!;
    expect(keep.has(rec.titleId)).toBe(true);
    expect(rec.factors).toContainEqual({ kind: 'mood_unmet', mood: 'thrilling', nearest: expect.any(String) });
    expect(rec.reason).not.toMatch(/thrilling/i);
  });
});
