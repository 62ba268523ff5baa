// Kysely only: the titles of a person's own media-server libraries (user_library, migration 0030).
import type { DB } from '../../db/connection.js';
import type { Tx } from '../../db/transaction.js';

type Queryable = DB | Tx;

export interface LibraryRow {
  itemId: string;
  titleId: string;
  url: string | null;
}

/** The most library items one person's libraries hold for the picks (a bound on every read and write). */
export const LIBRARY_MAX = 20_000;
const CHUNK = 500;

/** Replaces what we hold of one source's library with `rows` (a full pull read it whole). */
export async function replaceLibrary(tx: Tx, userId: string, origin: string, rows: readonly LibraryRow[], at: string): Promise<void> {
  await tx.deleteFrom('user_library').where('user_id', '=', userId).where('origin', '=', origin).execute();
  await addToLibrary(tx, userId, origin, rows.slice(0, LIBRARY_MAX), at);
}

/** Adds items (a library.new / ItemAdded webhook); an item already held keeps its row, its url updated. */
export async function addToLibrary(db: Queryable, userId: string, origin: string, rows: readonly LibraryRow[], at: string): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = rows.slice(i, i + CHUNK).map((r) => ({ user_id: userId, origin, item_id: r.itemId, title_id: r.titleId, url: r.url, added_at: at }));
    await db
      .insertInto('user_library')
      .values(values)
      .onConflict((oc) => oc.columns(['user_id', 'origin', 'item_id']).doUpdateSet((eb) => ({ title_id: eb.ref('excluded.title_id'), url: eb.ref('excluded.url') })))
      .execute();
  }
}

export async function countLibrary(db: Queryable, userId: string, origin: string): Promise<number> {
  const r = await db
    .selectFrom('user_library')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('origin', '=', origin)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function removeLibrary(db: Queryable, userId: string, origin: string): Promise<void> {
  await db.deleteFrom('user_library').where('user_id', '=', userId).where('origin', '=', origin).execute();
}

/** Every title of the person's own libraries, with the source and the item's page (at most LIBRARY_MAX). */
export function libraryOf(db: Queryable, userId: string): Promise<Array<{ titleId: string; origin: string; url: string | null }>> {
  return db
    .selectFrom('user_library')
    .select(['title_id as titleId', 'origin', 'url'])
    .where('user_id', '=', userId)
    .orderBy('origin')
    .orderBy('item_id')
    .limit(LIBRARY_MAX)
    .execute();
}

/** The person's copies of one title (a card's "On your Jellyfin"): an indexed read, not the whole library. */
export function copiesOf(db: Queryable, userId: string, titleId: string): Promise<Array<{ origin: string; url: string | null }>> {
  return db
    .selectFrom('user_library')
    .select(['origin', 'url'])
    .where('user_id', '=', userId)
    .where('title_id', '=', titleId)
    .orderBy('origin')
    .limit(8)
    .execute();
}

/** The catalog titles of these items of one source's library, by item id; `itemIds` is bounded by the caller. */
export async function titlesOfItems(db: Queryable, userId: string, origin: string, itemIds: readonly string[]): Promise<Map<string, string>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_library')
    .select(['item_id', 'title_id'])
    .where('user_id', '=', userId)
    .where('origin', '=', origin)
    .where('item_id', 'in', itemIds)
    .execute();
  return new Map(rows.map((r) => [r.item_id, r.title_id]));
}
