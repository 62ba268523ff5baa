// Kysely only: imports, their per-title items, and the history and watchlist rows they write.
import { sql, type Insertable, type Selectable } from 'kysely';
import type { DB } from '../../db/connection.js';
import type { Tx } from '../../db/transaction.js';
import type { ImportItemsTable, ImportsTable, WatchlistTable } from '../../db/schema.js';
import { INSERT_CHUNK } from '../history/history.repository.js';

type Queryable = DB | Tx;
export type ImportRow = Selectable<ImportsTable>;
export type ImportItemRow = Selectable<ImportItemsTable>;


async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await insert(rows.slice(i, i + INSERT_CHUNK));
}

export async function insertImport(tx: Tx, row: Insertable<ImportsTable>, items: readonly Insertable<ImportItemsTable>[]): Promise<void> {
  await tx.insertInto('imports').values(row).execute();
  await insertChunked(items, (chunk) => tx.insertInto('import_items').values(chunk).execute());
}

export function findImport(db: Queryable, userId: string, id: string): Promise<ImportRow | undefined> {
  // No id holds a NUL, and PostgreSQL refuses one in a text value: not found, without asking.
  if (id.includes('\u0000')) return Promise.resolve(undefined);
  return db.selectFrom('imports').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

export function importItems(db: Queryable, importId: string): Promise<ImportItemRow[]> {
  return db.selectFrom('import_items').selectAll().where('import_id', '=', importId).orderBy('position').execute();
}

/** The newest imports of a user, at most `limit`. */
export function listImports(db: Queryable, userId: string, limit: number): Promise<ImportRow[]> {
  return db.selectFrom('imports').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
}

/** Matched and ambiguous item counts per import. */
export async function itemCounts(db: Queryable, importIds: readonly string[]): Promise<Map<string, { matched: number; ambiguous: number }>> {
  const out = new Map<string, { matched: number; ambiguous: number }>();
  if (!importIds.length) return out;
  const rows = await db
    .selectFrom('import_items')
    .select((eb) => ['import_id', eb.fn.count<number>('title_id').as('matched'), eb.fn.count<number>('candidates').as('ambiguous')])
    .where('import_id', 'in', importIds)
    .groupBy('import_id')
    .execute();
  for (const r of rows) out.set(r.import_id, { matched: Number(r.matched), ambiguous: Number(r.ambiguous) });
  return out;
}

/** When the user last confirmed (and kept) an import of the same file, other than `exceptId`. */
export async function sameFileConfirmedAt(db: Queryable, userId: string, fileHash: string, exceptId: string | null): Promise<string | null> {
  let q = db
    .selectFrom('imports')
    .select('confirmed_at')
    .where('user_id', '=', userId)
    .where('file_hash', '=', fileHash)
    .where('status', '=', 'confirmed');
  if (exceptId) q = q.where('id', '!=', exceptId);
  const row = await q.orderBy('confirmed_at', 'desc').limit(1).executeTakeFirst();
  return row?.confirmed_at ?? null;
}

/**
 * Previews the user left unconfirmed for longer than a day, at most `limit` of them per call (the
 * next upload cleans the next ones): a preview holds what was read from a file, kept only until
 * the user decides.
 */
export async function deleteStalePreviews(tx: Tx, userId: string, before: string, limit: number): Promise<number> {
  const stale = await tx
    .selectFrom('imports')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'preview')
    .where('created_at', '<', before)
    .limit(limit)
    .execute();
  if (!stale.length) return 0;
  const ids = stale.map((r) => r.id);
  await tx.deleteFrom('import_items').where('import_id', 'in', ids).execute();
  await tx.deleteFrom('imports').where('id', 'in', ids).execute();
  return ids.length;
}

/**
 * Makes one user's uploads take turns (on two instances too), so the cap on stored previews
 * holds: it takes the user's row lock without changing the row. Not the history's lock
 * (history.ts): an upload writes only imports and their items, never the history, so it must not
 * bump taste_rev; confirming and undoing write the history through history.write.
 */
export async function takeUploadTurn(tx: Tx, userId: string): Promise<void> {
  await tx.updateTable('users').set({ id: sql<string>`id` }).where('id', '=', userId).execute();
}

/**
 * Keeps the new preview `newId` and the user's newest `keep - 1` other previews, and removes the
 * older ones (and their items): a new upload replaces the oldest preview, as if the user had
 * discarded it. The new one is named, not found by time: two uploads may share a millisecond.
 */
export async function dropPreviewsBeyond(tx: Tx, userId: string, newId: string, keep: number): Promise<void> {
  const old = await tx
    .selectFrom('imports')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'preview')
    .where('id', '!=', newId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep - 1)
    .limit(1000)
    .execute();
  if (!old.length) return;
  const ids = old.map((r) => r.id);
  await tx.deleteFrom('import_items').where('import_id', 'in', ids).execute();
  await tx.deleteFrom('imports').where('id', 'in', ids).execute();
}

export async function watchlistTitles(db: Queryable, userId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('watchlist').select('title_id').where('user_id', '=', userId).execute();
  return new Set(rows.map((r) => r.title_id));
}

export async function insertWatchlistRows(tx: Tx, rows: readonly Insertable<WatchlistTable>[]): Promise<void> {
  // A title saved in the app meanwhile stays as it was (its own added_at, no import id).
  await insertChunked(rows, (chunk) =>
    tx
      .insertInto('watchlist')
      .values(chunk)
      .onConflict((oc) => oc.columns(['user_id', 'title_id']).doNothing())
      .execute(),
  );
}

/** preview -> confirmed, only from preview; false when another request got there first. */
export async function markConfirmed(tx: Tx, userId: string, id: string, applied: string, now: string): Promise<boolean> {
  const r = await tx
    .updateTable('imports')
    .set({ status: 'confirmed', confirmed_at: now, applied })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('status', '=', 'preview')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The watchlist entries a confirmed import wrote (its history rows go through History: history.ts). */
export async function deleteImportedWatchlist(tx: Tx, userId: string, importId: string): Promise<number> {
  const w = await tx.deleteFrom('watchlist').where('user_id', '=', userId).where('import_id', '=', importId).executeTakeFirst();
  return Number(w.numDeletedRows);
}

export async function markUndone(tx: Tx, userId: string, id: string, now: string, dropItems: boolean): Promise<void> {
  await tx.updateTable('imports').set({ status: 'undone', undone_at: now }).where('user_id', '=', userId).where('id', '=', id).execute();
  if (dropItems) await tx.deleteFrom('import_items').where('import_id', '=', id).execute();
}

/** The user's imports as the account export shows them (the file itself was never stored). */
export function importsForExport(db: Queryable, userId: string) {
  return db
    .selectFrom('imports')
    .select(['id', 'source', 'filename', 'status', 'rows_read', 'unmatched_count', 'applied', 'created_at', 'confirmed_at', 'undone_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}
