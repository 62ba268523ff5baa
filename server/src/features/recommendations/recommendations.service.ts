// The rules of the recommendation API; routes call these with parsed input.
import type {
  HistoryEditRequest,
  HistoryQuery,
  MessageResponse,
  NewRecommendationRequest,
  RateRequest,
  RateResponse,
  Recommendation,
  HistoryResponse,
  SubscriptionWarning,
} from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { CatalogStore, Viewer } from '../../catalog/catalog.store.js';
import { fieldError, conflict, notFound, unauthorized } from '../../http/errors.js';
import { currentWarning, warningOf } from '../subscription/subscription.service.js';
import { userLists, type UserRow } from '../users/users.repository.js';
import { issueRecommendation, type Issued } from './issue.js';
import { writeTransaction } from '../../db/transaction.js';
import { deleteSaved, savedAmong } from '../watchlist/watchlist.repository.js';
import { coLikesFor } from './co-likes.js';
import {
  activeWithSaved,
  deleteClosed,
  editClosed,
  findByMovieTitle,
  findRecommendation,
  historyPage,
  lockUser,
  type RecommendationRow,
} from './recommendations.repository.js';
import { rateInHistory } from './rate.js';
import { tasteCacheFor } from './taste-state.js';
import { presentRecommendation } from './present.js';

export const ALREADY_RATED = 'This recommendation has already been rated.';
export const NOT_YOURS = 'Recommendation not found';
export const ACTIVE_WATCHED = "This is tonight's pick: use Watched it on the card.";
export const ACTIVE_DELETE = "This is tonight's pick: get a new recommendation first, then remove it from your history.";
export const HISTORY_REMOVED = 'Removed from your history.';

/** Whom a card is for: where to watch is answered in their country, their services first. */
export function viewerOf(user: UserRow): Viewer {
  return { country: user.country ?? null, platforms: userLists.platforms(user) };
}

/**
 * `saved`: the title is on the user's watchlist (callers ask the watchlist once per request);
 * `descriptions`: a page's descriptions, read in one query (otherwise this card's own).
 */
export async function present(
  catalog: CatalogStore,
  row: RecommendationRow,
  warning: SubscriptionWarning | null,
  user: UserRow,
  saved = false,
  descriptions?: ReadonlyMap<string, string>,
): Promise<Recommendation> {
  const title = await catalog.title(row.title_id);
  const viewer = viewerOf(user);
  const display = title ? catalog.toDisplay(title, descriptions?.get(title.id) ?? (await catalog.description(title.id)), row.platform, viewer) : null;
  return presentRecommendation(row, display, warning, viewer.country, saved);
}

/** One card with its watchlist flag: one primary-key lookup. */
async function presentOne(ctx: AppContext, catalog: CatalogStore, row: RecommendationRow, warning: SubscriptionWarning | null, user: UserRow): Promise<Recommendation> {
  const saved = await savedAmong(ctx.db, user.id, [row.title_id]);
  return present(catalog, row, warning, user, saved.has(row.title_id));
}

async function presentIssued(ctx: AppContext, catalog: CatalogStore, user: UserRow, issued: Issued): Promise<Recommendation> {
  const warning = issued.state ? warningOf(issued.state) : await currentWarning(ctx, user);
  return presentOne(ctx, catalog, issued.row, warning, user);
}

/** The active recommendation, or the first one (which counts against the plan) when there is none. */
export async function currentRecommendation(ctx: AppContext, catalog: CatalogStore, user: UserRow): Promise<Recommendation> {
  const active = await activeWithSaved(ctx.db, user.id);
  if (active) return present(catalog, active.row, await currentWarning(ctx, user), user, active.saved);
  return presentIssued(ctx, catalog, user, await issueRecommendation(ctx, catalog, user, { onlyIfNoneActive: true }));
}

export async function newRecommendation(
  ctx: AppContext,
  catalog: CatalogStore,
  user: UserRow,
  input: z.output<typeof NewRecommendationRequest>,
): Promise<Recommendation> {
  if (input.platform !== undefined && !(await catalog.platformNames()).has(input.platform)) {
    throw fieldError('platform', `Unknown platform: ${input.platform}`);
  }
  const issued = await issueRecommendation(ctx, catalog, user, input);
  return presentIssued(ctx, catalog, user, issued);
}

/** The card's Like / Dislike: once per recommendation (both buttons are then disabled). */
export async function rateRecommendation(
  ctx: AppContext,
  catalog: CatalogStore,
  user: UserRow,
  input: z.output<typeof RateRequest>,
): Promise<RateResponse> {
  const row = input.recommendation_id
    ? await findRecommendation(ctx.db, user.id, input.recommendation_id)
    : await findByMovieTitle(ctx.db, user.id, input.movie_title);
  if (!row) throw notFound(NOT_YOURS);
  if (input.recommendation_id && row.movie_title.trim().toLowerCase() !== input.movie_title.trim().toLowerCase()) {
    throw fieldError('movie_title', 'movie_title does not match the recommendation');
  }
  if (row.user_rating !== null) throw conflict(ALREADY_RATED);
  const rated = await rateInHistory(ctx, user.id, row.id, input.rating);
  if (!rated) throw conflict(ALREADY_RATED);
  return {
    message: input.rating ? "Thanks! We'll find more like this." : "Got it. We'll steer away from titles like this.",
    recommendation: await presentOne(ctx, catalog, rated, null, user),
  };
}

export async function recommendationHistory(
  ctx: AppContext,
  catalog: CatalogStore,
  user: UserRow,
  q: z.output<typeof HistoryQuery>,
): Promise<HistoryResponse> {
  const { rows, total } = await historyPage(ctx.db, user.id, q.page, q.page_size);
  // One query for the page's titles, one for their descriptions.
  const ids = rows.map((r) => r.title_id);
  const [saved, descriptions] = await Promise.all([savedAmong(ctx.db, user.id, ids), catalog.descriptions(ids)]);
  return {
    recommendations: await Promise.all(rows.map((r) => present(catalog, r, null, user, saved.has(r.title_id), descriptions))),
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
  catalog: CatalogStore,
  user: UserRow,
  id: string,
  input: z.output<typeof HistoryEditRequest>,
): Promise<Recommendation> {
  const row = await findRecommendation(ctx.db, user.id, id);
  if (!row) throw notFound(NOT_YOURS);
  if (row.status === 'active' && input.watched !== undefined) throw conflict(ACTIVE_WATCHED);
  const current = row.user_rating === null ? null : Number(row.user_rating) === 1;
  const rating = input.rating === undefined || input.rating === current ? undefined : input.rating;
  const status = input.watched === undefined ? undefined : input.watched ? 'watched' : 'skipped';
  const { edited, rev } = await writeTransaction(ctx.database, async (tx) => {
    const fresh = await lockUser(tx, ctx.database.dialect, user.id);
    if (!fresh) throw unauthorized();
    // A closed row never becomes active again; the condition keeps a watched change off the active pick.
    const updated = await editClosed(tx, user.id, row.id, { rating, status, now: ctx.clock.now() });
    if (updated?.status === 'watched') await deleteSaved(tx, user.id, updated.title_id);
    return { edited: updated, rev: fresh.taste_rev };
  });
  // A history edit is rare: the next pick reads the history again.
  tasteCacheFor(ctx).advance(user.id, rev, () => false);
  // Nothing matched: the row went meanwhile (deleted in another tab), or it is the active pick.
  if (!edited) throw status === undefined ? notFound(NOT_YOURS) : conflict(ACTIVE_WATCHED);
  // Watched titles are mild positives of the co-likes: a change there is not a rated_at, so it is told.
  if (status !== undefined && status !== row.status) coLikesFor(ctx, catalog).noteChanges(1);
  return presentOne(ctx, catalog, edited, null, user);
}

/** DELETE /api/recommendations/history/:id: the row goes (the title may be picked again); never tonight's pick. */
export async function removeHistory(ctx: AppContext, catalog: CatalogStore, user: UserRow, id: string): Promise<MessageResponse> {
  const row = await findRecommendation(ctx.db, user.id, id);
  if (!row) throw notFound(NOT_YOURS);
  if (row.status === 'active') throw conflict(ACTIVE_DELETE);
  const { gone, rev } = await writeTransaction(ctx.database, async (tx) => {
    const fresh = await lockUser(tx, ctx.database.dialect, user.id);
    if (!fresh) throw unauthorized();
    return { gone: await deleteClosed(tx, user.id, row.id), rev: fresh.taste_rev };
  });
  tasteCacheFor(ctx).advance(user.id, rev, () => false);
  if (gone === 0) throw notFound(NOT_YOURS);
  // A deleted like or watched title leaves no rated_at behind: tell the co-likes.
  coLikesFor(ctx, catalog).noteChanges(1);
  return { message: HISTORY_REMOVED };
}
