// Ordering and choosing: candidates are ordered by (tier, score, catalog position), the tier being
// the mood's and then the language's (drawTier); the pick is a seeded draw, weighted by score,
// among the first few of the best tier.
import type { CatalogIndex } from './catalog-index.js';
import { explain } from './explain.js';
import { seededRandom } from './random.js';
import { drawTier, languageTier, prepare, release } from './scoring.js';
import type { RequestState } from './request-state.js';
import { TopK } from './top-k.js';
import { turnCandidates } from './turns.js';
import type { Neighbours, RankedTitle, RecommendOptions, Recommendation, UserTaste } from './types.js';

/** Keeps tiers apart whatever the weights: a score never reaches this size. */
const TIER_GAP = 1e9;

/**
 * Order key: the score, minus a gap per tier, which keeps titles that miss a mood some candidate
 * fits below every title that fits it, and titles outside the user's languages below the rest of
 * their mood tier.
 */
export function keyFunction(state: RequestState): (idx: number) => number {
  const { score } = state.index.scratch;
  if (!state.hasLanguagePreference && !state.moodMet) return (i) => score[i];
  return (i) => score[i] - TIER_GAP * drawTier(state, i);
}

/** The best `k` candidates (all when k is large), best first; ties go to the earlier catalog position. */
export function topCandidates(state: RequestState, k: number, candidates: Int32Array = state.candidates): number[] {
  const keyOf = keyFunction(state);
  if (k * 4 >= candidates.length) {
    const keys = Float64Array.from(candidates, keyOf);
    const order = Array.from(candidates.keys());
    order.sort((a, b) => keys[b] - keys[a] || candidates[a] - candidates[b]);
    return order.slice(0, k).map((c) => candidates[c]);
  }
  const heap = new TopK(k);
  for (let c = 0; c < candidates.length; c++) {
    const key = keyOf(candidates[c]);
    // Most candidates lose to the current k-th best: reject them without touching the heap.
    if (heap.size === k && key <= heap.worst()) continue;
    heap.offer(candidates[c], key);
  }
  const ids = Array.from({ length: heap.size }, () => 0);
  const top = new Uint32Array(heap.size);
  heap.drainInto(top, new Float32Array(heap.size), 0);
  top.forEach((idx, p) => (ids[p] = idx));
  return ids.sort((a, b) => keyOf(b) - keyOf(a) || a - b);
}

export function rankAll(index: CatalogIndex, taste: UserTaste, opts: RecommendOptions, neighbours?: Neighbours): RankedTitle[] {
  const state = prepare(index, taste, opts, neighbours);
  try {
    const limit = opts.limit === undefined ? state.candidates.length : Math.max(0, Math.floor(opts.limit));
    return topCandidates(state, limit).map((idx) => ({
      titleId: index.titles[idx].id,
      score: index.scratch.score[idx],
      preferredLanguage: state.hasLanguagePreference && languageTier(state, idx) === 0,
      availabilityUnknown: state.fallback,
    }));
  } finally {
    release(state);
  }
}

/** How many of the top titles the draw may choose from: a few, never beyond the top 5%. */
export function poolSize(candidateCount: number, exploreTop: number): number {
  return Math.max(1, Math.min(Math.floor(exploreTop), Math.floor(candidateCount * 0.05)));
}

/** A seeded draw among keys (best first), weighted by exp(-(best - key) / temperature); a solo pick's and a pick for two's. */
export function weightedDraw(keys: readonly number[], temperature: number, seed: number): number {
  if (keys.length === 1 || !(temperature > 0)) return 0;
  const best = keys[0];
  const odds = keys.map((k) => Math.exp(-(best - k) / temperature));
  let ticket = seededRandom(seed)() * odds.reduce((a, b) => a + b, 0);
  for (let p = 0; p < odds.length; p++) {
    ticket -= odds[p];
    if (ticket < 0) return p;
  }
  return odds.length - 1;
}

/** A boosted saved title is in the best tier (the tier the pick is drawn from). */
function savedInBestTier(state: RequestState): boolean {
  if (state.saved.length === 0) return false;
  let best = Infinity;
  for (let c = 0; c < state.candidates.length && best > 0; c++) best = Math.min(best, drawTier(state, state.candidates[c]));
  return state.saved.some((idx) => drawTier(state, idx) === best);
}

export function recommend(
  index: CatalogIndex,
  taste: UserTaste,
  opts: RecommendOptions,
  neighbours?: Neighbours,
): Recommendation | null {
  const state = prepare(index, taste, opts, neighbours);
  try {
    if (state.candidates.length === 0) return null;
    // A language, genre or kind that is owed a turn narrows the draw to its titles (turns.ts),
    // unless a title the user saved for later is on their services in the best tier: what they
    // asked for comes before the balance of their taste.
    const turn = savedInBestTier(state) ? null : turnCandidates(state);
    const top = turn
      ? topCandidates(state, poolSize(turn.length, state.weights.exploreTop), turn)
      : topCandidates(state, poolSize(state.candidates.length, state.weights.exploreTop));
    const bestTier = drawTier(state, top[0]);
    const pool = top.filter((idx) => drawTier(state, idx) === bestTier);
    const score = state.index.scratch.score;
    const position = weightedDraw(pool.map((idx) => score[idx]), state.weights.exploreTemperature, state.opts.seed);
    return explain(state, pool[position], position);
  } finally {
    release(state);
  }
}
