// The pick where you browse (docs/product-decisions.md, "The badge on a title page"): how well a
// title seen on a streaming site fits the user, and Like from the badge. The extension sends the
// title's name and year only; everything else is the user's own data on the server.
import { randomUUID } from 'node:crypto';
import { fitLabel, type FitQuery, type FitResponse, type RateTitleRequest, type RateTitleResponse } from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { CatalogEntry, CatalogStore } from '../../catalog/catalog.store.js';
import { writeTransaction } from '../../db/transaction.js';
import { constraintVerdict, fitOf, type ConstraintBreak } from '../../engine/index.js';
import { notFound, unauthorized } from '../../http/errors.js';
import { favouriteTitleIds } from '../onboarding/onboarding.repository.js';
import { coLikesFor } from '../recommendations/co-likes.js';
import { engineIndexFor } from '../recommendations/engine-index.js';
import { editClosed, lockUser, tasteRows } from '../recommendations/recommendations.repository.js';
import { buildTaste } from '../recommendations/taste.js';
import { engineTonight, mergeTonight } from '../tonight/tonight.service.js';
import type { UserRow } from '../users/users.repository.js';
import { deleteSaved, savedAmong } from '../watchlist/watchlist.repository.js';
import { insertRated, newestRowOf, newestSeq } from './fit.repository.js';

export const NOT_IN_CATALOG = "This title isn't in our catalog yet.";
export const UNKNOWN_TITLE = 'That title is not in our catalog.';

type Named = Pick<CatalogEntry, 'kind' | 'year' | 'endYear' | 'fame' | 'popularity'>;

/**
 * Which of the titles with the page's name it is. With a year: a title of that year or one either
 * side (a film's page may give its release in another country; a series' page often the year of
 * its latest season, so a series also matches any year of its run); the exact year wins, then the
 * most famous. Without a year: the most famous. Null when none fits.
 */
export function chooseNamed<T extends Named>(found: readonly T[], year: number | undefined): T | null {
  const fame = (a: T, b: T) => b.fame - a.fame || (b.popularity || 0) - (a.popularity || 0);
  if (year === undefined) return [...found].sort(fame)[0] ?? null;
  const distance = (t: T) => {
    if (Math.abs(t.year - year) <= 1) return Math.abs(t.year - year);
    if (t.kind === 'series' && t.year <= year && year <= (t.endYear ?? year)) return 2;
    return Infinity;
  };
  const near = found.filter((t) => distance(t) !== Infinity);
  return near.sort((a, b) => distance(a) - distance(b) || fame(a, b))[0] ?? null;
}

export async function titleFit(ctx: AppContext, catalog: CatalogStore, user: UserRow, q: z.output<typeof FitQuery>): Promise<FitResponse> {
  const entry = chooseNamed(await catalog.named(q.title), q.year);
  if (!entry) throw notFound(NOT_IN_CATALOG);
  const [titles, favourites, rows, saved] = await Promise.all([
    catalog.titles(),
    favouriteTitleIds(ctx.db, user.id),
    tasteRows(ctx.db, user.id),
    savedAmong(ctx.db, user.id, [entry.id]),
  ]);
  const index = engineIndexFor(titles);
  const fit = fitOf(index, buildTaste(user, favourites, rows), entry.id, {}, coLikesFor(ctx, catalog).current());
  // The name lookup and the index come from one snapshot, so the index has the title.
  if (!fit) throw notFound(NOT_IN_CATALOG);
  // The user's standing "Never show me" choices (not tonight's time or kind: browsing is not
  // tonight's pick) outrank a good score: the badge never calls an excluded title a match.
  const standing = engineTonight(user, mergeTonight(user, {}));
  const idx = index.idToIdx.get(entry.id);
  const excluded =
    fit.history === null && idx !== undefined ? constraintVerdict(index.titles[idx], { seed: 0, exclusions: standing.exclusions, maxAge: standing.maxAge }) : null;
  return {
    title_id: entry.id,
    title: entry.title,
    year: entry.year,
    score: fit.score,
    label: excluded ? fitLabel(0) : fitLabel(fit.score),
    reason: excluded ? excludedReason(excluded) : fit.reason,
    history: fit.history,
    saved: saved.has(entry.id),
  };
}

/** Why a title the user ruled out in Settings is not for them, in the words of that setting. */
function excludedReason(verdict: ConstraintBreak): string {
  switch (verdict.rule) {
    case 'excluded_genre':
      return `${verdict.genre} is on your "Never show me" list.`;
    case 'excluded_keyword':
      return `It is tagged "${verdict.keyword}", and "${verdict.exclusion}" is on your "Never show me" list.`;
    case 'excluded_person':
      return `${verdict.person} is on your "Never show me" list.`;
    case 'age_rating':
      return `It is rated ${verdict.minAge}+, above the age limit in your settings (${verdict.maxAge === 0 ? 'all ages' : `${verdict.maxAge}+`}).`;
    default:
      return 'Your settings rule it out.';
  }
}

/**
 * Like (or dislike) a title from the badge. A title already in the history gets the rating on its
 * newest row, as the history's own Like does; any other becomes a watched row (you rate what you
 * have seen), newest in the history, so the engine weighs it as the latest like. A watched title
 * leaves the watchlist. Free: rating never spends a pick.
 */
export async function rateTitle(ctx: AppContext, catalog: CatalogStore, user: UserRow, input: z.output<typeof RateTitleRequest>): Promise<RateTitleResponse> {
  const title = await catalog.title(input.title_id);
  if (!title) throw notFound(UNKNOWN_TITLE);
  const now = ctx.clock.now();
  await writeTransaction(ctx.database, async (tx) => {
    // Every write to the history takes the user's lock first (and bumps taste_rev: taste-state.ts).
    if (!(await lockUser(tx, ctx.database.dialect, user.id))) throw unauthorized();
    const existing = await newestRowOf(tx, user.id, title.id);
    if (existing) {
      await editClosed(tx, user.id, existing.id, { rating: input.rating, status: undefined, now });
      return;
    }
    await insertRated(tx, {
      id: randomUUID(),
      user_id: user.id,
      seq: Math.max(0, await newestSeq(tx, user.id)) + 1,
      title_id: title.id,
      movie_title: title.title,
      status: 'watched',
      user_rating: input.rating ? 1 : 0,
      rated_at: now.toISOString(),
      mood: null,
      platform: null,
      reason: input.rating ? 'Liked from a title page, with the browser extension.' : 'Disliked from a title page, with the browser extension.',
      score: 0,
      created_at: now.toISOString(),
      closed_at: now.toISOString(),
      origin: 'badge',
      import_id: null,
    });
    await deleteSaved(tx, user.id, title.id);
  });
  return {
    message: input.rating ? "Thanks! We'll find more like this." : "Got it. We'll steer away from titles like this.",
    title_id: title.id,
    rating: input.rating,
  };
}
