// Turns: across a user's picks, every chosen language and onboarding genre gets its share, and
// the movie/series mix follows the user's favourites and likes. The score alone serves the
// strongest part of a taste every time: a user with English and Korean and crime favourites got
// three English crime series in a row.
// Rule (engine README "Turns"): over the last RECENT issued picks plus the coming one (n + 1
// picks), a language of the L servable ones is owed a turn while it has fewer than
// floor((n + 1) / L) of them; a genre of G likewise; series are owed while fewer than
// floor((n + 1) x s), s the series share of the favourites and likes, and movies likewise with
// 1 - s. The pick is then drawn from the owed part of the candidates; when that part is empty,
// the genre turn is dropped first, then the kind, then the language. A requested kind replaces
// the kind turn, a requested mood the genre turn; a mood some candidate fits keeps every turn
// among the titles that fit it (only languages with such a title are counted).
import type { RequestState } from './request-state.js';
import { moodTier } from './scoring.js';

/** How many of the latest issued picks the shares are counted over. */
export const RECENT = 10;
const EPS = 1e-9;

/** The members of `ids` below floor((n + 1) / ids.length) picks, as a mask; null when none is. */
function owedOf(ids: number[], counts: ArrayLike<number>, n: number, size: number): Uint8Array | null {
  if (ids.length < 2) return null;
  const quota = Math.floor((n + 1) / ids.length + EPS);
  const owed = new Uint8Array(size);
  let any = false;
  for (const id of ids) {
    if (counts[id] < quota) owed[id] = 1;
    any ||= counts[id] < quota;
  }
  return any ? owed : null;
}

function hasGenre(state: RequestState, idx: number, genres: Uint8Array): boolean {
  const { genreOff, genreIds } = state.index;
  for (let x = genreOff[idx]; x < genreOff[idx + 1]; x++) if (genres[genreIds[x]] === 1) return true;
  return false;
}

function languageTurn(state: RequestState, recent: number[]): Uint8Array | null {
  const { index, candidates } = state;
  const servable = new Uint8Array(index.languages.length);
  for (let c = 0; c < candidates.length; c++) {
    const l = index.lang[candidates[c]];
    if (l >= 0 && state.preferredLanguage[l] === 1 && moodTier(state, candidates[c]) === 0) servable[l] = 1;
  }
  const counts = new Float64Array(index.languages.length);
  for (const idx of recent) if (index.lang[idx] >= 0) counts[index.lang[idx]]++;
  const ids = [...servable.keys()].filter((l) => servable[l] === 1);
  return owedOf(ids, counts, recent.length, index.languages.length);
}

function genreTurn(state: RequestState, pool: Int32Array, recent: number[]): Uint8Array | null {
  const { index, profile } = state;
  if (state.opts.mood || profile.onboardingGenres.length < 2) return null;
  const chosen = new Uint8Array(index.genreNames.length);
  for (const g of profile.onboardingGenres) chosen[g] = 1;
  const servable = new Uint8Array(index.genreNames.length);
  for (let c = 0; c < pool.length; c++) {
    for (let x = index.genreOff[pool[c]]; x < index.genreOff[pool[c] + 1]; x++) if (chosen[index.genreIds[x]]) servable[index.genreIds[x]] = 1;
  }
  const counts = new Float64Array(index.genreNames.length);
  for (const idx of recent) {
    for (const g of new Set(index.genreIds.subarray(index.genreOff[idx], index.genreOff[idx + 1]))) counts[g]++;
  }
  const ids = profile.onboardingGenres.filter((g) => servable[g] === 1);
  return owedOf(ids, counts, recent.length, index.genreNames.length);
}

/** 1 when series are owed, 0 movies, -1 neither (or the request names a kind). */
function kindTurn(state: RequestState, recent: number[]): number {
  if (state.opts.kind) return -1;
  const { series } = state.index;
  const { favourites, liked } = state.history;
  const total = favourites.length + liked.length;
  if (total === 0) return -1;
  let seriesPositives = 0;
  for (const idx of favourites) seriesPositives += series[idx];
  for (let i = 0; i < liked.length; i++) seriesPositives += series[liked[i]];
  const share = seriesPositives / total;
  const n = recent.length;
  const seriesIssued = recent.filter((idx) => series[idx] === 1).length;
  if (seriesIssued < Math.floor((n + 1) * share + EPS)) return 1;
  if (n - seriesIssued < Math.floor((n + 1) * (1 - share) + EPS)) return 0;
  return -1;
}

/** Keep the titles of list[0, length) that `keep` accepts, in order; returns how many. */
function compact(list: Int32Array, length: number, keep: (idx: number) => boolean): number {
  let kept = 0;
  for (let c = 0; c < length; c++) if (keep(list[c])) list[kept++] = list[c];
  return kept;
}

function count(list: Int32Array, length: number, keep: (idx: number) => boolean): number {
  let n = 0;
  for (let c = 0; c < length; c++) if (keep(list[c])) n++;
  return n;
}

/**
 * The candidates the next pick is drawn from (a view of scratch memory), or null when no turn is
 * owed: then the pick is rank.ts's plain draw. Never outside the best language tier, never empty.
 */
export function turnCandidates(state: RequestState): Int32Array | null {
  const { index, candidates } = state;
  if (candidates.length === 0) return null;
  // The last RECENT issued ids, those the catalog has.
  const recent = state.history.recommended.slice(-RECENT).filter((idx) => idx >= 0);
  const { lang } = index;
  const preferred = state.preferredLanguage;
  const inPreferred = (idx: number) => lang[idx] >= 0 && preferred[lang[idx]] === 1;
  const fits = (idx: number) => moodTier(state, idx) === 0;
  let preferredExists = false;
  for (let c = 0; c < candidates.length && state.hasLanguagePreference && !preferredExists; c++) preferredExists = fits(candidates[c]) && inPreferred(candidates[c]);
  const languages = preferredExists ? languageTurn(state, recent) : null;

  // The best tier, in an owed language when one is: written once into scratch, narrowed in place.
  const list = index.scratch.turnList;
  let length = 0;
  for (let c = 0; c < candidates.length; c++) {
    const idx = candidates[c];
    if (!fits(idx) || (preferredExists && !inPreferred(idx))) continue;
    if (languages && languages[lang[idx]] !== 1) continue;
    list[length++] = idx;
  }
  const genres = genreTurn(state, list.subarray(0, length), recent);
  const series = kindTurn(state, recent);
  if (!languages && !genres && series < 0) return null;

  const kindOk = (idx: number) => series < 0 || index.series[idx] === series;
  const genreOk = (idx: number) => !genres || hasGenre(state, idx, genres);
  for (const keep of [(idx: number) => kindOk(idx) && genreOk(idx), kindOk, genreOk]) {
    if (count(list, length, keep) > 0) return list.subarray(0, compact(list, length, keep));
  }
  return languages ? list.subarray(0, length) : null;
}
