// How much of one title's score each liked title carries, and how well the title fits the taste
// at all: a reason names a liked title only when it truly drove the pick, and says plainly when
// little on the user's services fits (docs/quality.md, "Honest reasons").
import { neighbourWeight } from './collaborative.js';
import type { RequestState } from './request-state.js';
import { similarityAt } from './similarity.js';

/**
 * A liked title is named only when it carries at least this share of the pick's score mass.
 * Measured on MovieLens (`npm run bench:quality-reasons`, docs/quality.md): from here up, other
 * users who have the named title held the pick out 1.9x as often as chance (1.7x below, the level
 * of any title in the history), and without the named title the pick left the draw's pool in 15
 * to 96% of cases (at most 5% below).
 */
export const NAMED_SHARE = 0.25;

/**
 * Below this taste fit (the personal part of the score over the most it could be for this user)
 * the pick is no better a match than a popular title: on MovieLens, with the services simulated
 * as shares of the catalog, the engine ranked the held-out item no better than MostPopular there
 * (`npm run bench:quality-reasons`, docs/quality.md).
 */
export const LOW_FIT = 0.04;

export interface TasteShares {
  /** Each positive's share of the score mass, by catalog position (0 when it gave nothing). */
  share: Map<number, number>;
  /** The personal part of the score: the positives' parts less the dislikes', plus the onboarding genres'. */
  taste: number;
  /** `taste` over the most it could be for this user; null when the user has no taste to fit. */
  fit: number | null;
}

/** One positive's part of title `idx`'s score: its content similarity and its co-likes link, weighted as the pass weighs them. */
export function positiveContribution(state: RequestState, p: { idx: number; weight: number }, idx: number): number {
  const { index, weights: w } = state;
  const collaborative = w.collaborative > 0 ? w.collaborative * neighbourWeight(index, state.neighbours, p.idx, idx) : 0;
  return p.weight * ((w.content > 0 ? w.content * similarityAt(index, p.idx, idx) : 0) + collaborative);
}

/** The onboarding genres' part of title `idx`'s score. */
function onboardingPart(state: RequestState, idx: number): number {
  const { index, profile } = state;
  let cos = 0;
  for (let x = index.genreOff[idx]; x < index.genreOff[idx + 1]; x++) cos += index.genreW[x] * profile.onboarding[index.genreIds[x]];
  return state.weights.onboardingGenre * cos;
}

/** The prior (quality and popularity) and the mood's part of title `idx`'s score. */
function genericParts(state: RequestState, idx: number): number[] {
  const { index, weights: w, popularity } = state;
  const prior = w.quality * index.quality[idx] + w.popularity * (index.fame[idx] + (popularity ? popularity[idx] : 0));
  return [prior, state.mood ? w.mood * state.mood[idx] : 0];
}

/**
 * The share of title `idx`'s score mass (the sum of its score's positive parts: each positive's
 * contribution, the onboarding genres, the prior, the mood) that each positive carries, and the
 * title's taste fit. The saved boost is left out: it is the user's ask, not a score of taste.
 */
export function tasteShares(state: RequestState, idx: number): TasteShares {
  const { profile, weights: w } = state;
  const parts = profile.positives.map((p) => ({ idx: p.idx, part: positiveContribution(state, p, idx) }));
  // A dislike's weight already holds w.dislike (profile.ts).
  const negatives = profile.negatives.reduce((a, d) => a + positiveContribution(state, d, idx), 0);
  const onboarding = onboardingPart(state, idx);
  let mass = Math.max(0, onboarding);
  for (const g of genericParts(state, idx)) mass += Math.max(0, g);
  for (const p of parts) mass += Math.max(0, p.part);
  const share = new Map<number, number>();
  for (const p of parts) share.set(p.idx, mass > 0 && p.part > 0 ? p.part / mass : 0);
  // The most the personal part could be: every positive alike in every block and linked at 1, every genre chosen.
  const perPositive = Math.max(0, w.content) + (state.neighbours ? Math.max(0, w.collaborative) : 0);
  const most = profile.positives.reduce((a, p) => a + p.weight * perPositive, 0) + (profile.onboardingGenres.length > 0 ? Math.max(0, w.onboardingGenre) : 0);
  const taste = parts.reduce((a, p) => a + p.part, 0) - negatives + onboarding;
  return { share, taste, fit: most > 0 ? taste / most : null };
}

/** Little fits the taste: the user has one, and this title's fit to it is below LOW_FIT. */
export function isLowFit(shares: TasteShares, lowFit = LOW_FIT): boolean {
  return shares.fit !== null && shares.fit < lowFit;
}
