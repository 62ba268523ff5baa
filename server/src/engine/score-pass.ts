// The per-request pass over the catalog. Everything that is the same for many titles is computed
// once (a genre list's part, a decade x language cell's part, the quality/popularity prior), so
// the loop over titles is a handful of array reads per title.
import type { CatalogIndex } from './catalog-index.js';
import type { RequestState } from './request-state.js';

/** The keyword and people part of each candidate's content score (before the content weight). */
function tokenPass(state: RequestState): void {
  const { index, profile, candidates } = state;
  const { tokenScore, tokenProfile } = index.scratch;
  const { postOff, postTitle, postW, tokOff, tokIds, tokW } = index;
  let postings = 0;
  for (const tok of profile.touchedTokens) postings += postOff[tok + 1] - postOff[tok];
  const scan = (candidates.length * tokIds.length) / Math.max(1, index.size);
  if (postings < scan) {
    // Few titles share the profile's tokens: walk their postings.
    tokenScore.fill(0);
    for (const tok of profile.touchedTokens) {
      const weight = tokenProfile[tok];
      if (weight === 0) continue;
      for (let x = postOff[tok]; x < postOff[tok + 1]; x++) tokenScore[postTitle[x]] += weight * postW[x];
    }
    return;
  }
  for (let c = 0; c < candidates.length; c++) {
    const i = candidates[c];
    let sum = 0;
    for (let x = tokOff[i]; x < tokOff[i + 1]; x++) sum += tokW[x] * tokenProfile[tokIds[x]];
    tokenScore[i] = sum;
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

/** Score every candidate into index.scratch.score. */
export function scoreCandidates(state: RequestState): void {
  tokenPass(state);
  sharedParts(state);
  loop(state.index, state.candidates, priorFor(state), state);
  // Saved for later and on the user's services tonight: the user asked for it (weights.ts).
  const { score } = state.index.scratch;
  for (const i of state.saved) score[i] += state.weights.saved;
}

function loop(index: CatalogIndex, candidates: Int32Array, prior: Float32Array, state: RequestState): void {
  const { score, collaborative, tokenScore, comboScore, cellScore } = index.scratch;
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
