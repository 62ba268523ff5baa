// How well ONE title fits a user: the browser extension's badge asks this on a streaming site's
// title page. It is the score the engine would give that title tonight, read as a rank: the
// share of the titles the user has not seen that the engine orders below it (language tier, then
// score: rank.ts), so a fit of 0.93 means "ranks above 93% of what you have not seen".
//
// The hard rules that keep a title from being picked (not on your services, already in your
// history) do not change the fit: the user is looking at the title on a service right now, and a
// title they liked still fits them. Platforms, the country and the watchlist's boost are left out
// of the request for that reason; the history is kept, since it is the taste.
//
// One pass over the catalog (the score pass every pick runs) and one count: no sort, so a
// 100,000-title catalog costs what a pick costs.
import { FIT_THRESHOLDS, type Locale } from '@app/shared';
import { titleDrivers } from './explain.js';
import type { CatalogIndex } from './catalog-index.js';
import { wordsFor, type Words } from './phrasing.js';
import type { RequestState } from './request-state.js';
import { languageTier, prepare, release } from './scoring.js';
import { scoreCandidates } from './score-pass.js';
import { similarityAt, substantiveSimilarityAt } from './similarity.js';
import type { EngineWeights, Factor, Neighbours, UserTaste } from './types.js';

/** Where the title already is in the user's history, strongest first when it is in several lists. */
export type FitHistory = 'liked' | 'disliked' | 'watched' | 'favourite' | 'recommended';

export interface FitOptions {
  /** Overrides of DEFAULT_WEIGHTS, as in RecommendOptions. */
  weights?: Partial<EngineWeights>;
  /** The language of the reason; English when unset. */
  locale?: Locale;
}

export interface Fit {
  titleId: string;
  /** In [0, 1]: the share of the user's unseen titles the engine ranks below this one. */
  score: number;
  /** The engine's own score for the title (the units of RankedTitle.score). */
  raw: number;
  /** Null when the title is not in the user's history. */
  history: FitHistory | null;
  /** What pushed the title up (as in Recommendation.factors); empty for a title in the history. */
  factors: Factor[];
  /** One short sentence: "You liked Parasite.", "Directed by Bong Joon-ho, whose Mother you liked." */
  reason: string;
}

/** A disliked title this similar (genres, keywords, people) and this heavy in the score is named. */
const NAMED_SIMILARITY = 0.15;
const MEANINGFUL = 0.05;

function historyOf(state: RequestState, idx: number): FitHistory | null {
  const h = state.history;
  // A title is issued once, so it has one rating; liked and disliked never both hold it.
  if (h.liked.includes(idx)) return 'liked';
  if (h.disliked.includes(idx)) return 'disliked';
  if (h.watched.includes(idx)) return 'watched';
  if (h.favourites.includes(idx)) return 'favourite';
  if (h.recommended.includes(idx)) return 'recommended';
  return null;
}

/** What the badge says of a title in the history (shared/locales/server-reasons). */
const HISTORY_REASONS: Record<FitHistory, string> = {
  liked: 'server-reasons.fit.liked',
  disliked: 'server-reasons.fit.disliked',
  watched: 'server-reasons.fit.watched',
  favourite: 'server-reasons.fit.favourite',
  recommended: 'server-reasons.fit.recommended',
};

/** The disliked title that pulls this one down the most, when it is close enough to name. */
function dislikedLookalike(state: RequestState, idx: number): number | null {
  const { index, weights: w } = state;
  let best = -1;
  let bestPart = 0;
  for (const d of state.profile.negatives) {
    const part = w.dislike * w.content * d.weight * similarityAt(index, d.idx, idx);
    if (part > bestPart && substantiveSimilarityAt(index, d.idx, idx) >= NAMED_SIMILARITY) {
      best = d.idx;
      bestPart = part;
    }
  }
  return best >= 0 && bestPart >= MEANINGFUL ? best : null;
}

/** One sentence from the strongest factor, in the words of the pick's reason and the reader's language. */
function shortReason(w: Words, state: RequestState, idx: number, factors: Factor[], score: number): string {
  const { index } = state;
  const nameOf = (id: string) => index.titles[index.idToIdx.get(id) ?? -1]?.title ?? id;
  // Below a good match the badge says "Maybe not for you": a reason that praises the title would
  // contradict it, so it names what holds the title back, or says it is far from the taste.
  if (score < FIT_THRESHOLDS.good) {
    const lookalike = dislikedLookalike(state, idx);
    return lookalike !== null ? w.t('server-reasons.fit.dislikedLookalike', { title: index.titles[lookalike].title }) : w.t('server-reasons.fit.farFromTaste');
  }
  for (const f of factors) {
    switch (f.kind) {
      case 'similar_to':
        return w.t('server-reasons.fit.similar', { titles: w.list(f.titleIds.map(nameOf)) });
      case 'person':
        return w.t(f.role === 'director' ? 'server-reasons.fit.directedBy' : 'server-reasons.fit.starring', { name: f.name, title: nameOf(f.titleId) });
      case 'co_liked':
        return w.t('server-reasons.fit.coLiked', { title: nameOf(f.titleId) });
      case 'genre': {
        const genres = w.list(f.genres.map((g) => (w.english ? g.trim() : w.genre(g))));
        return w.t('server-reasons.fit.genres', { count: f.genres.length, genres: capitalise(genres, w.locale) });
      }
      case 'quality': {
        const imdb = f.imdb != null ? w.decimal(f.imdb) : null;
        const rt = f.rt != null ? w.count(f.rt) : null;
        if (imdb !== null && rt !== null) return w.t('server-reasons.ratings.both', { imdb, rt });
        if (imdb !== null) return w.t('server-reasons.ratings.imdb', { imdb });
        if (rt !== null) return w.t('server-reasons.ratings.rottenTomatoes', { rt });
        break;
      }
      default:
        break;
    }
  }
  // Nothing personal drove it: the rank itself is the honest answer.
  return w.t('server-reasons.fit.ranks', { percent: Math.floor(score * 100) });
}

function capitalise(text: string, locale: Locale): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/**
 * How well title `titleId` fits the user, or null when the catalog does not have it. Pure and
 * synchronous, like recommend: the index's scratch buffers serve one request at a time.
 */
export function fitOf(index: CatalogIndex, taste: UserTaste, titleId: string, opts: FitOptions = {}, neighbours?: Neighbours): Fit | null {
  const idx = index.idToIdx.get(titleId);
  if (idx === undefined) return null;
  // Any platform, any country, nothing boosted: how the title fits the taste, not tonight's rules.
  const state = prepare(index, { ...taste, platforms: [], saved: [] }, { seed: 0, region: null, weights: opts.weights }, neighbours);
  try {
    const { candidates } = state;
    const { score } = index.scratch;
    // A title in the history is not a candidate, so the pass did not score it: score it alone
    // (the pass writes only its candidates' entries; the others keep their scores).
    let isCandidate = false;
    for (let c = 0; c < candidates.length && !isCandidate; c++) isCandidate = candidates[c] === idx;
    if (!isCandidate) scoreCandidates({ ...state, candidates: Int32Array.of(idx), saved: [] });
    const own = score[idx];
    const ownTier = languageTier(state, idx);
    let below = 0;
    let ties = 0;
    let others = 0;
    for (let c = 0; c < candidates.length; c++) {
      const i = candidates[c];
      if (i === idx) continue;
      others++;
      const tier = languageTier(state, i);
      if (tier > ownTier || (tier === ownTier && score[i] < own)) below++;
      else if (tier === ownTier && score[i] === own) ties++;
    }
    const fit = others === 0 ? 0.5 : Math.min(1, Math.max(0, (below + ties / 2) / others));
    const history = historyOf(state, idx);
    const factors = history ? [] : titleDrivers(state, idx).map((d) => d.factor);
    return {
      titleId,
      score: fit,
      raw: Number.isFinite(own) ? own : 0,
      history,
      factors,
      reason: history ? wordsFor(opts.locale).t(HISTORY_REASONS[history]) : shortReason(wordsFor(opts.locale), state, idx, factors, fit),
    };
  } finally {
    release(state);
  }
}
