// One request: mark who may be recommended (hard rules), then score every candidate into the
// index's scratch buffer. rank.ts orders them; explain.ts re-derives one title's parts.
import type { CatalogIndex } from './catalog-index.js';
import { collaborativePass, releaseCollaborative, supportPopularity } from './collaborative.js';
import { moodScores } from './mood-scores.js';
import { buildProfile, releaseProfile, type UserProfile } from './profile.js';
import { scoreCandidates } from './score-pass.js';
import { NeighbourTable } from './neighbours.js';
import { defaultWeights, resolveWeights } from './weights.js';
import type { EngineWeights, Neighbours, RecommendOptions, UserTaste } from './types.js';

export interface RequestState {
  index: CatalogIndex;
  taste: UserTaste;
  opts: RecommendOptions;
  neighbours: Neighbours | undefined;
  weights: EngineWeights;
  profile: UserProfile;
  mood: Float32Array | null;
  popularity: Float32Array | null;
  collaborativeTouched: number[];
  /** Platform ids the pick must be on (requested one, else the user's), in preference order. */
  targetPlatforms: number[];
  /** The user (or the request) limits platforms. */
  restricted: boolean;
  /** No candidate on the target platforms: candidates are titles of unknown availability. */
  fallback: boolean;
  preferredLanguage: Uint8Array;
  hasLanguagePreference: boolean;
  /** Eligible positions in catalog order (a view of scratch memory: valid until the next request). */
  candidates: Int32Array;
}


function markExcluded(index: CatalogIndex, taste: UserTaste): number {
  const scratch = index.scratch;
  if (scratch.epoch >= 0xfffffffe) {
    scratch.excludedStamp.fill(0);
    scratch.epoch = 0;
  }
  const epoch = ++scratch.epoch;
  for (const list of [taste.recommended, taste.liked, taste.disliked, taste.watched, taste.favourites]) {
    for (const id of list) {
      const idx = index.idToIdx.get(id);
      if (idx !== undefined) scratch.excludedStamp[idx] = epoch;
    }
  }
  return epoch;
}

function platformIds(index: CatalogIndex, names: readonly string[]): number[] {
  const ids: number[] = [];
  for (const name of names) {
    const id = index.platformIdx.get(name.trim().toLowerCase());
    if (id !== undefined && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

interface Classification {
  epoch: number;
  restricted: boolean;
  targetMask: number;
  onTarget: Uint8Array;
  wantSeries: number;
}

/**
 * One pass over the catalog: titles that may be recommended go to candidateList (on a target
 * platform, or any when the user has no platforms), titles of unknown availability to
 * unknownList in case the fallback is needed. Returns both counts.
 */
function classify(index: CatalogIndex, c: Classification): [number, number] {
  const { excludedStamp, candidateList, unknownList } = index.scratch;
  const { series, platOff, platIds, platMask } = index;
  const { epoch, restricted, targetMask, onTarget, wantSeries } = c;
  const n = index.size;
  let chosen = 0;
  let unknown = 0;
  for (let i = 0; i < n; i++) {
    if (excludedStamp[i] === epoch || (wantSeries >= 0 && series[i] !== wantSeries)) continue;
    const mask = platMask[i];
    if (!restricted || (mask & targetMask) !== 0) candidateList[chosen++] = i;
    else if (mask === 0) unknownList[unknown++] = i;
    else if (mask >= 0x80000000) {
      // On a platform beyond the bit mask: look it up.
      for (let x = platOff[i]; x < platOff[i + 1]; x++) {
        if (onTarget[platIds[x]] === 1) {
          candidateList[chosen++] = i;
          break;
        }
      }
    }
  }
  return [chosen, unknown];
}

/** Apply the hard rules: the candidate list, and whether it is the unknown-availability fallback. */
function markEligible(index: CatalogIndex, taste: UserTaste, opts: RecommendOptions, targets: number[], restricted: boolean) {
  const onTarget = new Uint8Array(index.platforms.length);
  let targetMask = 0;
  for (const id of targets) {
    onTarget[id] = 1;
    if (id < 31) targetMask |= 1 << id;
  }
  const wantSeries = opts.kind === 'series' ? 1 : opts.kind === 'movie' ? 0 : -1;
  const epoch = markExcluded(index, taste);
  const [chosen, unknown] = classify(index, { epoch, restricted, targetMask, onTarget, wantSeries });
  if (chosen > 0 || !restricted) return { fallback: false, candidates: index.scratch.candidateList.subarray(0, chosen) };
  return { fallback: true, candidates: index.scratch.unknownList.subarray(0, unknown) };
}

export function prepare(index: CatalogIndex, taste: UserTaste, opts: RecommendOptions, neighbours?: Neighbours): RequestState {
  const hasCoLikes = neighbours instanceof NeighbourTable ? neighbours.nbr.length > 0 : neighbours !== undefined;
  const weights = resolveWeights(opts.weights, defaultWeights(index.richFeatures, hasCoLikes));
  const requested = opts.platform?.trim();
  const targetNames = requested ? [requested] : taste.platforms;
  const restricted = targetNames.length > 0;
  const targetPlatforms = platformIds(index, targetNames);
  const { fallback, candidates } = markEligible(index, taste, opts, targetPlatforms, restricted);

  const preferredLanguage = new Uint8Array(index.languages.length);
  let hasLanguagePreference = false;
  for (const name of taste.languages) {
    hasLanguagePreference = true;
    const id = index.langIdx.get(name.trim().toLowerCase());
    if (id !== undefined) preferredLanguage[id] = 1;
  }

  const profile = buildProfile(index, taste, weights);
  const state: RequestState = {
    index,
    taste,
    opts,
    neighbours,
    weights,
    profile,
    mood: opts.mood ? moodScores(index, opts.mood) : null,
    popularity: supportPopularity(index, neighbours),
    collaborativeTouched: [],
    targetPlatforms,
    restricted,
    fallback,
    preferredLanguage,
    hasLanguagePreference,
    candidates,
  };
  try {
    state.collaborativeTouched = collaborativePass(index, profile, neighbours);
    scoreCandidates(state);
  } catch (error) {
    release(state);
    throw error;
  }
  return state;
}

/** 0 for a title in a preferred language (or when the user has none), 1 otherwise. */
export function languageTier(state: RequestState, idx: number): number {
  if (!state.hasLanguagePreference) return 0;
  const lang = state.index.lang[idx];
  return lang >= 0 && state.preferredLanguage[lang] ? 0 : 1;
}

export function release(state: RequestState): void {
  releaseProfile(state.index, state.profile);
  releaseCollaborative(state.index, state.collaborativeTouched);
  state.collaborativeTouched = [];
}
