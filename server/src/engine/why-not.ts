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
import type { CatalogIndex } from './catalog-index.js';
import { constraintVerdict } from './constraints.js';
import { explain } from './explain.js';
import { wordsFor, type Words } from './phrasing.js';
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
function historyReason(w: Words, state: RequestState, idx: number): WhyNotReason | null {
  const h = state.history;
  if (h.disliked.includes(idx)) return { code: 'disliked', text: w.t('server-reasons.whyNot.disliked') };
  if (h.liked.includes(idx)) return { code: 'liked', text: w.t('server-reasons.whyNot.liked') };
  if (h.favourites.includes(idx)) return { code: 'favourite', text: w.t('server-reasons.whyNot.favourite') };
  if (h.watched.includes(idx)) return { code: 'watched', text: w.t('server-reasons.whyNot.watched') };
  if (h.recommended.includes(idx)) return { code: 'issued', text: w.t('server-reasons.whyNot.issued') };
  return null;
}

/** Tonight's constraint that keeps it out, in the words of the setting the user chose. */
function constraintText(w: Words, verdict: ConstraintBreak, kind: 'movie' | 'series'): string {
  switch (verdict.rule) {
    case 'kind':
      return w.t('server-reasons.whyNot.kind', { asked: verdict.kind, kind });
    case 'time_budget': {
      const budget = w.minutes(verdict.minutes);
      if (verdict.runtime === null) return w.t('server-reasons.whyNot.budgetUnknown', { budget });
      const runtime = w.minutes(verdict.runtime);
      return kind === 'series' ? w.t('server-reasons.whyNot.budgetEpisode', { budget, runtime }) : w.t('server-reasons.whyNot.budgetMovie', { budget, runtime });
    }
    case 'finish_tonight': {
      const budget = w.minutes(verdict.minutes);
      if (verdict.episodes === null || verdict.runtime === null) return w.t('server-reasons.whyNot.finishUnknown', { budget });
      return w.t('server-reasons.whyNot.finish', { budget, episodes: verdict.episodes, runtime: w.minutes(verdict.runtime), total: w.minutes(verdict.episodes * verdict.runtime) });
    }
    case 'excluded_genre':
      return w.t('server-reasons.whyNot.excludedGenre', { genre: w.genre(verdict.genre) });
    case 'excluded_keyword':
      return verdict.keyword.trim().toLowerCase() === verdict.exclusion.trim().toLowerCase()
        ? w.t('server-reasons.whyNot.excludedKeyword', { exclusion: verdict.exclusion })
        : w.t('server-reasons.whyNot.excludedKeywordTagged', { exclusion: verdict.exclusion, keyword: verdict.keyword });
    case 'excluded_person':
      return w.t(verdict.role === 'director' ? 'server-reasons.whyNot.excludedDirector' : 'server-reasons.whyNot.excludedCast', { person: verdict.person });
    case 'age_rating':
      return w.t('server-reasons.whyNot.ageRating', { minAge: verdict.minAge, maxAge: verdict.maxAge });
  }
}

/** Whether entry x of the title's platforms counts in the user's country (every entry does when any region counts). */
function inRegion(state: RequestState, x: number): boolean {
  return !state.regional || state.index.scratch.allowedRegion[state.index.platRegion[x]] === 1;
}

/** The platforms and regions where it streams, for "It streams on Hulu in the United States." */
function whereItStreams(w: Words, state: RequestState, idx: number): string {
  const { index } = state;
  const title = index.titles[idx];
  const places: string[] = [];
  for (let x = index.platOff[idx]; x < index.platOff[idx + 1] && places.length < 2; x++) {
    const pid = index.platIds[x];
    const name = title.platforms.find((p) => p.trim().toLowerCase() === index.platforms[pid].toLowerCase()) ?? index.platforms[pid];
    const regions = state.regional ? (index.regionSets[index.platRegion[x]] ?? []) : [];
    const shown = regions.slice(0, 2).map((r) => (r === 'GLOBAL' ? w.t('server-reasons.whyNot.everyCountry') : w.country(r)));
    const more = regions.length - shown.length;
    if (shown.length === 0) {
      places.push(name);
      continue;
    }
    const countries = more > 0 ? w.t('server-reasons.whyNot.countriesMore', { countries: w.english ? shown.join(', ') : w.list(shown), more }) : w.list(shown);
    places.push(w.t('server-reasons.whyNot.place', { platform: name, countries }));
  }
  if (places.length === 0) return w.t('server-reasons.whyNot.streamsNowhere');
  const others = index.platOff[idx + 1] - index.platOff[idx] - places.length;
  return others > 0 ? w.t('server-reasons.whyNot.streamsMore', { places: w.list(places), others }) : w.t('server-reasons.whyNot.streams', { places: w.list(places) });
}

/** Not a candidate, although no history or constraint keeps it out: it is not on the target platforms here. */
function servicesReason(w: Words, state: RequestState, idx: number, requested: string | null): WhyNotReason {
  const { index } = state;
  const country = state.regional && state.opts.region ? w.country(state.opts.region.trim().toUpperCase()) : null;
  const services = state.targetPlatforms.length > 0 ? w.list(state.taste.platforms.map((p) => p.trim()).filter(Boolean).slice(0, 4)) : null;
  let yours: string;
  if (requested) yours = country ? w.t('server-reasons.whyNot.notOnPlatformIn', { platform: requested, country }) : w.t('server-reasons.whyNot.notOnPlatform', { platform: requested });
  else if (services !== null) yours = country ? w.t('server-reasons.whyNot.notOnListedIn', { country, services }) : w.t('server-reasons.whyNot.notOnListed', { services });
  else yours = country ? w.t('server-reasons.whyNot.notOnServicesIn', { country }) : w.t('server-reasons.whyNot.notOnServices');
  let onHere = false;
  for (let x = index.platOff[idx]; x < index.platOff[idx + 1]; x++) if (inRegion(state, x)) onHere = true;
  // Titles that stream nowhere here only stand in when nothing on the user's services is left.
  const fallbackNote = !onHere && !state.fallback ? w.t('server-reasons.whyNot.fallbackNote') : '';
  return { code: 'not_on_services', text: w.sentences([yours, whereItStreams(w, state, idx), fallbackNote]) };
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

/** Between the clauses of "In its favour: ...". */
const CLAUSE_SEPARATORS: Partial<Record<Words['locale'], string>> = { ja: '、', ar: '؛ ' };

/** A keyword as the reader's language quotes it: "gore", « gore », „gore“, 「gore」. */
const quoted = (w: Words, text: string) => w.t('server-reasons.whyNot.quoted', { text });

/** One factor that speaks for the title, as a clause; null for the plain facts every pick has (language, platform). */
function favourClause(w: Words, f: Factor, nameOf: (id: string) => string, mood: string | undefined): string | null {
  switch (f.kind) {
    case 'similar_to':
      return w.t('server-reasons.favour.similar', { titles: w.list(f.titleIds.map(nameOf)) });
    case 'co_liked':
      return w.t('server-reasons.favour.coLiked', { title: nameOf(f.titleId) });
    case 'person':
      return w.t(f.role === 'director' ? 'server-reasons.favour.directedBy' : 'server-reasons.favour.stars', { name: f.name, title: nameOf(f.titleId) });
    case 'keywords': {
      // With a mood, a keyword may be the mood's (explain.ts merges the two lists).
      const values = { count: f.keywords.length, keywords: w.list(f.keywords.map((k) => quoted(w, k.trim()))) };
      return mood ? w.t('server-reasons.favour.keywordsMood', { ...values, mood: w.mood(mood) }) : w.t('server-reasons.favour.keywords', values);
    }
    case 'genre':
      return w.t('server-reasons.favour.genres', { count: f.genres.length, genres: w.list(f.genres.map(w.genre)) });
    case 'mood':
      return w.t('server-reasons.favour.mood', { mood: w.mood(f.mood) });
    case 'quality': {
      const imdb = f.imdb != null ? w.decimal(f.imdb) : null;
      const rt = f.rt != null ? w.count(Math.round(f.rt)) : null;
      if (imdb !== null && rt !== null) return w.t('server-reasons.favour.qualityBoth', { imdb, rt });
      if (imdb !== null) return w.t('server-reasons.favour.qualityImdb', { imdb });
      if (rt !== null) return w.t('server-reasons.favour.qualityRottenTomatoes', { rt });
      return null;
    }
    case 'saved': {
      // explain.ts says a title of the user's own library is on "your Jellyfin".
      const own = /^your (.+)$/.exec(f.platform);
      return w.t('server-reasons.favour.saved', { platform: own ? w.t('server-reasons.where.library', { service: own[1] }) : f.platform });
    }
    default:
      return null;
  }
}

function candidateReasons(w: Words, state: RequestState, idx: number): { reasons: WhyNotReason[]; rank: { position: number; of: number }; disliked: number | null } {
  const { index } = state;
  const reasons: WhyNotReason[] = [];
  const title = index.titles[idx];
  if (languageTier(state, idx) === 1) {
    let preferredLeft = false;
    for (let c = 0; c < state.candidates.length && !preferredLeft; c++) preferredLeft = languageTier(state, state.candidates[c]) === 0;
    if (preferredLeft) {
      const languages = w.list(state.taste.languages.map((l) => l.trim()).filter(Boolean).slice(0, 4).map(w.language));
      const text = title.language
        ? w.t('server-reasons.whyNot.language', { language: w.language(title.language), languages })
        : w.t('server-reasons.whyNot.languageUnknown', { languages });
      reasons.push({ code: 'language', text });
    }
  }
  const disliked = dislikedSimilar(state, idx);
  if (disliked !== null) reasons.push({ code: 'disliked_similar', text: w.t('server-reasons.whyNot.dislikedSimilar', { title: index.titles[disliked].title }) });

  const position = rankOf(state, idx);
  const of = state.candidates.length;
  const rank = { position: w.english ? ordinal(position) : w.count(position), of: w.count(of) };
  if (position <= poolSize(of, state.weights.exploreTop)) {
    reasons.push({ code: 'top_match', text: w.t('server-reasons.whyNot.topMatch', rank) });
  } else {
    reasons.push({ code: 'ranked', text: w.t('server-reasons.whyNot.ranked', rank) });
  }
  // What a pick of it would be explained by (explain.ts keeps only the factors that really pushed its score up).
  const clauses = explain(state, idx, 0)
    .factors.map((f) => favourClause(w, f, (id) => index.titles[index.idToIdx.get(id) ?? -1]?.title ?? id, state.opts.mood))
    .filter((c): c is string => c !== null)
    .slice(0, 3);
  if (clauses.length > 0) reasons.push({ code: 'in_its_favour', text: w.t('server-reasons.whyNot.inFavour', { clauses: clauses.join(CLAUSE_SEPARATORS[w.locale] ?? '; ') }) });
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
  const w = wordsFor(opts.locale);
  try {
    const answer: WhyNotAnswer = { titleId: title.id, excluded: true, rank: null, dislikedSimilar: null, reasons: [] };
    const history = historyReason(w, state, idx);
    if (history) answer.reasons.push(history);
    const verdict = constraintVerdict(title, opts);
    if (verdict) answer.reasons.push({ code: verdict.rule, text: constraintText(w, verdict, title.kind) });
    if (holds(state.candidates, idx)) {
      const { reasons, rank, disliked } = candidateReasons(w, state, idx);
      answer.excluded = false;
      answer.rank = rank;
      answer.dislikedSimilar = disliked === null ? null : index.titles[disliked].id;
      answer.reasons.push(...reasons);
    } else if (!history && !verdict) {
      answer.reasons.push(servicesReason(w, state, idx, opts.platform?.trim() || null));
    }
    return answer;
  } finally {
    release(state);
  }
}
