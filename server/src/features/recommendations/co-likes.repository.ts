// Kysely only: the instance's positive interactions (favourites, likes, watched titles) for the
// co-like neighbours, read in pages in (user, order) order so that millions of rows never sit in
// one result set; and how many ratings or favourites arrived since a time.
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

/** Ratings given and favourites chosen after `since` (ISO time): what may have changed the co-likes. */
export async function changesSince(db: DB, since: string): Promise<number> {
  const [rated, favourites] = await Promise.all([
    db.selectFrom('recommendations').select((eb) => eb.fn.countAll<number>().as('n')).where('rated_at', '>', since).executeTakeFirstOrThrow(),
    db.selectFrom('user_favourites').select((eb) => eb.fn.countAll<number>().as('n')).where('created_at', '>', since).executeTakeFirstOrThrow(),
  ]);
  return Number(rated.n) + Number(favourites.n);
}
