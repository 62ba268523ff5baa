// The profile leaves out positives and dislikes too old to weigh anything (profile.ts,
// profileLimits): for long histories, the pick, its factors and its reason are the unbounded
// profile's, and the score is within 1e-6. Positions the server keeps give the same pick as ids.
import { MOOD_VALUES } from '@app/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { profileLimits } from './profile.js';
import { recommend } from './rank.js';
import { seededRandom } from './random.js';
import { resolvePositions } from './taste-positions.js';
import { testCatalogs, type TestCatalog } from './testing/catalogs.js';
import { int, pick, randomTaste, sample, type Rng } from './testing/synthetic.js';
import type { RecommendOptions, UserTaste } from './types.js';

const catalogs = testCatalogs();
const BOUNDED = profileLimits.negligibleHalfLives;

afterEach(() => {
  profileLimits.negligibleHalfLives = BOUNDED;
});

/** A long history: hundreds of likes, watched titles and issues, dislikes spread through it, a few ids the catalog lacks. */
function longTaste(rng: Rng, catalog: TestCatalog): UserTaste {
  const ids = catalog.titles.map((t) => t.id);
  const base = randomTaste(rng, catalog.titles);
  const issued = sample(rng, ids, int(rng, 100, Math.min(1200, ids.length - 200)));
  for (let i = 0; i < 5; i++) issued.splice(int(rng, 0, issued.length), 0, `gone-${i}`);
  const rated = issued.filter(() => rng() < 0.7);
  return {
    ...base,
    liked: rated.filter(() => rng() < 0.7),
    disliked: [...rated.filter(() => rng() < 0.2), ...(rng() < 0.3 ? sample(rng, ids, 2) : [])],
    watched: issued.filter(() => rng() < 0.3),
    recommended: issued,
    saved: rng() < 0.3 ? sample(rng, ids, 5) : [],
  };
}

function options(rng: Rng, catalog: TestCatalog): RecommendOptions {
  return {
    seed: int(rng, 0, 1_000_000),
    mood: rng() < 0.4 ? pick(rng, MOOD_VALUES) : undefined,
    kind: rng() < 0.2 ? pick(rng, ['movie', 'series'] as const) : undefined,
    platform: rng() < 0.15 ? pick(rng, catalog.index.platforms) : undefined,
    region: rng() < 0.3 ? pick(rng, ['US', 'IN', 'GB']) : undefined,
  };
}

describe.each(catalogs.map((c) => [c.name, c] as const))('the bounded profile on the %s catalog', (_name, catalog) => {
  it('picks what the unbounded profile picks, with the same factors and reason', () => {
    const rng = seededRandom(4242);
    let compared = 0;
    for (let user = 0; user < 150; user++) {
      const taste = longTaste(rng, catalog);
      const opts = options(rng, catalog);
      const neighbours = rng() < 0.5 ? catalog.neighbours : undefined;
      profileLimits.negligibleHalfLives = BOUNDED;
      const bounded = recommend(catalog.index, taste, opts, neighbours);
      const fromPositions = recommend(catalog.index, { ...taste, positions: resolvePositions(catalog.index, taste) }, opts, neighbours);
      profileLimits.negligibleHalfLives = Infinity;
      const unbounded = recommend(catalog.index, taste, opts, neighbours);
      expect(fromPositions).toEqual(bounded);
      if (!unbounded) {
        expect(bounded).toBeNull();
        continue;
      }
      expect(bounded).not.toBeNull();
      expect(bounded!.titleId).toBe(unbounded.titleId);
      expect(bounded!.factors).toEqual(unbounded.factors);
      expect(bounded!.reason).toBe(unbounded.reason);
      expect(Math.abs(bounded!.score - unbounded.score)).toBeLessThan(1e-6);
      compared++;
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('refuses positions resolved against another index', () => {
    const other = catalogs.find((c) => c !== catalog) ?? catalogs[0];
    const taste = randomTaste(seededRandom(1), catalog.titles);
    const positions = { ...resolvePositions(other.index, taste), serial: -1 };
    expect(() => recommend(catalog.index, { ...taste, positions }, { seed: 1 })).toThrow(/another catalog index/);
  });
});
