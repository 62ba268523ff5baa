// A pick takes its positives' token part from the last profiles' (positive-part.ts). Through random
// sequences of likes, dislikes, watches, picks, imports and resets for more users than the parts
// kept, every candidate's token part must be exactly (bit for bit) the one worked out anew, and
// the score the profile's own tokens give it; and a pick must not depend on what was kept.
import { MOOD_VALUES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { POSITIVE_PARTS, walkSide } from './positive-part.js';
import { recommend } from './rank.js';
import { seededRandom } from './random.js';
import { tokenScores } from './score-pass.js';
import { prepare, release } from './scoring.js';
import { testCatalogs } from './testing/catalogs.js';
import { int, pick, randomTaste, sample, type Rng } from './testing/synthetic.js';
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
        const kept = index.scratch.tokenScore.slice();
        const positive = new Float32Array(index.size);
        const negative = new Float32Array(index.size);
        walkSide(index, profile.positives, 1, positive);
        walkSide(index, profile.negatives, -1, negative);
        // The same scores from the profile's own tokens, summed in another order.
        const read = new Float32Array(index.size);
        tokenScores(index, candidates, index.scratch.tokenProfile, profile.touchedTokens, read);
        const stale: number[] = [];
        const off: number[] = [];
        for (const i of candidates) {
          if (!Object.is(kept[i], Math.fround(positive[i] + negative[i]))) stale.push(i);
          if (Math.abs(kept[i] - read[i]) > 1e-5 * (1 + Math.abs(read[i]))) off.push(i);
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
