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
