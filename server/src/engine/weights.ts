import type { EngineWeights } from './types.js';

/**
 * The weights the product ships. The cross-user and recency values were chosen on the validation
 * item of the MovieLens chronological leave-one-out split, never on its test item (docs/quality.md):
 * recency half-life 2, popularity 0.5, onboarding genres 0.3, no profile normalisation (recency
 * already bounds the profile's mass, at about 3.4 for half-life 2). Content similarity keeps 2.0
 * for catalogs with keywords and people; on a sparse catalog with co-likes it defaults to 0
 * (see defaultWeights). The mood, quality and dislike weights are not measurable on MovieLens
 * (no moods, ratings or dislikes there) and keep their hand-set values; mood went from 1.2 to
 * 1.3 when onboarding favourites stopped decaying (their pull grew, and a mood must still change
 * the pick for over 75% of users, signals.test.ts). The quality benchmark
 * tries other values through RecommendOptions.weights.
 *
 * `saved` (a title the user saved for later that streams on one of their services in their
 * country) is sized from the gap between the best candidate's score and a random candidate's:
 * median 1.4-1.9, 90th percentile 3.1-3.4, 99th 4.9-5.0 on the synthetic catalog and the built-in
 * pack (200 random users each, with and without moods and co-likes). At 5 a saved title on the
 * user's services outranks the rest for about 99% of users (signals.test.ts measures it), yet it
 * only reorders candidates: the hard rules decide who is one.
 */
export const DEFAULT_WEIGHTS: Readonly<EngineWeights> = Object.freeze({
  onboardingGenre: 0.3,
  content: 2.0,
  collaborative: 2.0,
  dislike: 1.0,
  quality: 0.25,
  popularity: 0.5,
  mood: 1.3,
  favouriteWeight: 1.0,
  likedWeight: 1.0,
  watchedWeight: 0.3,
  recencyHalfLife: 2,
  profileNormalization: 0,
  exploreTop: 5,
  exploreTemperature: 0.15,
  saved: 5,
});

/**
 * Content weight on a sparse catalog (genres and a year only, `CatalogIndex.richFeatures` false)
 * when co-likes are available: on MovieLens validation every step above 0 lowered NDCG@10
 * (0.1318 at 0, 0.1295 at 0.1, 0.1274 at 0.2, 0.1251 at 0.3). Without co-likes, content is the
 * only personal signal and keeps DEFAULT_WEIGHTS.content.
 */
export const SPARSE_CONTENT_WITH_CO_LIKES = 0;

/**
 * Share of each feature block in the content similarity of two titles (sums to 1), so
 * similarity(a, b) is in [0, 1] and 1 only for titles alike in every block.
 */
export const BLOCK = Object.freeze({
  genre: 0.35,
  keyword: 0.35,
  person: 0.15,
  era: 0.08,
  language: 0.07,
});

/** Era kernel: same decade counts 1, a neighbouring decade this much. */
export const ADJACENT_DECADE = 0.4;

/** Person tokens: a shared director says more about taste than a shared lead actor. */
export const DIRECTOR_WEIGHT = 1.0;
export const CAST_WEIGHT = 0.7;

const SPARSE_DEFAULTS: Readonly<EngineWeights> = Object.freeze({ ...DEFAULT_WEIGHTS, content: SPARSE_CONTENT_WITH_CO_LIKES });

/**
 * The defaults for one request: DEFAULT_WEIGHTS, except that a catalog without keywords or
 * people leaves title similarity to co-likes when it has them.
 */
export function defaultWeights(richFeatures: boolean, hasCoLikes: boolean): Readonly<EngineWeights> {
  return !richFeatures && hasCoLikes ? SPARSE_DEFAULTS : DEFAULT_WEIGHTS;
}

export function resolveWeights(overrides: Partial<EngineWeights> | undefined, defaults: Readonly<EngineWeights> = DEFAULT_WEIGHTS): EngineWeights {
  if (!overrides) return defaults as EngineWeights;
  const merged: EngineWeights = { ...defaults };
  for (const key of Object.keys(overrides) as Array<keyof EngineWeights>) {
    const value = overrides[key];
    if (typeof value === 'number' && Number.isFinite(value)) merged[key] = value;
  }
  return merged;
}

/**
 * The exploration dial (RecommendOptions.exploration, 0 "safe crowd-pleaser" to 1 "deep cut") as
 * weights. Undefined (or not a number) returns `weights` itself: the score and the draw are
 * exactly as without the dial. At 0.5 the weights are the shipped ones; each knob moves in one
 * direction only as the dial turns, so the dial is monotone:
 * - popularity (fame and the instance's like counts): x2.5 at 0, x1 at 0.5, x-0.5 at 1 (at the
 *   deep-cut end a famous title loses points);
 * - quality: x1.5 at 0 down to x0.5 at 1 (a deep cut is still a good one, but its rating counts less);
 * - the draw: from the single best title at 0 (exploreTop 1), 5 at 0.5, 20 at 1, never beyond the
 *   top 5% of the candidates; the temperature from half to one and a half times the shipped one.
 */
export function explorationWeights(weights: EngineWeights, exploration: number | undefined): EngineWeights {
  if (typeof exploration !== 'number' || !Number.isFinite(exploration)) return weights;
  const e = Math.min(1, Math.max(0, exploration));
  return {
    ...weights,
    popularity: weights.popularity * (2.5 - 3 * e),
    quality: weights.quality * (1.5 - e),
    exploreTop: e <= 0.5 ? 1 + (weights.exploreTop - 1) * 2 * e : weights.exploreTop + (Math.max(20, weights.exploreTop) - weights.exploreTop) * 2 * (e - 0.5),
    exploreTemperature: weights.exploreTemperature * (0.5 + e),
  };
}
