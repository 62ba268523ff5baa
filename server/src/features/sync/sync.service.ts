// The one way in for what connected apps and the extension tell us (docs/product-decisions.md,
// "What you watch elsewhere"): events become history through the one owner (History.write), each
// external event once (sync_events), each title once, dated as the source dates it. The active
// pick watched or rated elsewhere is closed in the same write, so the next pick never offers it.
import { createHash } from 'node:crypto';
import { watchedOnLabel, type SyncOrigin } from '@app/shared';
import type { AppContext } from '../../context.js';
import type { CatalogEntry } from '../../catalog/catalog.store.js';
import { writeTransaction } from '../../db/transaction.js';
import type { History, HistoryWrite } from '../history/history.js';
import { changeFor, mergeByTitle, type TitleChange, type TitleFacts } from './sync-plan.js';
import type { LibraryItem, SyncCounts, SyncEvent } from './sync-event.js';
import { matcherFor, matchRef } from './sync-matching.js';
import * as events from './sync.repository.js';
import * as library from './library.repository.js';

/** Events written per transaction: a long pull is many short writes, never one that holds the user's lock. */
export const SYNC_BATCH = 200;
/** Events one call takes (a webhook or one pull's page): the rest is refused by the caller's bound. */
export const SYNC_MAX_EVENTS = 10_000;
/** Keys longer than this are kept as their hash (a source's key is its own ids and times). */
const KEY_MAX = 200;

const keyOf = (k: string) => (k.length <= KEY_MAX ? k : `sha256:${createHash('sha256').update(k).digest('base64url')}`);

/** A source's date, never in the future and never before the epoch; an unreadable one is now. */
function dated(at: Date, now: Date): Date {
  const t = at instanceof Date ? at.getTime() : NaN;
  return Number.isFinite(t) && t > 0 && t <= now.getTime() ? at : now;
}

export async function recordEvents(history: History, userId: string, origin: SyncOrigin, list: readonly SyncEvent[], now: Date): Promise<SyncCounts> {
  const counts: SyncCounts = { received: list.length, written: 0, duplicates: 0, unmatched: 0 };
  // Read before the writes: nothing inside them waits on the catalog while holding the user's lock.
  const matcher = matcherFor(await history.catalog.titles());
  const index = await history.index();
  const bounded = list.slice(0, SYNC_MAX_EVENTS).map((e) => ({ ...e, key: keyOf(e.key), at: dated(e.at, now) }));
  for (let i = 0; i < bounded.length; i += SYNC_BATCH) {
    const batch = bounded.slice(i, i + SYNC_BATCH);
    const done = await history.write(userId, (h) => writeBatch(h, matcher, index, origin, batch, now));
    counts.written += done.written;
    counts.duplicates += done.duplicates;
    counts.unmatched += done.unmatched;
  }
  return counts;
}

async function writeBatch(
  h: HistoryWrite,
  matcher: ReturnType<typeof matcherFor>,
  index: Awaited<ReturnType<History['index']>>,
  origin: SyncOrigin,
  batch: SyncEvent[],
  now: Date,
): Promise<Omit<SyncCounts, 'received'>> {
  const userId = h.user.id;
  const known = await events.knownKeys(h.tx, userId, origin, [...new Set(batch.map((e) => e.key))]);
  const itemIds = [...new Set(batch.flatMap((e) => (e.title.libraryItemId ? [e.title.libraryItemId.slice(0, KEY_MAX)] : [])))];
  const inLibrary = await library.titlesOfItems(h.tx, userId, origin, itemIds);
  const fresh: Array<{ event: SyncEvent; title: CatalogEntry | undefined }> = [];
  const seen = new Set<string>();
  let duplicates = 0;
  for (const event of batch) {
    if (known.has(event.key) || seen.has(event.key)) duplicates++;
    else {
      seen.add(event.key);
      fresh.push({ event, title: matchRef(matcher, event.title, inLibrary) });
    }
  }
  await events.insertEvents(
    h.tx,
    fresh.map(({ event, title }) => ({ user_id: userId, origin, event_key: event.key, title_id: title?.id ?? null, happened_at: event.at.toISOString(), received_at: now.toISOString() })),
  );
  const matched = fresh.filter((f): f is { event: SyncEvent; title: CatalogEntry } => f.title !== undefined);
  const facts = mergeByTitle(matched.map((f) => ({ titleId: f.title.id, event: f.event })));
  const rows = await h.rowsOfTitles(facts.map((f) => f.titleId));
  const active = facts.some((f) => rows.get(f.titleId)?.status === 'active') ? await h.active() : undefined;
  let written = 0;
  const adds: TitleFacts[] = [];
  for (const f of facts) {
    const change = changeFor(f, rows.get(f.titleId));
    if (change.kind === 'add') adds.push(f);
    else if (change.kind !== 'none') {
      await apply(h, origin, rows.get(f.titleId)!, change, active);
      written++;
    }
    if (f.watchlist !== undefined && change.kind === 'none' && !rows.has(f.titleId)) {
      if (f.watchlist ? await h.save(f.titleId, f.at) : (await h.unsave(f.titleId)) > 0) written++;
    }
  }
  written += await addRows(h, index, origin, adds, matcher);
  return { written, duplicates, unmatched: fresh.length - matched.length };
}

async function apply(h: HistoryWrite, origin: SyncOrigin, row: { id: string; status: string; title_id: string }, change: TitleChange, active: Awaited<ReturnType<HistoryWrite['active']>>) {
  if (change.kind === 'active') {
    if (active && active.id === row.id) {
      await h.closeActive(active, true, change.at, origin);
      if (change.liked !== undefined && change.liked !== null) await h.rate(active.id, change.liked, change.at);
    }
    return;
  }
  if (change.kind !== 'edit') return;
  await h.edit(row, { status: change.status, rating: change.liked, now: change.at });
  if (change.status === 'watched') await h.unsave(row.title_id);
}

async function addRows(h: HistoryWrite, index: Awaited<ReturnType<History['index']>>, origin: SyncOrigin, adds: TitleFacts[], matcher: ReturnType<typeof matcherFor>): Promise<number> {
  if (adds.length === 0) return 0;
  const first = await h.nextSeq();
  const reason = watchedOnLabel(origin);
  // Oldest first, so the newest watch is the newest row (the kept taste state extends in order).
  const ordered = [...adds].sort((a, b) => a.at.getTime() - b.at.getTime());
  await h.add(
    ordered.map((f, i) => {
      const at = f.at.toISOString();
      const liked = f.rating?.liked ?? null;
      return {
        seq: first + i,
        titleId: f.titleId,
        movieTitle: matcher.get(f.titleId)?.title ?? f.titleId,
        status: 'watched' as const,
        rating: liked,
        ratedAt: liked === null ? null : (f.rating?.at ?? f.at).toISOString(),
        reason,
        createdAt: at,
        closedAt: at,
        origin,
      };
    }),
    index,
  );
  for (const f of ordered) await h.unsave(f.titleId);
  return ordered.length;
}

/** A source's library: matched titles replace what we held of it (`replace`), or join it. Returns the items held now. */
export async function recordLibrary(
  ctx: Pick<AppContext, 'database'>,
  history: History,
  userId: string,
  origin: SyncOrigin,
  items: readonly LibraryItem[],
  now: Date,
  opts: { replace: boolean },
): Promise<number> {
  const matcher = matcherFor(await history.catalog.titles());
  const rows: library.LibraryRow[] = [];
  for (const item of items.slice(0, library.LIBRARY_MAX)) {
    const title = matchRef(matcher, item.title);
    if (title) rows.push({ itemId: String(item.itemId).slice(0, KEY_MAX), titleId: title.id, url: item.url });
  }
  const at = now.toISOString();
  // The library is not the history (no taste changes): its own transaction, not the user's lock.
  return writeTransaction(ctx.database, async (tx) => {
    if (opts.replace) await library.replaceLibrary(tx, userId, origin, rows, at);
    else await library.addToLibrary(tx, userId, origin, rows, at);
    return library.countLibrary(tx, userId, origin);
  });
}

/** A disconnect: the source's library goes; with `removeHistory`, so do the history rows it wrote and its events. */
export async function removeOrigin(ctx: Pick<AppContext, 'db'>, history: History, userId: string, origin: SyncOrigin, opts: { removeHistory: boolean }): Promise<void> {
  await library.removeLibrary(ctx.db, userId, origin);
  if (!opts.removeHistory) return;
  await history.write(userId, async (h) => {
    await h.deleteOrigin(origin);
    await events.deleteEvents(h.tx, userId, origin);
  });
}
