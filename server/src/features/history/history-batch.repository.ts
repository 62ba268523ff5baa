// Kysely only: what a synced batch reads and writes in a history (features/sync through
// HistoryWrite): the rows of many titles at once, a source's rows removed, a title saved for later.
import type { Selectable } from 'kysely';
import type { DB } from '../../db/connection.js';
import type { Tx } from '../../db/transaction.js';
import type { RecommendationsTable } from '../../db/schema.js';

type Queryable = DB | Tx;
type RecommendationRow = Selectable<RecommendationsTable>;

/** The user's rows of these titles (a title is in a history at most once), by title; `ids` is bounded by the caller. */
export async function rowsOfTitles(db: Queryable, userId: string, ids: readonly string[]) {
  const out = new Map<string, Pick<RecommendationRow, 'id' | 'title_id' | 'status' | 'user_rating' | 'rated_at' | 'seq'>>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('recommendations')
    .select(['id', 'title_id', 'status', 'user_rating', 'rated_at', 'seq'])
    .where('user_id', '=', userId)
    .where('title_id', 'in', ids)
    .execute();
  for (const r of rows) {
    const prev = out.get(r.title_id);
    if (!prev || Number(r.seq) > Number(prev.seq)) out.set(r.title_id, r);
  }
  return out;
}

/** Removes the closed rows a source wrote (a disconnect that takes back what it brought in); how many went. */
export async function deleteOrigin(tx: Tx, userId: string, origin: string): Promise<number> {
  const r = await tx.deleteFrom('recommendations').where('user_id', '=', userId).where('origin', '=', origin).where('status', '!=', 'active').executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Saves a title for later unless the list is full (`max`); true when it is saved now or already was. */
export async function saveIfRoom(tx: Tx, userId: string, titleId: string, at: string, max: number): Promise<boolean> {
  const have = await tx.selectFrom('watchlist').select('title_id').where('user_id', '=', userId).where('title_id', '=', titleId).executeTakeFirst();
  if (have) return true;
  const n = await tx.selectFrom('watchlist').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  if (Number(n.n) >= max) return false;
  await tx.insertInto('watchlist').values({ user_id: userId, title_id: titleId, added_at: at, import_id: null }).execute();
  return true;
}

/** Whether the user's newest pick was closed as watched by a connected app or the extension (its replacement is free). */
export async function newestPickWatchedElsewhere(db: Queryable, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('recommendations')
    .select(['status', 'watched_on'])
    .where('user_id', '=', userId)
    .where('origin', '=', 'pick')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.status === 'watched' && row.watched_on !== null && row.watched_on !== undefined;
}
