// Why this title: re-derive its score parts, keep the factors that really pushed it up, and
// write the reason from them alone.
import { neighbourWeight } from './collaborative.js';
import { budgetOf } from './constraints.js';
import { isLowFit, NAMED_SHARE, tasteShares, type TasteShares } from './honesty.js';
import { MOOD_FIT, moodKeywords } from './mood-scores.js';
import { genreKey, keywordKey, moodGenreAffinity } from './moods.js';
import { moodNotice } from './mood-notice.js';
import { writeReason, type Driver } from './reason.js';
import { languageTier } from './scoring.js';
import type { RequestState } from './request-state.js';
import { similarityAt, substantiveSimilarityAt } from './similarity.js';
import type { Factor, Recommendation } from './types.js';

/** Below this genre + keyword + people similarity a liked title is not named as the reason. */
const NAMED_SIMILARITY = 0.15;
/** A contribution this small (in score units) did not drive anything. */
const MEANINGFUL = 0.05;
const GOOD_QUALITY = 0.3;
/**
 * A positive weighing less than this (a like some 60 places back at half-life 2) is never named:
 * its link or shared person added nothing to the score. It is also what lets the profile leave
 * such titles out (profile.ts) without changing any reason.
 */
const NAMEABLE_WEIGHT = 1e-9;

/** The favourites and likes a reason may name. */
function nameable(state: RequestState) {
  return state.profile.positives.filter((p) => p.named && p.weight >= NAMEABLE_WEIGHT);
}

/** The title's own spelling of platform id `pid`. */
function platformName(state: RequestState, idx: number, pid: number): string {
  const name = state.index.platforms[pid];
  return state.index.titles[idx].platforms.find((p) => p.trim().toLowerCase() === name.toLowerCase()) ?? name;
}

/** Entry x of the title's platforms counts in the user's country (or every entry does, when any region counts). */
function inRegion(state: RequestState, x: number): boolean {
  return !state.regional || state.index.scratch.allowedRegion[state.index.platRegion[x]] === 1;
}

function shownPlatform(state: RequestState, idx: number): string | null {
  const { index } = state;
  const title = index.titles[idx];
  if (state.fallback) return null;
  if (!state.restricted) {
    if (!state.regional) return title.platforms[0] ?? null;
    for (let x = index.platOff[idx]; x < index.platOff[idx + 1]; x++) if (inRegion(state, x)) return platformName(state, idx, index.platIds[x]);
    return null;
  }
  for (const target of state.targetPlatforms) {
    for (let x = index.platOff[idx]; x < index.platOff[idx + 1]; x++) {
      if (index.platIds[x] === target && inRegion(state, x)) return platformName(state, idx, target);
    }
  }
  return null;
}

/**
 * Where a fallback pick streams outside the user's country, the user's (or the requested)
 * platforms first: the reason says so rather than "availability unknown".
 */
function elsewhere(state: RequestState, idx: number): Array<{ platform: string; regions: string[] }> {
  const { index } = state;
  if (!state.regional) return [];
  const out: Array<{ platform: string; regions: string[]; target: number }> = [];
  for (let x = index.platOff[idx]; x < index.platOff[idx + 1]; x++) {
    const regions = index.regionSets[index.platRegion[x]];
    if (!regions || regions.length === 0) continue;
    const target = state.targetPlatforms.indexOf(index.platIds[x]);
    out.push({ platform: platformName(state, idx, index.platIds[x]), regions: [...regions], target: target < 0 ? Infinity : target });
  }
  return out.sort((a, b) => a.target - b.target).map(({ platform, regions }) => ({ platform, regions }));
}

/**
 * The factors of the user's own titles. A liked title is named (similar to, co-liked, a shared
 * person) only when it carries at least NAMED_SHARE of the score, and none is when the pick fits
 * the taste too little for any to have driven it (honesty.ts).
 */
function personalDrivers(state: RequestState, idx: number, shares: TasteShares): Driver[] {
  const { index, weights: w } = state;
  const drivers: Driver[] = [];
  const lowFit = isLowFit(shares);
  const carries = (p: { idx: number }) => !lowFit && (shares.share.get(p.idx) ?? 0) >= NAMED_SHARE;
  const content = nameable(state)
    .filter(carries)
    .map((p) => ({
      id: index.titles[p.idx].id,
      part: w.content * p.weight * similarityAt(index, p.idx, idx),
      substantive: substantiveSimilarityAt(index, p.idx, idx),
    }))
    .sort((a, b) => b.part - a.part);
  const named = content
    .slice(0, 2)
    .filter((p) => p.substantive >= NAMED_SIMILARITY && p.part >= MEANINGFUL && p.part >= 0.5 * content[0].part);
  if (named.length > 0) {
    drivers.push({ factor: { kind: 'similar_to', titleIds: named.map((p) => p.id) }, weight: named.reduce((a, p) => a + p.part, 0) });
  }

  const collaborative = w.collaborative * index.scratch.collaborative[idx];
  if (collaborative >= MEANINGFUL && state.neighbours) {
    const best = nameable(state)
      .filter(carries)
      .map((p) => ({ idx: p.idx, part: p.weight * neighbourWeight(index, state.neighbours, p.idx, idx) }))
      .sort((a, b) => b.part - a.part)[0];
    if (best && best.part > 0) drivers.push({ factor: { kind: 'co_liked', titleId: index.titles[best.idx].id }, weight: collaborative });
  }

  const tokens = index.scratch.tokenProfile;
  const title = index.titles[idx];
  const keywords: Array<{ name: string; part: number }> = [];
  let person: Driver | null = null;
  for (let x = index.tokOff[idx]; x < index.tokOff[idx + 1]; x++) {
    const tok = index.tokIds[x];
    const part = w.content * index.tokW[x] * tokens[tok];
    if (!(part > 0)) continue;
    const key = index.tokens[tok];
    if (key.startsWith('k:')) {
      const name = title.keywords.find((k) => keywordKey(k) === key.slice(2));
      if (name) keywords.push({ name, part });
    } else if (!person || part > person.weight) {
      const found = personFactor(state, idx, tok, carries);
      if (found) person = { factor: found, weight: part };
    }
  }
  if (person && person.weight >= MEANINGFUL / 2) drivers.push(person);
  keywords.sort((a, b) => b.part - a.part);
  const driving = keywords.filter((k) => k.part >= MEANINGFUL / 4).slice(0, 2);
  if (driving.length > 0) {
    drivers.push({ factor: { kind: 'keywords', keywords: driving.map((k) => k.name) }, weight: driving.reduce((a, k) => a + k.part, 0) });
  }
  return drivers;
}

/** The person behind token `tok` of title `idx`, with a liked title that shares them. */
function personFactor(state: RequestState, idx: number, tok: number, carries: (p: { idx: number }) => boolean): Factor | null {
  const { index } = state;
  const name = index.tokens[tok].slice(2);
  const title = index.titles[idx];
  const shared = nameable(state)
    .filter(carries)
    .sort((a, b) => b.weight - a.weight)
    .find((p) => index.tokIds.subarray(index.tokOff[p.idx], index.tokOff[p.idx + 1]).includes(tok));
  if (!shared) return null;
  const isDirector = title.director?.trim().toLowerCase() === name;
  const display = isDirector ? title.director!.trim() : title.cast.find((c) => c.trim().toLowerCase() === name)?.trim();
  if (!display) return null;
  return { kind: 'person', name: display, role: isDirector ? 'director' : 'cast', titleId: index.titles[shared.idx].id };
}

function contextDrivers(state: RequestState, idx: number): Driver[] {
  const { index, profile, weights: w, opts } = state;
  const title = index.titles[idx];
  const drivers: Driver[] = [];
  const genres: string[] = [];
  let onboarding = 0;
  for (let x = index.genreOff[idx]; x < index.genreOff[idx + 1]; x++) {
    const part = index.genreW[x] * profile.onboarding[index.genreIds[x]];
    if (part > 0) {
      onboarding += part;
      const id = index.genreIds[x];
      genres.push(title.genres.find((g) => index.genreIdx.get(genreKey(g)) === id) ?? index.genreNames[id]);
    }
  }
  if (genres.length > 0 && w.onboardingGenre * onboarding >= MEANINGFUL) {
    drivers.push({ factor: { kind: 'genre', genres }, weight: w.onboardingGenre * onboarding });
  }
  if (opts.mood && state.mood && state.mood[idx] >= MOOD_FIT && w.mood > 0) {
    drivers.push({ factor: { kind: 'mood', mood: opts.mood }, weight: w.mood * state.mood[idx] });
    const moodWords = moodKeywords(index, opts.mood, idx).slice(0, 2);
    if (moodWords.length > 0) drivers.push({ factor: { kind: 'keywords', keywords: moodWords }, weight: 0 });
  }
  const hasRating = title.imdb != null || title.rt != null;
  if (hasRating && index.quality[idx] >= GOOD_QUALITY && w.quality > 0) {
    drivers.push({ factor: { kind: 'quality', imdb: title.imdb ?? null, rt: title.rt ?? null }, weight: w.quality * index.quality[idx] });
  }
  return drivers;
}

/** Several keyword factors (taste and mood) become one, taste keywords first. */
function mergeKeywords(drivers: Driver[]): Driver[] {
  const keywordDrivers = drivers.filter((d) => d.factor.kind === 'keywords');
  if (keywordDrivers.length < 2) return drivers;
  const words = [...new Set(keywordDrivers.flatMap((d) => (d.factor.kind === 'keywords' ? d.factor.keywords : [])))].slice(0, 3);
  const merged: Driver = { factor: { kind: 'keywords', keywords: words }, weight: keywordDrivers.reduce((a, d) => a + d.weight, 0) };
  return [...drivers.filter((d) => d.factor.kind !== 'keywords'), merged];
}

/**
 * The genres that describe the title: of its first two (its main ones, never a minor third), the
 * one the taste shares (an onboarding genre or the mood's) first, else the title's own order.
 */
function describedGenres(state: RequestState, idx: number): string[] {
  const { index, profile, opts } = state;
  const main = index.titles[idx].genres.slice(0, 2);
  const shared = main.filter((g) => {
    const gid = index.genreIdx.get(genreKey(g));
    const chosen = gid !== undefined && profile.onboarding[gid] > 0;
    return chosen || (opts.mood !== undefined && moodGenreAffinity(opts.mood, g) > 0);
  });
  return [...new Set([...shared, ...main])];
}

/**
 * The time budget the pick was chosen within (every candidate fits it, constraints.ts): with
 * finish tonight, a series' whole run; else the film's runtime or the series' episode runtime.
 */
function budgetFactor(state: RequestState, idx: number): Factor | null {
  const minutes = budgetOf(state.opts);
  const title = state.index.titles[idx];
  if (minutes === null || !(typeof title.runtime === 'number' && title.runtime > 0)) return null;
  if (title.kind === 'series' && state.opts.finishTonight === true && typeof title.episodes === 'number' && title.episodes > 0) {
    return { kind: 'finish_tonight', episodes: title.episodes, minutes };
  }
  return { kind: 'time_budget', minutes, runtime: title.runtime };
}

/** The factors that really pushed title `idx` up in this request, strongest first (fit.ts reads them too). */
export function titleDrivers(state: RequestState, idx: number, shares: TasteShares = tasteShares(state, idx)): Driver[] {
  return mergeKeywords([...personalDrivers(state, idx, shares), ...contextDrivers(state, idx)]).sort((a, b) => b.weight - a.weight);
}

export function explain(state: RequestState, idx: number, poolPosition: number): Recommendation {
  const { index } = state;
  const title = index.titles[idx];
  const shares = tasteShares(state, idx);
  const drivers = titleDrivers(state, idx, shares);
  const platform = shownPlatform(state, idx);
  // On none of the user's services but in their own library: the reason says where it is.
  const library = platform === null ? (state.owned.get(idx) ?? null) : null;
  const where = platform ?? (library ? `your ${library}` : null);
  // Saved for later and on the user's services (or in their library): the strongest reason of all (it carried the boost).
  if (where && state.weights.saved > 0 && state.saved.includes(idx)) drivers.unshift({ factor: { kind: 'saved', platform: where }, weight: state.weights.saved });
  const facts: Factor[] = [];
  if (state.hasLanguagePreference && languageTier(state, idx) === 0 && title.language) facts.push({ kind: 'language', language: title.language });
  if (platform) facts.push({ kind: 'platform', platform });
  if (library) facts.push({ kind: 'library', service: library });
  if (state.fallback) facts.push({ kind: 'availability_unknown' });
  if (poolPosition > 0) facts.push({ kind: 'exploration' });
  const budget = budgetFactor(state, idx);
  if (budget) facts.push(budget);
  const unmet = moodNotice(state);
  if (unmet) facts.push(unmet);
  if (isLowFit(shares)) facts.push({ kind: 'low_fit' });
  const nameOf = (id: string) => index.titles[index.idToIdx.get(id) ?? -1]?.title ?? id;
  return {
    titleId: title.id,
    score: index.scratch.score[idx],
    platform,
    factors: [...drivers.map((d) => d.factor), ...facts],
    reason: writeReason({
      title,
      drivers,
      platform: where,
      fallback: state.fallback,
      region: state.regional ? (state.opts.region?.trim().toUpperCase() ?? null) : null,
      elsewhere: state.fallback ? elsewhere(state, idx) : [],
      requestedPlatform: state.opts.platform?.trim() || null,
      nameOf,
      genres: describedGenres(state, idx),
      // Also when the pick is outside the user's languages (a mood kept before them): the reason says so.
      showLanguage: title.language !== '' && (title.language.toLowerCase() !== 'english' || state.taste.languages.length > 1 || languageTier(state, idx) === 1),
      budget,
      library,
      locale: state.opts.locale,
    }),
  };
}
