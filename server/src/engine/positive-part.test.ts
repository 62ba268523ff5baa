// A pick takes its positives' token part from the last profiles' (positive-part.ts). Through random
// sequences of likes, dislikes, watches, picks, imports and resets for more users than the parts
// kept, every candidate's kept part must be exactly (bit for bit) the one worked out anew, and its
// token part the score the profile's own tokens give it; and a pick must not depend on what was
// kept.
import { MOOD_VALUES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { POSITIVE_PARTS, positivePart } from './positive-part.js';
import { recommend } from './rank.js';
import { seededRandom } from './random.js';
import { prepare, release } from './scoring.js';
import { testCatalogs } from './testing/catalogs.js';
import { int, pick, randomTaste, sample, type Rng } from './testing/synthetic.js';
import type { WeightedTitle } from './profile.js';
import type { RecommendOptions, UserTaste } from './types.js';

const catalog = testCatalogs()[0];
const ids = catalog.titles.map((t) => t.id);

/** One step of a user's history: what the server's writes do to the taste the engine reads. */
function step(rng: Rng, taste: UserTaste): UserTaste {
  const title = pick(rng, ids);
  const issued = [...taste.recommended, title];
  switch (int(rng, 0, 6)) {
    case 0:
      return { ...taste, recommended: issued, liked: [...taste.liked, title] };
    case 1:
      return { ...taste, recommended: issued, disliked: [...taste.disliked, title] };
    case 2:
      return { ...taste, recommended: issued, watched: [...taste.watched, title] };
    case 3: {
      // An import: a batch of rated rows older than the picks.
      const rows = sample(rng, ids, int(rng, 5, 60));
      return {
        ...taste,
        recommended: [...rows, ...taste.recommended],
        liked: [...rows.filter(() => rng() < 0.5), ...taste.liked],
        disliked: [...rows.filter(() => rng() < 0.15), ...taste.disliked],
        watched: [...rows.filter(() => rng() < 0.3), ...taste.watched],
      };
    }
    case 4:
      // A reset: the history is gone, onboarding stays.
      return { ...taste, recommended: [], liked: [], disliked: [], watched: [] };
    default:
      // A pick skipped: only the dislikes' places move.
      return { ...taste, recommended: issued };
  }
}

/** A side's token profile as the engine builds it: float32 sums, in the profile's order. */
function sideProfile(titles: readonly WeightedTitle[], sign: 1 | -1): Float32Array {
  const { index } = catalog;
  const side = new Float32Array(index.tokens.length);
  for (const t of titles) for (let x = index.tokOff[t.idx]; x < index.tokOff[t.idx + 1]; x++) side[index.tokIds[x]] += sign * t.weight * index.tokW[x];
  return side;
}

/** Title i's tokens read against a token profile, as a float32. */
function readAgainst(side: Float32Array): (i: number) => number {
  const { index } = catalog;
  return (i) => {
    let sum = 0;
    for (let x = index.tokOff[i]; x < index.tokOff[i + 1]; x++) sum += index.tokW[x] * side[index.tokIds[x]];
    return Math.fround(sum);
  };
}

/** Title i's token part in double precision: each weighted title's tokens against title i's. */
function sumAgainst(titles: ReadonlyArray<WeightedTitle & { sign: number }>): (i: number) => number {
  const { index } = catalog;
  const weights = new Map<number, number>();
  for (const t of titles) for (let x = index.tokOff[t.idx]; x < index.tokOff[t.idx + 1]; x++) weights.set(index.tokIds[x], (weights.get(index.tokIds[x]) ?? 0) + t.sign * t.weight * index.tokW[x]);
  return (i) => {
    let sum = 0;
    for (let x = index.tokOff[i]; x < index.tokOff[i + 1]; x++) sum += index.tokW[x] * (weights.get(index.tokIds[x]) ?? 0);
    return sum;
  };
}

function options(rng: Rng): RecommendOptions {
  return { seed: int(rng, 0, 1_000_000), mood: rng() < 0.4 ? pick(rng, MOOD_VALUES) : undefined, region: rng() < 0.3 ? 'US' : undefined };
}

describe('the positives’ token part kept between picks', () => {
  it('gives every candidate the part worked out anew, through random histories of more users than are kept', () => {
    const { index } = catalog;
    const rng = seededRandom(2718);
    const users = Array.from({ length: POSITIVE_PARTS + 4 }, () => randomTaste(rng, catalog.titles));
    let checked = 0;
    for (let s = 0; s < 400; s++) {
      const u = int(rng, 0, users.length - 1);
      users[u] = step(rng, users[u]);
      const state = prepare(index, { ...users[u], platforms: [] }, options(rng));
      try {
        const { candidates, profile } = state;
        const tokens = index.scratch.tokenScore.slice();
        const kept = positivePart(index, profile.positives, candidates);
        const anew = readAgainst(sideProfile(profile.positives, 1));
        // The whole part in double precision, from the profile's positives and dislikes.
        const exact = sumAgainst([...profile.positives.map((p) => ({ ...p, sign: 1 })), ...profile.negatives.map((d) => ({ ...d, sign: -1 }))]);
        const stale: number[] = [];
        const off: number[] = [];
        for (const i of candidates) {
          if (profile.positives.length > 0 && !Object.is(kept[i], anew(i))) stale.push(i);
          if (Math.abs(tokens[i] - exact(i)) > 1e-5 * (1 + Math.abs(exact(i)))) off.push(i);
        }
        expect(stale).toEqual([]);
        expect(off).toEqual([]);
        checked += candidates.length;
      } finally {
        release(state);
      }
    }
    expect(checked).toBeGreaterThan(100_000);
  });

  it('makes the same pick, factors and reason whether the part was kept, worked out anew or pushed out', () => {
    const { index, neighbours } = catalog;
    const rng = seededRandom(31337);
    for (let user = 0; user < 40; user++) {
      let taste = randomTaste(rng, catalog.titles);
      for (let k = int(rng, 0, 30); k > 0; k--) taste = step(rng, taste);
      const opts = options(rng);
      const first = recommend(index, taste, opts, neighbours);
      const kept = recommend(index, taste, opts, neighbours);
      // Other users' picks push this profile's part out.
      for (let other = 0; other < POSITIVE_PARTS; other++) recommend(index, randomTaste(rng, catalog.titles), options(rng), neighbours);
      const anew = recommend(index, taste, opts, neighbours);
      expect(kept).toEqual(first);
      expect(anew).toEqual(first);
    }
  });
});
