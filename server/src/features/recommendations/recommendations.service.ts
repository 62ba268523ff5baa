// The rules of the recommendation API; routes call these with parsed input.
import type { HistoryQuery, NewRecommendationRequest, RateRequest, RateResponse, Recommendation, HistoryResponse, SubscriptionWarning } from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { CatalogStore, Viewer } from '../../catalog/catalog.store.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { currentWarning, warningOf } from '../subscription/subscription.service.js';
import { userLists, type UserRow } from '../users/users.repository.js';
import { issueRecommendation, type Issued } from './issue.js';
import { activeRecommendation, findByMovieTitle, findRecommendation, historyPage, rateOnce, type RecommendationRow } from './recommendations.repository.js';
import { presentRecommendation } from './present.js';

export const ALREADY_RATED = 'This recommendation has already been rated.';
export const NOT_YOURS = 'Recommendation not found';

/** Whom a card is for: where to watch is answered in their country, their services first. */
export function viewerOf(user: UserRow): Viewer {
  return { country: user.country ?? null, platforms: userLists.platforms(user) };
}

export async function present(catalog: CatalogStore, row: RecommendationRow, warning: SubscriptionWarning | null, user: UserRow): Promise<Recommendation> {
  const title = await catalog.title(row.title_id);
  const viewer = viewerOf(user);
  return presentRecommendation(row, title ? catalog.toDisplay(title, row.platform, viewer) : null, warning, viewer.country);
}

async function presentIssued(ctx: AppContext, catalog: CatalogStore, user: UserRow, issued: Issued): Promise<Recommendation> {
  const warning = issued.state ? warningOf(issued.state) : await currentWarning(ctx, user);
  return present(catalog, issued.row, warning, user);
}

/** The active recommendation, or the first one (which counts against the plan) when there is none. */
export async function currentRecommendation(ctx: AppContext, catalog: CatalogStore, user: UserRow): Promise<Recommendation> {
  const active = await activeRecommendation(ctx.db, user.id);
  const issued = active ? { row: active, state: null } : await issueRecommendation(ctx, catalog, user, { onlyIfNoneActive: true });
  return presentIssued(ctx, catalog, user, issued);
}

export async function newRecommendation(
  ctx: AppContext,
  catalog: CatalogStore,
  user: UserRow,
  input: z.output<typeof NewRecommendationRequest>,
): Promise<Recommendation> {
  if (input.platform !== undefined && !(await catalog.platformNames()).has(input.platform)) {
    throw badRequest(`Unknown platform: ${input.platform}`, { errors: [{ path: 'platform', message: `Unknown platform: ${input.platform}` }] });
  }
  const issued = await issueRecommendation(ctx, catalog, user, input);
  return presentIssued(ctx, catalog, user, issued);
}

/** The card's Like / Dislike: once per recommendation (spec: both buttons are then disabled). */
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
    throw badRequest('movie_title does not match the recommendation', { errors: [{ path: 'movie_title', message: 'movie_title does not match the recommendation' }] });
  }
  if (row.user_rating !== null) throw conflict(ALREADY_RATED);
  const rated = await rateOnce(ctx.db, user.id, row.id, input.rating, ctx.clock.now());
  if (!rated) throw conflict(ALREADY_RATED);
  return {
    message: input.rating ? "Thanks! We'll find more like this." : "Got it. We'll steer away from titles like this.",
    recommendation: await present(catalog, rated, null, user),
  };
}

export async function recommendationHistory(
  ctx: AppContext,
  catalog: CatalogStore,
  user: UserRow,
  q: z.output<typeof HistoryQuery>,
): Promise<HistoryResponse> {
  const { rows, total } = await historyPage(ctx.db, user.id, q.page, q.page_size);
  return {
    recommendations: await Promise.all(rows.map((r) => present(catalog, r, null, user))),
    page: q.page,
    page_size: q.page_size,
    total,
  };
}
