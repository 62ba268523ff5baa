// The user's side of the score: which titles pull (favourites, likes, watched) and push
// (dislikes), with what weight, and their summed content vectors.
import type { CatalogIndex } from './catalog-index.js';
import { genreKey } from './moods.js';
import { ADJACENT_DECADE, BLOCK } from './weights.js';
import type { EngineWeights, UserTaste } from './types.js';

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

function resolve(index: CatalogIndex, ids: readonly string[]): number[] {
  const out: number[] = [];
  for (const id of ids) {
    const idx = index.idToIdx.get(id);
    if (idx !== undefined) out.push(idx);
  }
  return out;
}

/** Weight of a positive `age` places older than the newest (1 without recency). */
function decay(age: number, halfLife: number): number {
  return halfLife > 0 ? 0.5 ** (age / halfLife) : 1;
}

function recencyWeights(count: number, base: number, halfLife: number): number[] {
  return Array.from({ length: count }, (_, i) => base * decay(count - 1 - i, halfLife));
}

function positiveWeights(index: CatalogIndex, taste: UserTaste, w: EngineWeights): Map<number, number> {
  const disliked = new Set(resolve(index, taste.disliked));
  const weights = new Map<number, number>();
  const add = (idx: number, weight: number) => {
    if (!disliked.has(idx) && weight > (weights.get(idx) ?? 0)) weights.set(idx, weight);
  };
  // Favourites come from onboarding, so they are the oldest signal; likes follow in order.
  // The favourites are one choice made at one moment, not a sequence: all of them take the
  // place of the last one (otherwise the first of 10 favourites would count 4% of the last at
  // half-life 2).
  const favourites = resolve(index, taste.favourites);
  const liked = resolve(index, taste.liked);
  const sequence = [...favourites.map((idx) => [idx, w.favouriteWeight]), ...liked.map((idx) => [idx, w.likedWeight])];
  const newest = sequence.length - 1;
  sequence.forEach(([idx, base], i) => add(idx, base * decay(newest - Math.max(i, favourites.length - 1), w.recencyHalfLife)));
  const watched = resolve(index, taste.watched);
  recencyWeights(watched.length, w.watchedWeight, w.recencyHalfLife).forEach((weight, i) => add(watched[i], weight));
  return weights;
}

/**
 * Dislikes fade like likes: a dislike `age` places older than the newest title in the user's
 * history (`recommended`, oldest first: imports, then picks) pushes `dislike * 0.5 ^ (age /
 * halfLife)`. Without fading, a long imported history's dislikes outweighed its likes, whose
 * pull fades (docs/quality.md, "History import"). A disliked title is never picked, however old.
 */
function dislikeWeights(index: CatalogIndex, taste: UserTaste, w: EngineWeights): Array<[number, number]> {
  const disliked = new Set(resolve(index, taste.disliked));
  if (disliked.size === 0) return [];
  const place = new Map<number, number>();
  const history = resolve(index, taste.recommended);
  history.forEach((idx, i) => {
    if (disliked.has(idx)) place.set(idx, i);
  });
  const newest = history.length - 1;
  return [...disliked].map((idx) => {
    const at = place.get(idx);
    return [idx, w.dislike * (at === undefined ? 1 : decay(newest - at, w.recencyHalfLife))];
  });
}

export function buildProfile(index: CatalogIndex, taste: UserTaste, w: EngineWeights): UserProfile {
  const positiveMap = positiveWeights(index, taste, w);
  let mass = 0;
  for (const weight of positiveMap.values()) mass += weight;
  const norm = Math.max(1, mass) ** w.profileNormalization;
  const named = new Set([...resolve(index, taste.favourites), ...resolve(index, taste.liked)]);
  const positives = [...positiveMap].map(([idx, weight]) => ({ idx, weight: weight / norm, named: named.has(idx) }));
  const negatives = dislikeWeights(index, taste, w).map(([idx, weight]) => ({ idx, weight: weight / norm, named: false }));

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
  const tokens = index.scratch.tokenProfile;
  for (let x = index.tokOff[idx]; x < index.tokOff[idx + 1]; x++) {
    const tok = index.tokIds[x];
    if (index.scratch.tokenTouched[tok] === 0) {
      index.scratch.tokenTouched[tok] = 1;
      profile.touchedTokens.push(tok);
    }
    tokens[tok] += weight * index.tokW[x];
  }
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
  for (const tok of profile.touchedTokens) {
    index.scratch.tokenProfile[tok] = 0;
    index.scratch.tokenTouched[tok] = 0;
  }
  profile.touchedTokens.length = 0;
}
