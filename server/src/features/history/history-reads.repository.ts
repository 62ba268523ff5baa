// Kysely only: the reads of a person's history that other features make off the pick's path (the
// account export, the operator's account list, onboarding's count of imported titles), so no
// feature queries the recommendations table but history (docs/architecture.md, "Data").
import { sql } from 'kysely';
import type { DB } from '../../db/connection.js';
import type { Tx } from '../../db/transaction.js';

type Queryable = DB | Tx;

/** Every row of the user's history in seq order, with the ids that find its title elsewhere. */
export function historyForExport(db: Queryable, userId: string) {
  return db
    .selectFrom('recommendations as r')
    .leftJoin('titles as t', 't.id', 'r.title_id')
    .select(['r.id', 'r.seq', 'r.title_id', 'r.movie_title', 'r.status', 'r.user_rating', 'r.rated_at', 'r.mood', 'r.platform', 'r.reason', 'r.created_at', 'r.closed_at', 'r.origin', 'r.import_id'])
    .select(['t.imdb_id', 't.tmdb_id', 't.year', 't.kind'])
    .where('r.user_id', '=', userId)
    .orderBy('r.seq')
    .execute();
}

/** Each user's latest history moment (a rating, or an issue when never rated), by user id. */
export async function lastHistoryActivity(db: Queryable): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('recommendations')
    .select(['user_id', sql<string | null>`max(coalesce(rated_at, created_at))`.as('at')])
    .groupBy('user_id')
    .execute();
  return new Map(rows.flatMap((r) => (typeof r.at === 'string' ? [[r.user_id, r.at] as const] : [])));
}

/** How many titles the user's history holds from imports ("Import instead of picking" favourites). */
export async function importedTitleCount(db: Queryable, userId: string): Promise<number> {
  const r = await db
    .selectFrom('recommendations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('origin', '=', 'import')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** What a connected app brought in, by the origin its rows carry, for every origin at once (Settings > "Connected apps"). */
export async function countsByOrigin(db: Queryable, userId: string, origins: readonly string[]): Promise<Map<string, { watched: number; rated: number }>> {
  if (origins.length === 0) return new Map();
  const rows = await db
    .selectFrom('recommendations')
    .select((eb) => [
      'origin',
      eb.fn.count<number>(eb.case().when('status', '=', 'watched').then(1).end()).as('watched'),
      eb.fn.count<number>('user_rating').as('rated'),
    ])
    .where('user_id', '=', userId)
    .where('origin', 'in', origins)
    .groupBy('origin')
    .execute();
  return new Map(rows.map((r) => [r.origin, { watched: Number(r.watched), rated: Number(r.rated) }]));
}
