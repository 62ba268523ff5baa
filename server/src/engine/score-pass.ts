// The per-request pass over the catalog. Everything that is the same for many titles is computed
// once (a genre list's part, a decade x language cell's part, the quality/popularity prior), so
// the loop over titles is a handful of array reads per title.
import type { CatalogIndex } from './catalog-index.js';
import { positivePart, withSideProfile } from './positive-part.js';
import { readTitleTokens } from './tokens.js';
import type { RequestState } from './request-state.js';

/** Whether walking the profile's tokens' postings costs less than reading every candidate's tokens. */
function walksPostings(index: CatalogIndex, touchedTokens: readonly number[], candidates: Int32Array): boolean {
  const { postOff, tokIds } = index;
  let postings = 0;
  for (const tok of touchedTokens) postings += postOff[tok + 1] - postOff[tok];
  return postings < (candidates.length * tokIds.length) / Math.max(1, index.size);
}

/**
 * Two token profiles' parts (tokenScores) over the same candidates, as a pick for two needs them
 * for both members: in one read of the candidates' tokens when both would read them, each sum
 * made term by term as tokenScores makes it. The second profile is the one in the scratch buffer
 * (its non-zero entries in `secondTouched`); its parts go to scratch.tokenScore.
 */
export function tokenScoresPair(index: CatalogIndex, candidates: Int32Array, first: { profile: Float32Array; touched: readonly number[]; out: Float32Array }, secondTouched: readonly number[]): void {
  const { tokenScore, tokenProfile } = index.scratch;
  const firstWalks = walksPostings(index, first.touched, candidates);
  const secondWalks = walksPostings(index, secondTouched, candidates);
  if (firstWalks || secondWalks) {
    tokenScoresBy(firstWalks, index, candidates, first.profile, first.touched, first.out);
    tokenScoresBy(secondWalks, index, candidates, tokenProfile, secondTouched, tokenScore);
    return;
  }
  const { profile: firstProfile, out: firstScore } = first;
  const { tokOff, tokIds, tokW } = index;
  for (let c = 0; c < candidates.length; c++) {
    const i = candidates[c];
    let a = 0;
    let b = 0;
    for (let x = tokOff[i]; x < tokOff[i + 1]; x++) {
      const w = tokW[x];
      const t = tokIds[x];
      a += w * firstProfile[t];
      b += w * tokenProfile[t];
    }
    firstScore[i] = a;
    tokenScore[i] = b;
  }
}

/**
 * The keyword and people part of each candidate's content score (before the content weight), for
 * the token profile `tokenProfile` (its non-zero entries listed in `touched`), into `out`.
 */
export function tokenScores(index: CatalogIndex, candidates: Int32Array, tokenProfile: Float32Array, touched: readonly number[], out: Float32Array): void {
  tokenScoresBy(walksPostings(index, touched, candidates), index, candidates, tokenProfile, touched, out);
}

/** tokenScores, the way (`walk`: through the postings) already decided. */
function tokenScoresBy(walk: boolean, index: CatalogIndex, candidates: Int32Array, tokenProfile: Float32Array, touched: readonly number[], out: Float32Array): void {
  if (walk) {
    // Few titles share the profile's tokens: walk their postings.
    const { postOff, postTitle, postW } = index;
    out.fill(0);
    for (const tok of touched) {
      const weight = tokenProfile[tok];
      if (weight === 0) continue;
      for (let x = postOff[tok]; x < postOff[tok + 1]; x++) out[postTitle[x]] += weight * postW[x];
    }
    return;
  }
  for (let c = 0; c < candidates.length; c++) {
    const i = candidates[c];
    out[i] = readTitleTokens(index, tokenProfile, i);
  }
}

/**
 * The token parts of a pass's candidates: the dislikes' part worked out, the positives' part taken
 * from the last profiles' where it is kept (positive-part.ts). Each title's part is worked out one
 * way whatever was kept, so a pick is the same either way.
 */
function tokenPass(state: RequestState): void {
  const { index, candidates, profile } = state;
  const { tokenScore } = index.scratch;
  withSideProfile(index, profile.negatives, -1, (side, touched) => tokenScores(index, candidates, side, touched, tokenScore));
  if (profile.positives.length === 0) return;
  const positive = positivePart(index, profile.positives, candidates);
  for (let c = 0; c < candidates.length; c++) {
    const i = candidates[c];
    tokenScore[i] = positive[i] + tokenScore[i];
  }
}

/** Genre lists and (decade, language) cells: their weighted parts, once per request. */
function sharedParts(state: RequestState): void {
  const { index, profile, weights: w, candidates } = state;
  const { comboScore, cellScore } = index.scratch;
  const { comboOff, comboIds, comboW } = index;
  const combo = (c: number) => {
    let s = 0;
    for (let x = comboOff[c]; x < comboOff[c + 1]; x++) {
      const g = comboIds[x];
      s += comboW[x] * (w.content * profile.genre[g] + w.onboardingGenre * profile.onboarding[g]);
    }
    comboScore[c] = s;
  };
  // A few candidates (one title explained, or its fit): only their genre lists, not every list the catalog has.
  if (candidates.length * 4 < comboOff.length) {
    for (let c = 0; c < candidates.length; c++) combo(index.genreCombo[candidates[c]]);
  } else {
    for (let c = 0; c + 1 < comboOff.length; c++) combo(c);
  }
  const langs = index.languages.length + 1;
  for (let d = -1; d < index.decadeCount; d++) {
    for (let l = -1; l + 1 < langs; l++) {
      cellScore[(d + 1) * langs + (l + 1)] = w.content * ((d >= 0 ? profile.era[d] : 0) + (l >= 0 ? profile.language[l] : 0));
    }
  }
}

/** quality x w.quality + (fame + instance popularity) x w.popularity, cached for the last weights. */
function priorFor(state: RequestState): Float32Array {
  const { index, weights: w, popularity, neighbours } = state;
  const key = `${w.quality}|${w.popularity}`;
  const cached = index.scratch.prior;
  if (cached && cached.key === key && cached.neighbours === neighbours) return cached.values;
  const values = cached?.values ?? new Float32Array(index.size);
  for (let i = 0; i < index.size; i++) {
    values[i] = w.quality * index.quality[i] + w.popularity * (index.fame[i] + (popularity ? popularity[i] : 0));
  }
  index.scratch.prior = { key, neighbours, values };
  return values;
}

const ZEROS = new Float32Array(0);

/**
 * Score every candidate into index.scratch.score. `tokens`: the candidates' token parts, already
 * worked out (tokenPassPair); otherwise this pass works them out into scratch.tokenScore.
 */
export function scoreCandidates(state: RequestState, tokens?: Float32Array): void {
  if (!tokens) tokenPass(state);
  sharedParts(state);
  loop(state.index, state.candidates, priorFor(state), state, tokens ?? state.index.scratch.tokenScore);
  // Saved for later and on the user's services tonight: the user asked for it (weights.ts).
  const { score } = state.index.scratch;
  for (const i of state.saved) score[i] += state.weights.saved;
}

function loop(index: CatalogIndex, candidates: Int32Array, prior: Float32Array, state: RequestState, tokenScore: Float32Array): void {
  const { score, collaborative, comboScore, cellScore } = index.scratch;
  const { genreCombo, cell } = index;
  // Plain locals: nothing in the loop should be a property lookup.
  const wContent = state.weights.content;
  const wCollaborative = state.weights.collaborative;
  const wMood = state.weights.mood;
  const hasMood = state.mood !== null;
  const mood = state.mood ?? ZEROS;
  for (let c = 0; c < candidates.length; c++) {
    const i = candidates[c];
    const s =
      comboScore[genreCombo[i]] +
      cellScore[cell[i]] +
      wContent * tokenScore[i] +
      wCollaborative * collaborative[i] +
      prior[i] +
      (hasMood ? wMood * mood[i] : 0);
    // A NaN from odd input (e.g. a neighbour weight) must not poison the ordering.
    score[i] = s === s && s !== Infinity && s !== -Infinity ? s : -1e6;
  }
}
