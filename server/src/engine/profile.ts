// The user's side of the score: which titles pull (favourites, likes, watched) and push
// (dislikes), with what weight, and their summed content vectors.
import type { CatalogIndex } from './catalog-index.js';
import { genreKey } from './moods.js';
import { positionsOf } from './taste-positions.js';
import { ADJACENT_DECADE, BLOCK } from './weights.js';
import type { EngineWeights, TastePositions, UserTaste } from './types.js';
import { perIndex } from './per-index.js';
import { addTitleTokens, clearTokenProfile } from './tokens.js';

export interface WeightedTitle {
  idx: number;
  /** Already divided by the profile normaliser; for negatives, the size of the push. */
  weight: number;
  /** A favourite or a like (not just watched): the reason may name it as "you liked". */
  named: boolean;
}

export interface UserProfile {
  positives: WeightedTitle[];
  negatives: WeightedTitle[];
  genre: Float64Array;
  era: Float64Array;
  language: Float64Array;
  /** Onboarding genre ids, each 1/sqrt(count) so the title's genre vector dot it is a cosine. */
  onboarding: Float64Array;
  onboardingGenres: number[];
  touchedTokens: number[];
}

/**
 * A positive or a dislike this many half-lives older than the newest weighs less than 2^-40
 * (1e-12) of it: together the older ones (a geometric tail) move no score by 1e-10, so they are
 * left out and a profile costs what the recent history costs, not the whole history
 * (profile.test.ts holds the pick, factors and reason to the unbounded profile's, which it gets by
 * setting this to Infinity).
 */
export const profileLimits = { negligibleHalfLives: 40 };

/** The oldest age (places behind the newest) that still counts; every age without recency. */
function horizon(halfLife: number): number {
  return halfLife > 0 ? halfLife * profileLimits.negligibleHalfLives : Infinity;
}

/** Weight of a positive `age` places older than the newest (1 without recency). */
function decay(age: number, halfLife: number): number {
  return halfLife > 0 ? 0.5 ** (age / halfLife) : 1;
}

/**
 * Per-index marks for one profile build, stamped with a counter so nothing is cleared: which
 * positions are disliked, named (a favourite or a like), issued, and the newest place of an issued
 * position within the horizon.
 */
interface Marks {
  epoch: number;
  disliked: Uint32Array;
  named: Uint32Array;
  issued: Uint32Array;
  placed: Uint32Array;
  place: Int32Array;
  /** Dislikes already weighed (a title disliked twice pushes once). */
  pushed: Uint32Array;
}

const marksOf = perIndex<Marks>(({ size: n }) => ({
  epoch: 0,
  disliked: new Uint32Array(n),
  named: new Uint32Array(n),
  issued: new Uint32Array(n),
  placed: new Uint32Array(n),
  place: new Int32Array(n),
  pushed: new Uint32Array(n),
}));

function marks(index: CatalogIndex): Marks {
  const m = marksOf(index);
  if (m.epoch >= 0xfffffffe) {
    for (const a of [m.disliked, m.named, m.issued, m.placed, m.pushed]) a.fill(0);
    m.epoch = 0;
  }
  m.epoch++;
  return m;
}

function stamp(list: readonly number[], into: Uint32Array, epoch: number): void {
  for (let i = 0; i < list.length; i++) into[list[i]] = epoch;
}

function positiveWeights(h: TastePositions, w: EngineWeights, m: Marks): Map<number, number> {
  const weights = new Map<number, number>();
  const add = (idx: number, weight: number) => {
    if (m.disliked[idx] !== m.epoch && weight > (weights.get(idx) ?? 0)) weights.set(idx, weight);
  };
  const maxAge = horizon(w.recencyHalfLife);
  // Favourites come from onboarding, so they are the oldest signal; likes follow in order.
  // The favourites are one choice made at one moment, not a sequence: all of them take the
  // place of the last one (otherwise the first of 10 favourites would count 4% of the last at
  // half-life 2).
  const favourites = h.favourites.length;
  const newest = favourites + h.liked.length - 1;
  const favouriteAge = newest - (favourites - 1);
  if (favouriteAge <= maxAge) {
    for (const idx of h.favourites) add(idx, w.favouriteWeight * decay(favouriteAge, w.recencyHalfLife));
  }
  for (let i = Math.max(0, h.liked.length - 1 - maxAge); i < h.liked.length; i++) {
    add(h.liked[i], w.likedWeight * decay(h.liked.length - 1 - i, w.recencyHalfLife));
  }
  const watched = h.watched;
  for (let i = Math.max(0, watched.length - 1 - maxAge); i < watched.length; i++) {
    add(watched[i], w.watchedWeight * decay(watched.length - 1 - i, w.recencyHalfLife));
  }
  return weights;
}

/**
 * Dislikes fade like likes: a dislike `age` places older than the newest title in the user's
 * history (`recommended`, oldest first: imports, then picks) pushes `dislike * 0.5 ^ (age /
 * halfLife)`. Without fading, a long imported history's dislikes outweighed its likes, whose
 * pull fades (docs/quality.md, "History import"). A disliked title is never picked, however old.
 * A disliked title that was never issued pushes in full.
 */
function dislikeWeights(h: TastePositions, w: EngineWeights, m: Marks): Array<[number, number]> {
  if (h.disliked.length === 0) return [];
  const { epoch } = m;
  const maxAge = horizon(w.recencyHalfLife);
  let resolved = 0;
  for (const idx of h.recommended) {
    if (idx >= 0) {
      m.issued[idx] = epoch;
      resolved++;
    }
  }
  // Places count the issued titles the catalog has; the newest place of each within the horizon.
  let age = 0;
  for (let i = h.recommended.length - 1; i >= 0 && age <= maxAge; i--) {
    const idx = h.recommended[i];
    if (idx < 0) continue;
    if (m.placed[idx] !== epoch) {
      m.placed[idx] = epoch;
      m.place[idx] = resolved - 1 - age;
    }
    age++;
  }
  const newest = resolved - 1;
  const out: Array<[number, number]> = [];
  for (const idx of h.disliked) {
    if (m.pushed[idx] === epoch) continue;
    m.pushed[idx] = epoch;
    if (m.issued[idx] !== epoch) out.push([idx, w.dislike]);
    else if (m.placed[idx] === epoch) out.push([idx, w.dislike * decay(newest - m.place[idx], w.recencyHalfLife)]);
  }
  return out;
}

export function buildProfile(index: CatalogIndex, taste: UserTaste, w: EngineWeights, history: TastePositions = positionsOf(index, taste)): UserProfile {
  const m = marks(index);
  stamp(history.disliked, m.disliked, m.epoch);
  stamp(history.favourites, m.named, m.epoch);
  stamp(history.liked, m.named, m.epoch);
  const positiveMap = positiveWeights(history, w, m);
  let mass = 0;
  for (const weight of positiveMap.values()) mass += weight;
  const norm = Math.max(1, mass) ** w.profileNormalization;
  const positives = [...positiveMap].map(([idx, weight]) => ({ idx, weight: weight / norm, named: m.named[idx] === m.epoch }));
  const negatives = dislikeWeights(history, w, m).map(([idx, weight]) => ({ idx, weight: weight / norm, named: false }));

  const profile: UserProfile = {
    positives,
    negatives,
    genre: new Float64Array(index.genreNames.length),
    era: new Float64Array(index.decadeCount),
    language: new Float64Array(index.languages.length),
    onboarding: new Float64Array(index.genreNames.length),
    onboardingGenres: [],
    touchedTokens: [],
  };
  for (const p of positives) accumulate(index, profile, p.idx, p.weight);
  for (const d of negatives) accumulate(index, profile, d.idx, -d.weight);

  const chosen = new Set<number>();
  for (const name of taste.genres) {
    const gid = index.genreIdx.get(genreKey(name));
    if (gid !== undefined) chosen.add(gid);
  }
  profile.onboardingGenres = [...chosen];
  for (const gid of chosen) profile.onboarding[gid] = 1 / Math.sqrt(chosen.size);
  return profile;
}

function accumulate(index: CatalogIndex, profile: UserProfile, idx: number, weight: number): void {
  addTitleTokens(index, idx, weight, index.scratch.tokenProfile, index.scratch.tokenTouched, profile.touchedTokens);
  for (let x = index.genreOff[idx]; x < index.genreOff[idx + 1]; x++) {
    profile.genre[index.genreIds[x]] += weight * BLOCK.genre * index.genreW[x];
  }
  const d = index.decade[idx];
  if (d >= 0) {
    profile.era[d] += weight * BLOCK.era;
    if (d > 0) profile.era[d - 1] += weight * BLOCK.era * ADJACENT_DECADE;
    if (d + 1 < profile.era.length) profile.era[d + 1] += weight * BLOCK.era * ADJACENT_DECADE;
  }
  if (index.lang[idx] >= 0) profile.language[index.lang[idx]] += weight * BLOCK.language;
}

/** Zero the shared token buffer again (every request must call this, also on error). */
export function releaseProfile(index: CatalogIndex, profile: UserProfile): void {
  clearTokenProfile(index.scratch.tokenProfile, index.scratch.tokenTouched, profile.touchedTokens);
}
