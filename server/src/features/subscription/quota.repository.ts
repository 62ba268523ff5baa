// The weekly counters. Spending is one conditional upsert, so two requests (or two instances)
// can never both take the last unit: the loser's UPDATE sees the counter at its cap and returns
// no row. `used` counts the issues against the weekly limit; `free_replacements` the
// replacements that did not count (docs/product-decisions.md).
import { sql } from 'kysely';
import type { DB } from '../../db/connection.js';
import { compiledOnce } from '../../db/compiled-query.js';
import type { Tx } from '../../db/transaction.js';

type Queryable = DB | Tx;

export interface WeekCounts {
  used: number;
  freeReplacements: number;
}

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

/**
 * Counts one free replacement in (user, week) while fewer than `cap` were taken; null when the
 * week's free replacements are spent (the caller then counts the issue against the limit).
 * Same transaction and same conditional upsert as spendQuota.
 */
export async function spendFreeReplacement(tx: Tx, userId: string, weekStart: string, cap: number): Promise<number | null> {
  if (cap <= 0) return null;
  const row = await tx
    .insertInto('recommendation_quota')
    .values({ user_id: userId, week_start: weekStart, used: 0, free_replacements: 1 })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'week_start'])
        .doUpdateSet({ free_replacements: sql<number>`recommendation_quota.free_replacements + 1` })
        .where('recommendation_quota.free_replacements', '<', cap),
    )
    .returning('free_replacements')
    .executeTakeFirst();
  return row ? Number(row.free_replacements) : null;
}

const counts = compiledOnce((db: DB, userId: string, weekStart: string) =>
  db.selectFrom('recommendation_quota').select(['used', 'free_replacements']).where('user_id', '=', userId).where('week_start', '=', weekStart),
);

export async function weekCounts(db: Queryable, userId: string, weekStart: string): Promise<WeekCounts> {
  const [row] = await counts(db, userId, weekStart);
  return { used: row ? Number(row.used) : 0, freeReplacements: row ? Number(row.free_replacements) : 0 };
}
