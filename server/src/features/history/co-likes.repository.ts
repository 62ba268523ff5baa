// Kysely only: the instance's positive interactions (favourites, likes, watched titles) for the
// co-like neighbours, read in pages in (user, order) order so that millions of rows never sit in
// one result set; how many ratings or favourites arrived since a time; and the shared builds
// (co_like_tables), stored by the instance that built one and read by every instance.
import type { DB } from '../../db/connection.js';

/** Rows per query while reading the instance's positives. */
export const PAGE_ROWS = 5000;

export interface FavouriteRow {
  user_id: string;
  position: number;
  title_id: string;
}

export interface RatedRow {
  user_id: string;
  seq: number;
  title_id: string;
  user_rating: number | null;
  status: string;
}

/** Onboarding favourites after (userId, position), each user's in the order chosen. */
export function favouritePage(db: DB, after: { userId: string; position: number } | null, limit = PAGE_ROWS): Promise<FavouriteRow[]> {
  let q = db.selectFrom('user_favourites').select(['user_id', 'position', 'title_id']);
  if (after) {
    // A row-value comparison: both dialects seek the (user_id, position) index to it.
    q = q.where((eb) => eb(eb.refTuple('user_id', 'position'), '>', eb.tuple(after.userId, after.position)));
  }
  return q.orderBy('user_id').orderBy('position').limit(limit).execute();
}

/**
 * Issued titles the user liked, or watched without disliking, after (userId, seq), each user's
 * in issue order. Dislikes are never positives, even when the title was watched.
 */
export function positivePage(db: DB, after: { userId: string; seq: number } | null, limit = PAGE_ROWS): Promise<RatedRow[]> {
  let q = db
    .selectFrom('recommendations')
    .select(['user_id', 'seq', 'title_id', 'user_rating', 'status'])
    .where((eb) => eb.or([eb('user_rating', '=', 1), eb.and([eb('status', '=', 'watched'), eb('user_rating', 'is', null)])]));
  if (after) {
    q = q.where((eb) => eb(eb.refTuple('user_id', 'seq'), '>', eb.tuple(after.userId, after.seq)));
  }
  return q.orderBy('user_id').orderBy('seq').limit(limit).execute();
}

/** Undone imports counted per check: a bound on the rows read (a few per user at most in practice). */
const UNDONE_IMPORTS_READ = 1000;

/**
 * Ratings given and favourites chosen after `since` (ISO time): what may have changed the co-likes.
 * An import undone since then counts the likes and watched titles it had written: its rows are
 * deleted, so no rated_at is left to count, yet the table still holds them.
 */
export async function changesSince(db: DB, since: string): Promise<number> {
  const [rated, favourites, undone] = await Promise.all([
    db.selectFrom('recommendations').select((eb) => eb.fn.countAll<number>().as('n')).where('rated_at', '>', since).executeTakeFirstOrThrow(),
    db.selectFrom('user_favourites').select((eb) => eb.fn.countAll<number>().as('n')).where('created_at', '>', since).executeTakeFirstOrThrow(),
    db
      .selectFrom('imports')
      .select('applied')
      .where('undone_at', '>', since)
      .where('confirmed_at', 'is not', null)
      .limit(UNDONE_IMPORTS_READ)
      .execute(),
  ]);
  return Number(rated.n) + Number(favourites.n) + undone.reduce((n, r) => n + removedPositives(r.applied), 0);
}

/** The likes and watched titles an import wrote (its stored counts), an upper bound on the positives it removed. */
function removedPositives(applied: string | null): number {
  try {
    const v = JSON.parse(applied ?? '{}') as { likes?: unknown; watched?: unknown };
    const n = Number(v.likes ?? 0) + Number(v.watched ?? 0);
    return Number.isFinite(n) && n > 0 ? n : 0;
  } catch {
    return 0;
  }
}

/** A stored co-likes build without its blob: what an instance needs to tell whether it holds the newest. */
export interface CoLikeTableMeta {
  id: number;
  built_at: string;
  catalog_version: number;
  rows: number;
  users: number;
  build_ms: number;
}

/**
 * Stores a build and deletes every row older than the one before it: the newest serves, and the
 * previous one stays for an instance that found its id a moment ago and reads it now.
 */
export async function storeCoLikeTable(db: DB, build: Omit<CoLikeTableMeta, 'id'>, data: Uint8Array): Promise<number> {
  const blob = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const { id } = await db.insertInto('co_like_tables').values({ ...build, data: blob }).returning('id').executeTakeFirstOrThrow();
  await db
    .deleteFrom('co_like_tables')
    .where('id', '<', (eb) => eb.selectFrom('co_like_tables').select((s) => s.fn.max('id').as('previous')).where('id', '<', id))
    .execute();
  return Number(id);
}

/** The newest build's id and meta (one step down the primary key), or undefined when none is stored. */
export async function newestCoLikeTable(db: DB): Promise<CoLikeTableMeta | undefined> {
  const row = await db
    .selectFrom('co_like_tables')
    .select(['id', 'built_at', 'catalog_version', 'rows', 'users', 'build_ms'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { ...row, id: Number(row.id), catalog_version: Number(row.catalog_version), rows: Number(row.rows), users: Number(row.users), build_ms: Number(row.build_ms) };
}

/** One build's blob, or undefined when it was deleted meanwhile. */
export async function coLikeTableData(db: DB, id: number): Promise<Uint8Array | undefined> {
  const row = await db.selectFrom('co_like_tables').select('data').where('id', '=', id).executeTakeFirst();
  return row?.data;
}
