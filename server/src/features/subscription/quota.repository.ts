// The weekly counter. Spending is one conditional upsert, so two requests (or two instances)
// can never both take the last unit: the loser's UPDATE sees used = limit and returns no row.
import { sql } from 'kysely';
import type { DB } from '../../db/connection.js';
import type { Tx } from '../../db/transaction.js';

type Queryable = DB | Tx;

/**
 * Counts one issue against (user, week). With a limit, it only counts while used < limit and
 * returns null when the limit is already spent; without one it always counts.
 * Must run inside the transaction that issues the recommendation, so a rollback refunds it.
 */
export async function spendQuota(tx: Tx, userId: string, weekStart: string, limit: number | null): Promise<number | null> {
  if (limit !== null && limit <= 0) return null;
  const row = await tx
    .insertInto('recommendation_quota')
    .values({ user_id: userId, week_start: weekStart, used: 1 })
    .onConflict((oc) => {
      const update = oc.columns(['user_id', 'week_start']).doUpdateSet({ used: sql<number>`recommendation_quota.used + 1` });
      return limit === null ? update : update.where('recommendation_quota.used', '<', limit);
    })
    .returning('used')
    .executeTakeFirst();
  return row ? Number(row.used) : null;
}

export async function quotaUsed(db: Queryable, userId: string, weekStart: string): Promise<number> {
  const row = await db
    .selectFrom('recommendation_quota')
    .select('used')
    .where('user_id', '=', userId)
    .where('week_start', '=', weekStart)
    .executeTakeFirst();
  return row ? Number(row.used) : 0;
}
