// Turns: across a user's picks, every chosen language and onboarding genre gets its share, and
// the movie/series mix follows the user's favourites and likes (unless the request asks for a
// kind). The score alone would serve the strongest part of a taste every time: a user with
// English and Korean and crime favourites got three English crime series in a row.
// Rule (README "Turns"): over the last RECENT issued picks plus the coming one (n + 1 picks), a
// language of L servable ones is owed a turn while it has fewer than floor((n + 1) / L) of them;
// a genre likewise of G; series are owed while fewer than floor((n + 1) x s), s the series share
// of the favourites and likes, and movies likewise with 1 - s. The pick is then drawn from the
// owed part of the candidates; when that part is empty, the genre turn is dropped first, then
// the kind, then the language. A requested kind replaces the kind turn, a requested mood the
// genre turn.
import { languageTier, type RequestState } from './scoring.js';

/** How many of the latest issued picks the shares are counted over. */
export const RECENT = 10;
const EPS = 1e-9;

interface Owed {
  languages: Uint8Array | null;
  genres: Uint8Array | null;
  /** 1 series, 0 movies, -1 none owed. */
  series: number;
}

function resolve(state: RequestState, ids: readonly string[]): number[] {
  const out: number[] = [];
  for (const id of ids) {
    const idx = state.index.idToIdx.get(id);
    if (idx !== undefined) out.push(idx);
  }
  return out;
}

/** Members of `ids` (language or genre ids) that `count` says are below floor((n + 1) / ids.length). */
function owedOf(ids: number[], count: (id: number) => number, n: number, size: number): Uint8Array | null {
  if (ids.length < 2) return null;
  const quota = Math.floor((n + 1) / ids.length + EPS);
  const owed = new Uint8Array(size);
  let any = false;
  for (const id of ids) {
    if (count(id) < quota) {
      owed[id] = 1;
      any = true;
    }
  }
  return any ? owed : null;
}

function hasGenre(state: RequestState, idx: number, genres: Uint8Array): boolean {
  const { genreOff, genreIds } = state.index;
  for (let x = genreOff[idx]; x < genreOff[idx + 1]; x++) if (genres[genreIds[x]] === 1) return true;
  return false;
}

/** The candidates of the best language tier that `keep` accepts. */
function select(base: Int32Array, keep: (idx: number) => boolean): Int32Array {
  const out: number[] = [];
  for (let c = 0; c < base.length; c++) if (keep(base[c])) out.push(base[c]);
  return Int32Array.from(out);
}

function languageTurn(state: RequestState, base: Int32Array, recent: number[]): Uint8Array | null {
  const { index } = state;
  const servable = new Uint8Array(index.languages.length);
  for (let c = 0; c < base.length; c++) {
    const l = index.lang[base[c]];
    if (l >= 0 && state.preferredLanguage[l] === 1) servable[l] = 1;
  }
  const ids = [...servable.keys()].filter((l) => servable[l] === 1);
  const counts = new Map<number, number>();
  for (const idx of recent) counts.set(index.lang[idx], (counts.get(index.lang[idx]) ?? 0) + 1);
  return owedOf(ids, (l) => counts.get(l) ?? 0, recent.length, index.languages.length);
}

function genreTurn(state: RequestState, base: Int32Array, recent: number[]): Uint8Array | null {
  const { index, profile } = state;
  const chosen = new Uint8Array(index.genreNames.length);
  for (const g of profile.onboardingGenres) chosen[g] = 1;
  const servable = new Uint8Array(index.genreNames.length);
  for (let c = 0; c < base.length; c++) {
    for (let x = index.genreOff[base[c]]; x < index.genreOff[base[c] + 1]; x++) if (chosen[index.genreIds[x]]) servable[index.genreIds[x]] = 1;
  }
  const ids = profile.onboardingGenres.filter((g) => servable[g] === 1);
  const counts = new Float64Array(index.genreNames.length);
  for (const idx of recent) {
    for (const g of new Set(index.genreIds.subarray(index.genreOff[idx], index.genreOff[idx + 1]))) counts[g]++;
  }
  return owedOf(ids, (g) => counts[g], recent.length, index.genreNames.length);
}

function kindTurn(state: RequestState, recent: number[]): number {
  if (state.opts.kind) return -1;
  const { series } = state.index;
  const positives = resolve(state, [...state.taste.favourites, ...state.taste.liked]);
  if (positives.length === 0) return -1;
  const share = positives.filter((idx) => series[idx] === 1).length / positives.length;
  const n = recent.length;
  const seriesIssued = recent.filter((idx) => series[idx] === 1).length;
  if (seriesIssued < Math.floor((n + 1) * share + EPS)) return 1;
  if (n - seriesIssued < Math.floor((n + 1) * (1 - share) + EPS)) return 0;
  return -1;
}

/**
 * The candidates the next pick is drawn from, or null when no turn is owed (then the pick is the
 * plain draw of rank.ts). Never outside the best language tier, never empty.
 */
export function turnCandidates(state: RequestState): Int32Array | null {
  const { index, candidates } = state;
  if (candidates.length === 0) return null;
  const recent = resolve(state, state.taste.recommended.slice(-RECENT));
  const preferredExists = state.hasLanguagePreference && candidates.some((idx) => languageTier(state, idx) === 0);
  const base = preferredExists ? select(candidates, (idx) => languageTier(state, idx) === 0) : candidates;
  const languages = preferredExists ? languageTurn(state, base, recent) : null;
  const inLanguage = languages ? select(base, (idx) => languages[index.lang[idx]] === 1) : base;
  // A requested mood says which genres tonight calls for: it replaces the genre turn.
  const genres = state.opts.mood ? null : genreTurn(state, inLanguage, recent);
  const owed: Owed = { languages, genres, series: kindTurn(state, recent) };
  if (!owed.languages && !owed.genres && owed.series < 0) return null;

  const kindOk = (idx: number) => owed.series < 0 || index.series[idx] === owed.series;
  const genreOk = (idx: number) => !owed.genres || hasGenre(state, idx, owed.genres);
  for (const keep of [(idx: number) => kindOk(idx) && genreOk(idx), kindOk, genreOk]) {
    const chosen = select(inLanguage, keep);
    if (chosen.length > 0) return chosen;
  }
  return owed.languages ? inLanguage : null;
}
