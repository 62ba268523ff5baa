// Favourite titles chosen in onboarding, in the order picked.
import type { DB } from '../../db/connection.js';
import type { Tx } from '../../db/transaction.js';

type Queryable = DB | Tx;

/** The user's favourite title ids, in the order chosen (the recommendations feature reads these). */
export async function favouriteTitleIds(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('user_favourites').select('title_id').where('user_id', '=', userId).orderBy('position').execute();
  return rows.map((r) => r.title_id);
}

/** Favourites with their display titles, in the order chosen. */
export async function favouriteTitles(db: Queryable, userId: string): Promise<Array<{ id: string; title: string }>> {
  return db
    .selectFrom('user_favourites')
    .innerJoin('titles', 'titles.id', 'user_favourites.title_id')
    .select(['titles.id as id', 'titles.title as title'])
    .where('user_favourites.user_id', '=', userId)
    .orderBy('user_favourites.position')
    .execute();
}

export async function replaceFavourites(tx: Tx, userId: string, titleIds: string[], now: Date): Promise<void> {
  await clearFavourites(tx, userId);
  if (!titleIds.length) return;
  const created_at = now.toISOString();
  await tx
    .insertInto('user_favourites')
    .values(titleIds.map((title_id, position) => ({ user_id: userId, title_id, position, created_at })))
    .execute();
}

export async function clearFavourites(tx: Tx, userId: string): Promise<void> {
  await tx.deleteFrom('user_favourites').where('user_id', '=', userId).execute();
}

/** The favourites with their display titles (null: no longer in the catalog), for the account export. */
export function favouritesForExport(db: Queryable, userId: string) {
  return db
    .selectFrom('user_favourites as f')
    .leftJoin('titles as t', 't.id', 'f.title_id')
    .select(['f.title_id', 't.title', 'f.position', 'f.created_at'])
    .where('f.user_id', '=', userId)
    .orderBy('f.position')
    .execute();
}
