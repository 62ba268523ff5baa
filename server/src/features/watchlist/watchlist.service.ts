// The watchlist ("Save for later"): the rules. A saved title that streams on one of the user's
// services in their country is favoured for tonight's pick (engine weight `saved`); a title the
// user has watched is never saved, and one that becomes watched leaves the list
// (docs/product-decisions.md, "Imports, the watchlist and a history you can correct").
import { WATCHLIST_MAX, type WatchlistChange, type WatchlistItem, type WatchlistResponse } from '@app/shared';
import type { AppContext } from '../../context.js';
import type { CatalogEntry, CatalogStore, Viewer } from '../../catalog/catalog.store.js';
import { STREAMABLE } from '../../catalog/snapshot.js';
import { servesCountry } from '../../catalog/where-to-watch.js';
import { conflict, notFound } from '../../http/errors.js';
import type { History } from '../history/history.js';
import { deleteSaved, watchedInHistory } from '../history/history.repository.js';
import { viewerOf } from '../users/user-fields.js';
import { userLocale } from '../../i18n/messages.js';
import type { UserRow } from '../users/users.repository.js';
import { countSaved, insertSaved, savedAmong, watchlistRows } from './watchlist.repository.js';

export const SAVED = 'Saved for later.';
export const REMOVED = 'Removed from your watchlist.';
export const ALREADY_WATCHED = "You've already watched this.";
export const UNKNOWN_TITLE = 'That title is not in our catalog.';
export const WATCHLIST_FULL = `Your watchlist is full (${WATCHLIST_MAX} titles). Remove one to save another.`;

/**
 * The first of the user's services (in their order) that streams the title in their country, in
 * the catalog's spelling; null when none does (or the user has no services). The same rule as the
 * card's `yours` offers and the engine's hard rule 2.
 */
export function yourService(t: Pick<CatalogEntry, 'availability'>, viewer: Viewer): string | null {
  for (const mine of viewer.platforms) {
    const want = mine.toLowerCase();
    const offer = t.availability.find((o) => o.platform.toLowerCase() === want && STREAMABLE.has(o.kind) && servesCountry(o.region, viewer.country));
    if (offer) return offer.platform;
  }
  return null;
}

/**
 * Newest first. A saved title the catalog no longer knows at all (not even as retired) is left
 * out: the list stores only its id, so there is nothing to show; `total` counts what is shown.
 */
export async function listWatchlist(ctx: AppContext, catalog: CatalogStore, user: UserRow): Promise<WatchlistResponse> {
  const rows = await watchlistRows(ctx.db, user.id, WATCHLIST_MAX);
  const viewer = viewerOf(user);
  // One query for the list's descriptions (and their names and overviews in the viewer's language).
  const descriptions = await catalog.texts(rows.map((r) => r.title_id), userLocale(user));
  const items: WatchlistItem[] = [];
  for (const row of rows) {
    const title = await catalog.title(row.title_id);
    if (!title) continue;
    const platform = yourService(title, viewer);
    items.push({ ...catalog.toDisplay(title, descriptions.get(title.id)!, platform, viewer), added_at: row.added_at, on_your_services: platform !== null, import_id: row.import_id });
  }
  return { items, total: items.length };
}

/** Idempotent: saving a saved title answers the same. Serialised per user, so the bound holds under concurrent saves. */
export async function saveForLater(ctx: AppContext, history: History, user: UserRow, titleId: string): Promise<WatchlistChange> {
  const title = await history.catalog.title(titleId);
  if (!title) throw notFound(UNKNOWN_TITLE);
  const now = ctx.clock.now().toISOString();
  // Under the user's lock, with the history it checks; the kept history holds no watchlist (a pick
  // reads it), so it still stands after (history.ts keeps it when nothing in the history changed).
  await history.write(user.id, async ({ tx }) => {
    if (await watchedInHistory(tx, user.id, title.id)) throw conflict(ALREADY_WATCHED);
    if ((await savedAmong(tx, user.id, [title.id])).size > 0) return;
    if ((await countSaved(tx, user.id)) >= WATCHLIST_MAX) throw conflict(WATCHLIST_FULL);
    await insertSaved(tx, { user_id: user.id, title_id: title.id, added_at: now, import_id: null });
  });
  return { message: SAVED, title_id: title.id, saved: true };
}

/** Idempotent: removing a title that is not saved answers the same. */
export async function removeFromWatchlist(ctx: AppContext, user: UserRow, titleId: string): Promise<WatchlistChange> {
  await deleteSaved(ctx.db, user.id, titleId);
  return { message: REMOVED, title_id: titleId, saved: false };
}
