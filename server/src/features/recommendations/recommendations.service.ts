// The rules of the recommendation API; routes call these with parsed input.
import type {
  HistoryEditRequest,
  HistoryQuery,
  MessageResponse,
  RateRequest,
  RateResponse,
  Recommendation,
  HistoryResponse,
  SubscriptionWarning,
} from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { fieldError, conflict, notFound } from '../../http/errors.js';
import { translate, userLocale } from '../../i18n/messages.js';
import type { History } from '../history/history.js';
import { activeWithSaved, deleteSaved, findByMovieTitle, findRecommendation, historyPage, type RecommendationRow } from '../history/history.repository.js';
import { currentWarning } from '../subscription/subscription.service.js';
import type { UserRow } from '../users/users.repository.js';
import { savedAmong } from '../watchlist/watchlist.repository.js';
import { issueRecommendation, presentIssued } from './issue.js';
import { present } from './present.js';
import { readCopies } from './own-library.js';

export const ALREADY_RATED = 'This recommendation has already been rated.';
export const NOT_YOURS = 'Recommendation not found';
export const ACTIVE_WATCHED = "This is tonight's pick: use Watched it on the card.";
export const ACTIVE_DELETE = "This is tonight's pick: get a new recommendation first, then remove it from your history.";
export const HISTORY_REMOVED = 'Removed from your history.';

/** The same texts as catalog Messages (shared/locales/server-picks), said in the reader's language; English is the constants above. */
export const PICK_MESSAGES = {
  alreadyRated: { key: 'server-picks.recommendations.alreadyRated' },
  notYours: { key: 'server-picks.recommendations.notYours' },
  activeWatched: { key: 'server-picks.recommendations.activeWatched' },
  activeDelete: { key: 'server-picks.recommendations.activeDelete' },
  titleMismatch: { key: 'server-picks.recommendations.titleMismatch' },
} as const;

/** The answer to a rating, in the user's language: "Thanks! We'll find more like this." */
export const ratedMessage = (user: Pick<UserRow, 'ui_language'>, liked: boolean) =>
  translate(userLocale(user), liked ? 'server-picks.recommendations.ratedLiked' : 'server-picks.recommendations.ratedDisliked');

/** One card with its watchlist flag (one primary-key lookup) and the user's own copies of it. */
async function presentOne(ctx: AppContext, history: History, row: RecommendationRow, warning: SubscriptionWarning | null, user: UserRow): Promise<Recommendation> {
  const [saved, own] = await Promise.all([savedAmong(ctx.db, user.id, [row.title_id]), readCopies(ctx.db, user.id, row.title_id)]);
  return present(history.catalog, row, warning, user, saved.has(row.title_id), undefined, own);
}

/** The active recommendation, or the first one (which counts against the plan) when there is none. */
export async function currentRecommendation(ctx: AppContext, history: History, user: UserRow): Promise<Recommendation> {
  const active = await activeWithSaved(ctx.db, user.id);
  if (active) {
    const [warning, own] = await Promise.all([currentWarning(ctx, user), readCopies(ctx.db, user.id, active.row.title_id)]);
    return present(history.catalog, active.row, warning, user, active.saved, undefined, own);
  }
  const issued = await issueRecommendation(ctx, history, user, { onlyIfNoneActive: true });
  // One made meanwhile (another tab) is returned as it is, with the plan as it stands.
  return presentIssued(history, issued, issued.state ? null : await currentWarning(ctx, user));
}

/** The card's Like / Dislike: once per recommendation (both buttons are then disabled). */
export async function rateRecommendation(
  ctx: AppContext,
  history: History,
  user: UserRow,
  input: z.output<typeof RateRequest>,
): Promise<RateResponse> {
  const row = input.recommendation_id
    ? await findRecommendation(ctx.db, user.id, input.recommendation_id)
    : await findByMovieTitle(ctx.db, user.id, input.movie_title);
  if (!row) throw notFound(PICK_MESSAGES.notYours);
  // The card may have shown the title in the viewer's language: that name is the pick's too.
  const same = (name: string | null) => name !== null && name.trim().toLowerCase() === input.movie_title.trim().toLowerCase();
  if (input.recommendation_id && !same(row.movie_title) && !same((await history.catalog.text(row.title_id, userLocale(user))).title)) {
    throw fieldError('movie_title', PICK_MESSAGES.titleMismatch);
  }
  if (row.user_rating !== null) throw conflict(PICK_MESSAGES.alreadyRated);
  const rated = await history.write(user.id, (h) => h.rate(row.id, input.rating, ctx.clock.now()));
  if (!rated) throw conflict(PICK_MESSAGES.alreadyRated);
  return {
    message: ratedMessage(user, input.rating),
    recommendation: await presentOne(ctx, history, rated, null, user),
  };
}

export async function recommendationHistory(
  ctx: AppContext,
  history: History,
  user: UserRow,
  q: z.output<typeof HistoryQuery>,
): Promise<HistoryResponse> {
  const { rows, total } = await historyPage(ctx.db, user.id, q.page, q.page_size);
  // One query for the page's titles, one for their descriptions.
  const ids = rows.map((r) => r.title_id);
  const [saved, descriptions] = await Promise.all([savedAmong(ctx.db, user.id, ids), history.catalog.texts(ids, userLocale(user))]);
  return {
    recommendations: await Promise.all(rows.map((r) => present(history.catalog, r, null, user, saved.has(r.title_id), descriptions))),
    page: q.page,
    page_size: q.page_size,
    total,
  };
}

/**
 * PATCH /api/recommendations/history/:id: change or clear the rating (rated_at = now, so the
 * co-likes notice), mark watched or not. Tonight's pick keeps its card's own buttons for
 * watched (409); its rating may change. A title that becomes watched leaves the watchlist.
 */
export async function editHistory(
  ctx: AppContext,
  history: History,
  user: UserRow,
  id: string,
  input: z.output<typeof HistoryEditRequest>,
): Promise<Recommendation> {
  const row = await findRecommendation(ctx.db, user.id, id);
  if (!row) throw notFound(PICK_MESSAGES.notYours);
  if (row.status === 'active' && input.watched !== undefined) throw conflict(PICK_MESSAGES.activeWatched);
  const current = row.user_rating === null ? null : Number(row.user_rating) === 1;
  const rating = input.rating === undefined || input.rating === current ? undefined : input.rating;
  const status = input.watched === undefined ? undefined : input.watched ? 'watched' : 'skipped';
  const edited = await history.write(user.id, async (h) => {
    // A closed row never becomes active again; the condition keeps a watched change off the active pick.
    const updated = await h.edit(row, { rating, status, now: ctx.clock.now() });
    if (updated?.status === 'watched') await deleteSaved(h.tx, user.id, updated.title_id);
    return updated;
  });
  // Nothing matched: the row went meanwhile (deleted in another tab), or it is the active pick.
  if (!edited) throw status === undefined ? notFound(PICK_MESSAGES.notYours) : conflict(PICK_MESSAGES.activeWatched);
  return presentOne(ctx, history, edited, null, user);
}

/** DELETE /api/recommendations/history/:id: the row goes (the title may be picked again); never tonight's pick. */
export async function removeHistory(ctx: AppContext, history: History, user: UserRow, id: string): Promise<MessageResponse> {
  const row = await findRecommendation(ctx.db, user.id, id);
  if (!row) throw notFound(PICK_MESSAGES.notYours);
  if (row.status === 'active') throw conflict(PICK_MESSAGES.activeDelete);
  const gone = await history.write(user.id, (h) => h.deleteClosed(row.id));
  if (gone === 0) throw notFound(PICK_MESSAGES.notYours);
  return { message: translate(userLocale(user), 'server-picks.recommendations.historyRemoved') };
}
