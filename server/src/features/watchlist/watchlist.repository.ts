// Kysely only: the titles a user saved for later (the watchlist table, keyed by user and title).
import type { Selectable } from 'kysely';
import type { DB } from '../../db/connection.js';
import { compiledOnce } from '../../db/compiled-query.js';
import type { Tx } from '../../db/transaction.js';
import type { WatchlistTable } from '../../db/schema.js';

type Queryable = DB | Tx;
export type WatchlistRow = Selectable<WatchlistTable>;

/**
 * The user's saved titles, newest first (the list is bounded: WATCHLIST_MAX). A title the history
 * holds as watched is not listed: marking it watched in the app removes it, but an import that says
 * it was watched only hides it, so undoing that import shows it again.
 */
export function watchlistRows(db: Queryable, userId: string, limit: number): Promise<WatchlistRow[]> {
  return db
    .selectFrom('watchlist')
    .selectAll()
    .where('user_id', '=', userId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('recommendations as r')
            .select('r.id')
            .whereRef('r.user_id', '=', 'watchlist.user_id')
            .whereRef('r.title_id', '=', 'watchlist.title_id')
            .where('r.status', '=', 'watched'),
        ),
      ),
    )
    .orderBy('added_at', 'desc')
    .orderBy('title_id')
    .limit(limit)
    .execute();
}

/** Which of `titleIds` the user saved: one query on the primary key (user_id, title_id). */
const savedOne = compiledOnce((db: DB, userId: string, titleId: string) => db.selectFrom('watchlist').select('title_id').where('user_id', '=', userId).where('title_id', '=', titleId));

export async function savedAmong(db: Queryable, userId: string, titleIds: readonly string[]): Promise<Set<string>> {
  if (titleIds.length === 0) return new Set();
  // One title (a card) is the common case: its query is compiled once.
  if (titleIds.length === 1) return new Set((await savedOne(db, userId, titleIds[0])).map((r) => r.title_id));
  const rows = await db
    .selectFrom('watchlist')
    .select('title_id')
    .where('user_id', '=', userId)
    .where('title_id', 'in', [...new Set(titleIds)])
    .execute();
  return new Set(rows.map((r) => r.title_id));
}

export async function countSaved(db: Queryable, userId: string): Promise<number> {
  const r = await db.selectFrom('watchlist').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Saves the title (nothing when it is already saved: the first save's time and import stay). */
export async function insertSaved(db: Queryable, row: WatchlistRow): Promise<void> {
  await db.insertInto('watchlist').values(row).onConflict((oc) => oc.columns(['user_id', 'title_id']).doNothing()).execute();
}
