// "Why not recommended?": for one title, the engine's own checks in the order they decide, each
// stated from what the engine really did with this taste and these options, never a guess.
// 1. The history: a title issued, watched, liked, disliked or a favourite is never picked.
// 2. Tonight's constraints (constraints.ts): the kind asked for, the time budget, finish tonight,
//    the excluded genres, keywords and people, the age limit.
// 3. The services: not on the user's (or the requested) platforms in their country, with where it
//    does stream.
// When none of those excludes it, it is a candidate, and the answer is how it ranks:
// 4. a language the user did not choose (preferred languages always rank first),
// 5. a disliked title it resembles, when that dislike really lowered its score,
// 6. its rank among the candidates, and what speaks for it (the factors a pick's reason uses).
import { countryPhrase } from '@app/shared';
import type { CatalogIndex } from './catalog-index.js';
import { constraintVerdict } from './constraints.js';
import { explain } from './explain.js';
import { formatMinutes, genreName, list } from './phrasing.js';
import { keyFunction, poolSize } from './rank.js';
import type { RequestState } from './request-state.js';
import { holds, languageTier, prepare, release } from './scoring.js';
import { similarityAt, substantiveSimilarityAt } from './similarity.js';
import type { ConstraintBreak, Factor, Neighbours, RecommendOptions, UserTaste } from './types.js';

/** What decided, most decisive first; the API passes these codes on. */
export type WhyNotCode =
  | 'disliked'
  | 'liked'
  | 'favourite'
  | 'watched'
  | 'issued'
  | ConstraintBreak['rule']
  | 'not_on_services'
  | 'language'
  | 'disliked_similar'
  | 'top_match'
  | 'ranked'
  | 'in_its_favour';

export interface WhyNotReason {
  code: WhyNotCode;
  text: string;
}

export interface WhyNotAnswer {
  titleId: string;
  /** One of the hard rules keeps the title out (history, tonight's constraints, services). */
  excluded: boolean;
  /** A candidate's place among the candidates (1 = the best match), with their count. */
  rank: { position: number; of: number } | null;
  /** The disliked title named by a `disliked_similar` reason. */
  dislikedSimilar: string | null;
  reasons: WhyNotReason[];
}

/**
 * A disliked title is named only when what the two share beyond era and language is at least
 * this (the threshold a liked title needs to be named in a pick's reason, explain.ts) ...
 */
export const DISLIKED_SIMILARITY = 0.15;
/** ... and the dislike took at least this much off the title's score (explain.ts's MEANINGFUL). */
const MEANINGFUL_PENALTY = 0.05;

/** The history list that keeps a title out, the most telling first. */
function historyReason(state: RequestState, idx: number): WhyNotReason | null {
  const h = state.history;
  if (h.disliked.includes(idx)) return { code: 'disliked', text: 'You disliked it, so it is never picked for you.' };
  if (h.liked.includes(idx)) return { code: 'liked', text: 'You liked it already: picks are always titles you have not seen.' };
  if (h.favourites.includes(idx)) return { code: 'favourite', text: 'It is one of your favourites: picks are always titles you have not seen.' };
  if (h.watched.includes(idx)) return { code: 'watched', text: 'You have watched it: picks are always titles you have not seen.' };
  if (h.recommended.includes(idx)) return { code: 'issued', text: 'It was already one of your picks, and a title is never picked twice.' };
  return null;
}

function kindWord(kind: 'movie' | 'series'): string {
  return kind === 'movie' ? 'film' : 'series';
}

/** Tonight's constraint that keeps it out, in the words of the setting the user chose. */
function constraintText(verdict: ConstraintBreak, kind: 'movie' | 'series'): string {
  switch (verdict.rule) {
    case 'kind':
      return `You asked for a ${kindWord(verdict.kind)} tonight, and this is a ${kindWord(kind)}.`;
    case 'time_budget': {
      const budget = formatMinutes(verdict.minutes);
      if (verdict.runtime === null) return `Outside your ${budget}: its running time is unknown, so it cannot be promised to fit.`;
      return kind === 'series'
        ? `Outside your ${budget}: an episode runs ${formatMinutes(verdict.runtime)}.`
        : `Outside your ${budget}: it runs ${formatMinutes(verdict.runtime)}.`;
    }
    case 'finish_tonight': {
      const budget = formatMinutes(verdict.minutes);
      if (verdict.episodes === null || verdict.runtime === null) return `It cannot be promised to finish within your ${budget} tonight: its number of episodes or their length is unknown.`;
      return `It cannot be finished within your ${budget} tonight: ${verdict.episodes} episodes of ${formatMinutes(verdict.runtime)} take ${formatMinutes(verdict.episodes * verdict.runtime)}.`;
    }
    case 'excluded_genre':
      return `Excluded genre: ${genreName(verdict.genre)}.`;
    case 'excluded_keyword':
      return verdict.keyword.trim().toLowerCase() === verdict.exclusion.trim().toLowerCase()
        ? `Excluded keyword: ${verdict.exclusion}.`
        : `Excluded keyword: ${verdict.exclusion} (it is tagged "${verdict.keyword}").`;
    case 'excluded_person':
      return `Excluded person: ${verdict.person}, ${verdict.role === 'director' ? 'its director' : 'in its cast'}.`;
    case 'age_rating':
      return `It is rated for ages ${verdict.minAge} and up, above your limit of ${verdict.maxAge}.`;
  }
}

/** Whether entry x of the title's platforms counts in the user's country (every entry does when any region counts). */
function inRegion(state: RequestState, x: number): boolean {
  return !state.regional || state.index.scratch.allowedRegion[state.index.platRegion[x]] === 1;
}

/** The platforms and regions where it streams, for "It streams on Hulu in the United States." */
function whereItStreams(state: RequestState, idx: number): string {
  const { index } = state;
  const title = index.titles[idx];
  const places: string[] = [];
  for (let x = index.platOff[idx]; x < index.platOff[idx + 1] && places.length < 2; x++) {
    const pid = index.platIds[x];
    const name = title.platforms.find((p) => p.trim().toLowerCase() === index.platforms[pid].toLowerCase()) ?? index.platforms[pid];
    const regions = state.regional ? (index.regionSets[index.platRegion[x]] ?? []) : [];
    const shown = regions.slice(0, 2).map((r) => (r === 'GLOBAL' ? 'every country' : countryPhrase(r)));
    const more = regions.length - shown.length;
    const where = shown.length === 0 ? '' : ` in ${more > 0 ? `${shown.join(', ')} and ${more} other ${more === 1 ? 'country' : 'countries'}` : list(shown)}`;
    places.push(`${name}${where}`);
  }
  if (places.length === 0) return 'We do not know of any service that streams it.';
  const others = index.platOff[idx + 1] - index.platOff[idx] - places.length;
  return `It streams on ${list(places)}${others > 0 ? ` and ${others} more` : ''}.`;
}

/** Not a candidate, although no history or constraint keeps it out: it is not on the target platforms here. */
function servicesReason(state: RequestState, idx: number, requested: string | null): WhyNotReason {
  const { index } = state;
  const here = state.regional && state.opts.region ? ` in ${countryPhrase(state.opts.region.trim().toUpperCase())}` : '';
  const names = state.targetPlatforms.map((p) => index.platforms[p]);
  const yours = requested
    ? `Not on ${requested}${here}.`
    : `Not on your services${here}${names.length > 0 ? ` (${list(state.taste.platforms.map((p) => p.trim()).filter(Boolean).slice(0, 4))})` : ''}.`;
  let onHere = false;
  for (let x = index.platOff[idx]; x < index.platOff[idx + 1]; x++) if (inRegion(state, x)) onHere = true;
  // Titles that stream nowhere here only stand in when nothing on the user's services is left.
  const fallbackNote = !onHere && !state.fallback ? ' Titles that stream nowhere here are only picked when nothing on your services is left.' : '';
  return { code: 'not_on_services', text: `${yours} ${whereItStreams(state, idx)}${fallbackNote}` };
}

/** 1st, 2nd, 3rd, 11th, 1,240th. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n.toLocaleString('en-US')}${suffix}`;
}

/** The candidate's place in rankAll's order: the candidates ranked before it, plus one. */
function rankOf(state: RequestState, idx: number): number {
  const keyOf = keyFunction(state);
  const key = keyOf(idx);
  let before = 0;
  for (let c = 0; c < state.candidates.length; c++) {
    const other = state.candidates[c];
    const k = keyOf(other);
    if (k > key || (k === key && other < idx)) before++;
  }
  return before + 1;
}

/** The disliked title whose likeness really lowered this one's score, the most alike first. */
function dislikedSimilar(state: RequestState, idx: number): number | null {
  const { index, weights } = state;
  let best: number | null = null;
  let bestSimilarity = 0;
  for (const d of state.profile.negatives) {
    const substantive = substantiveSimilarityAt(index, d.idx, idx);
    if (substantive < DISLIKED_SIMILARITY) continue;
    if (weights.content * d.weight * similarityAt(index, d.idx, idx) < MEANINGFUL_PENALTY) continue;
    if (substantive > bestSimilarity) {
      best = d.idx;
      bestSimilarity = substantive;
    }
  }
  return best;
}

/** One factor that speaks for the title, as a clause; null for the plain facts every pick has (language, platform). */
function favourClause(f: Factor, nameOf: (id: string) => string, mood: string | undefined): string | null {
  switch (f.kind) {
    case 'similar_to':
      return `it is like ${list(f.titleIds.map(nameOf))}, which you liked`;
    case 'co_liked':
      return `people who liked ${nameOf(f.titleId)} also liked it`;
    case 'person':
      return `${f.role === 'director' ? 'it is directed by' : 'it stars'} ${f.name}, like ${nameOf(f.titleId)}, which you liked`;
    case 'keywords':
      // With a mood, a keyword may be the mood's (explain.ts merges the two lists).
      return `its ${f.keywords.length === 1 ? 'keyword' : 'keywords'} ${list(f.keywords.map((k) => `"${k.trim()}"`))} ${mood ? `match your taste or the ${mood} mood` : 'match your taste'}`;
    case 'genre':
      return `${list(f.genres.map(genreName))} ${f.genres.length === 1 ? 'is one of the genres' : 'are genres'} you chose`;
    case 'mood':
      return `it fits a ${f.mood} mood`;
    case 'quality': {
      const ratings = [f.imdb != null ? `${f.imdb.toFixed(1)} on IMDb` : null, f.rt != null ? `${Math.round(f.rt)}% on Rotten Tomatoes` : null].filter(Boolean);
      return `it is highly rated (${ratings.join(', ')})`;
    }
    case 'saved':
      return `you saved it for later, and it is on ${f.platform}`;
    default:
      return null;
  }
}

function candidateReasons(state: RequestState, idx: number): { reasons: WhyNotReason[]; rank: { position: number; of: number }; disliked: number | null } {
  const { index } = state;
  const reasons: WhyNotReason[] = [];
  const title = index.titles[idx];
  if (languageTier(state, idx) === 1) {
    let preferredLeft = false;
    for (let c = 0; c < state.candidates.length && !preferredLeft; c++) preferredLeft = languageTier(state, state.candidates[c]) === 0;
    if (preferredLeft) {
      const languages = list(state.taste.languages.map((l) => l.trim()).filter(Boolean).slice(0, 4));
      const its = title.language ? `It is in ${title.language}` : 'Its language is unknown';
      reasons.push({ code: 'language', text: `${its}, and titles in your languages (${languages}) always come first.` });
    }
  }
  const disliked = dislikedSimilar(state, idx);
  if (disliked !== null) reasons.push({ code: 'disliked_similar', text: `It is much like ${index.titles[disliked].title}, which you disliked.` });

  const position = rankOf(state, idx);
  const of = state.candidates.length;
  const where = `it ranks ${ordinal(position)} of ${of.toLocaleString('en-US')} for you`;
  if (position <= poolSize(of, state.weights.exploreTop)) {
    reasons.push({ code: 'top_match', text: `It is one of your best matches right now: ${where}. Nothing rules it out.` });
  } else {
    reasons.push({ code: 'ranked', text: `Other titles fit your taste better: ${where}.` });
  }
  // What a pick of it would be explained by (explain.ts keeps only the factors that really pushed its score up).
  const clauses = explain(state, idx, 0)
    .factors.map((f) => favourClause(f, (id) => index.titles[index.idToIdx.get(id) ?? -1]?.title ?? id, state.opts.mood))
    .filter((c): c is string => c !== null)
    .slice(0, 3);
  if (clauses.length > 0) reasons.push({ code: 'in_its_favour', text: `In its favour: ${clauses.join('; ')}.` });
  return { reasons, rank: { position, of }, disliked };
}

/**
 * Why `titleId` is not (or may not be) the user's pick under `opts`, from the engine's own checks;
 * null when the catalog has no such title. The same taste, options and neighbours as a pick give
 * the same candidates and scores as that pick.
 */
export function whyNot(index: CatalogIndex, taste: UserTaste, titleId: string, opts: RecommendOptions, neighbours?: Neighbours): WhyNotAnswer | null {
  const idx = index.idToIdx.get(titleId);
  if (idx === undefined) return null;
  const title = index.titles[idx];
  const state = prepare(index, taste, opts, neighbours);
  try {
    const answer: WhyNotAnswer = { titleId: title.id, excluded: true, rank: null, dislikedSimilar: null, reasons: [] };
    const history = historyReason(state, idx);
    if (history) answer.reasons.push(history);
    const verdict = constraintVerdict(title, opts);
    if (verdict) answer.reasons.push({ code: verdict.rule, text: constraintText(verdict, title.kind) });
    if (holds(state.candidates, idx)) {
      const { reasons, rank, disliked } = candidateReasons(state, idx);
      answer.excluded = false;
      answer.rank = rank;
      answer.dislikedSimilar = disliked === null ? null : index.titles[disliked].id;
      answer.reasons.push(...reasons);
    } else if (!history && !verdict) {
      answer.reasons.push(servicesReason(state, idx, opts.platform?.trim() || null));
    }
    return answer;
  } finally {
    release(state);
  }
}
