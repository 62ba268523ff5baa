// One request: mark who may be recommended (hard rules), then score every candidate into the
// index's scratch buffer. rank.ts orders them; explain.ts re-derives one title's parts.
import type { CatalogIndex } from './catalog-index.js';
import { markConstraintBreaks } from './constraint-table.js';
import { hasConstraints } from './constraints.js';
import { collaborativePass, releaseCollaborative, supportPopularity } from './collaborative.js';
import { anyFits, MOOD_FIT, moodScores } from './mood-scores.js';
import { buildProfile, releaseProfile } from './profile.js';
import { scoreCandidates } from './score-pass.js';
import { NeighbourTable } from './neighbours.js';
import { gatherOnPlatforms } from './on-platforms.js';
import { mergeOwned, ownedCandidates } from './library.js';
import { defaultWeights, explorationWeights, resolveWeights } from './weights.js';
import { positionsOf } from './taste-positions.js';
import type { Neighbours, RecommendOptions, TastePositions, UserTaste } from './types.js';
import type { RequestState } from './request-state.js';

/** Whether sorted `list` holds `value` (why-not.ts asks it too). */
export function holds(list: Int32Array, value: number): boolean {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] === value) return true;
    if (list[mid] < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/**
 * The saved titles that are on the user's services tonight (docs/product-decisions.md: a saved
 * title on one of the user's services in their country is favoured). When restricted and not in
 * the fallback, every candidate streams on a target platform in the user's country, so being a
 * candidate is the test. Bounded by the taste's list; candidates are in catalog order (sorted).
 */
function savedCandidates(index: CatalogIndex, taste: UserTaste, candidates: Int32Array, onService: boolean, mood: Float32Array | null): number[] {
  if (!onService || !taste.saved || taste.saved.length === 0) return [];
  const seen = new Set<number>();
  const out: number[] = [];
  for (const id of taste.saved) {
    const idx = index.idToIdx.get(id);
    if (idx === undefined || seen.has(idx)) continue;
    seen.add(idx);
    if (mood && !(mood[idx] >= MOOD_FIT)) continue;
    if (holds(candidates, idx)) out.push(idx);
  }
  return out;
}


function markExcluded(index: CatalogIndex, history: TastePositions): number {
  const scratch = index.scratch;
  if (scratch.epoch >= 0xfffffffe) {
    scratch.excludedStamp.fill(0);
    scratch.epoch = 0;
  }
  const epoch = ++scratch.epoch;
  for (const list of [history.recommended, history.liked, history.disliked, history.watched, history.favourites]) {
    for (let i = 0; i < list.length; i++) if (list[i] >= 0) scratch.excludedStamp[list[i]] = epoch;
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

/**
 * Marks the region sets the user's country may use: those holding the country or GLOBAL, and set
 * 0 (no region information). Returns false, leaving the plain platform rule, when every region
 * counts: no country given, or a catalog without regions.
 */
function markRegions(index: CatalogIndex, region: string | null | undefined): boolean {
  const code = region?.trim().toUpperCase();
  if (!code || index.regionSets.length <= 1) return false;
  const allowed = index.scratch.allowedRegion;
  allowed.fill(0);
  allowed[0] = 1;
  for (const r of [code, 'GLOBAL']) {
    const sets = index.setsWithRegion.get(r);
    if (sets) for (let s = 0; s < sets.length; s++) allowed[sets[s]] = 1;
  }
  return true;
}

interface Classification {
  epoch: number;
  restricted: boolean;
  targetMask: number;
  onTarget: Uint8Array;
  wantSeries: number;
  regional: boolean;
}

/**
 * One pass over the catalog: titles that may be recommended go to candidateList (on a target
 * platform, in the user's country when regional, or any title when the user has no platforms),
 * titles of unknown availability (in the user's country, when regional) to unknownList in case
 * the fallback is needed. Returns both counts.
 */
function classify(index: CatalogIndex, c: Classification): [number, number] {
  const { excludedStamp, candidateList, unknownList, allowedRegion } = index.scratch;
  const { series, platOff, platIds, platMask, platRegion, titleRegion } = index;
  const { epoch, restricted, targetMask, onTarget, wantSeries, regional } = c;
  const n = index.size;
  let chosen = 0;
  let unknown = 0;
  for (let i = 0; i < n; i++) {
    if (excludedStamp[i] === epoch || (wantSeries >= 0 && series[i] !== wantSeries)) continue;
    const mask = platMask[i];
    // The bit mask is a pre-filter: a title on none of the targets in any region is never looked up.
    const maybe = (mask & targetMask) !== 0;
    if (!restricted || (maybe && !regional)) {
      candidateList[chosen++] = i;
      continue;
    }
    if (maybe || mask >= 0x80000000) {
      // On a target platform in some region, or on a platform beyond the bit mask: look it up.
      let on = false;
      for (let x = platOff[i]; x < platOff[i + 1]; x++) {
        if (onTarget[platIds[x]] === 1 && (!regional || allowedRegion[platRegion[x]] === 1)) {
          on = true;
          break;
        }
      }
      if (on) {
        candidateList[chosen++] = i;
        continue;
      }
    }
    if (mask === 0 || (regional && allowedRegion[titleRegion[i]] === 0)) unknownList[unknown++] = i;
  }
  return [chosen, unknown];
}

/**
 * Apply the hard rules: the candidate list, whether it is the unknown-availability fallback, and
 * the titles of the user's own library that may be picked (library.ts). Those count beside the
 * user's services, so the fallback is only for a user whose services and library have nothing left.
 */
function markEligible(index: CatalogIndex, history: TastePositions, taste: UserTaste, opts: RecommendOptions, targets: number[], restricted: boolean, regional: boolean) {
  const onTarget = new Uint8Array(index.platforms.length);
  let targetMask = 0;
  for (const id of targets) {
    onTarget[id] = 1;
    if (id < 31) targetMask |= 1 << id;
  }
  const wantSeries = opts.kind === 'series' ? 1 : opts.kind === 'movie' ? 0 : -1;
  const epoch = markExcluded(index, history);
  // Tonight's constraints (time, exclusions, age) mark their titles as the history does: never candidates, even in the fallback.
  if (hasConstraints(opts)) markConstraintBreaks(index, opts, index.scratch.excludedStamp, epoch);
  // A requested platform asks for that service alone (the extension on a streaming site): no library then.
  const owned = opts.platform?.trim() ? new Map<number, string>() : ownedCandidates(index, taste, epoch, wantSeries);
  const { candidateList } = index.scratch;
  const withOwned = (count: number) => {
    const head = candidateList.subarray(0, count);
    const extra = [...owned.keys()].filter((idx) => !holds(head, idx)).sort((a, b) => a - b);
    return candidateList.subarray(0, mergeOwned(candidateList, count, extra));
  };
  if (restricted) {
    // Through the services' own title lists when they are short; none found: the pass below finds the unknown ones.
    const gathered = gatherOnPlatforms(index, [{ targets, regional, allowed: index.scratch.allowedRegion }], epoch, wantSeries, candidateList);
    if (gathered > 0) return { fallback: false, candidates: withOwned(gathered), owned };
  }
  const [chosen, unknown] = classify(index, { epoch, restricted, targetMask, onTarget, wantSeries, regional });
  // Without services every title is a candidate already, owned ones included.
  if (!restricted) return { fallback: false, candidates: candidateList.subarray(0, chosen), owned };
  if (chosen > 0 || owned.size > 0) return { fallback: false, candidates: withOwned(chosen), owned };
  return { fallback: true, candidates: index.scratch.unknownList.subarray(0, unknown), owned };
}

export function prepare(index: CatalogIndex, taste: UserTaste, opts: RecommendOptions, neighbours?: Neighbours): RequestState {
  const hasCoLikes = neighbours instanceof NeighbourTable ? neighbours.nbr.length > 0 : neighbours !== undefined;
  const weights = explorationWeights(resolveWeights(opts.weights, defaultWeights(index.richFeatures, hasCoLikes)), opts.exploration);
  const requested = opts.platform?.trim();
  const targetNames = requested ? [requested] : taste.platforms;
  const restricted = targetNames.length > 0;
  const targetPlatforms = platformIds(index, targetNames);
  const regional = markRegions(index, opts.region);
  const history = positionsOf(index, taste);
  const { fallback, candidates, owned } = markEligible(index, history, taste, opts, targetPlatforms, restricted, regional);

  const preferredLanguage = new Uint8Array(index.languages.length);
  let hasLanguagePreference = false;
  for (const name of taste.languages) {
    hasLanguagePreference = true;
    const id = index.langIdx.get(name.trim().toLowerCase());
    if (id !== undefined) preferredLanguage[id] = 1;
  }

  const profile = buildProfile(index, taste, weights, history);
  const mood = opts.mood ? moodScores(index, opts.mood) : null;
  const state: RequestState = {
    index,
    taste,
    history,
    opts,
    neighbours,
    weights,
    profile,
    mood,
    moodMet: mood !== null && anyFits(mood, candidates),
    popularity: supportPopularity(index, neighbours),
    collaborativeTouched: [],
    targetPlatforms,
    restricted,
    fallback,
    regional,
    preferredLanguage,
    hasLanguagePreference,
    candidates,
    owned,
    saved: savedCandidates(index, taste, candidates, restricted && !fallback, mood),
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

/** 1 for a title that misses the mood asked when some candidate fits it, else 0. */
export function moodTier(state: RequestState, idx: number): number {
  return state.moodMet && !(state.mood![idx] >= MOOD_FIT) ? 1 : 0;
}

/**
 * The tier a pick is drawn from, best (0) first: a mood asked is kept before the user's languages
 * (docs/product-decisions.md, "Honest moods and reasons"), so every title that fits it ranks above
 * every one that does not, and within each the user's languages come first.
 */
export function drawTier(state: RequestState, idx: number): number {
  return 2 * moodTier(state, idx) + languageTier(state, idx);
}

export function release(state: RequestState): void {
  releaseProfile(state.index, state.profile);
  releaseCollaborative(state.index, state.collaborativeTouched);
  state.collaborativeTouched = [];
}
