import type { EngineWeights } from './types.js';

/**
 * Starting values, chosen so that on the built-in catalog a handful of favourites outweighs the
 * quality prior, and a mood request moves the pick in almost every case. The quality benchmark
 * tunes them on validation data (never on test) through RecommendOptions.weights.
 */
export const DEFAULT_WEIGHTS: Readonly<EngineWeights> = Object.freeze({
  onboardingGenre: 0.6,
  content: 2.0,
  collaborative: 2.0,
  dislike: 1.0,
  quality: 0.25,
  popularity: 0.2,
  mood: 1.2,
  favouriteWeight: 1.0,
  likedWeight: 1.0,
  watchedWeight: 0.3,
  recencyHalfLife: 0,
  profileNormalization: 0.5,
  exploreTop: 5,
  exploreTemperature: 0.15,
});

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

export function resolveWeights(overrides: Partial<EngineWeights> | undefined): EngineWeights {
  if (!overrides) return DEFAULT_WEIGHTS as EngineWeights;
  const merged: EngineWeights = { ...DEFAULT_WEIGHTS };
  for (const key of Object.keys(overrides) as Array<keyof EngineWeights>) {
    const value = overrides[key];
    if (typeof value === 'number' && Number.isFinite(value)) merged[key] = value;
  }
  return merged;
}
