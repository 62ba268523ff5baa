// Fixed-window counters kept in the database, so every instance counts the same hits.
import { sql } from 'kysely';
import type { DB } from '../db/connection.js';
import { tooMany } from './errors.js';

export interface Limit {
  bucket: string;
  max: number;
  windowSeconds: number;
}

function windowStart(limit: Limit, now: Date): number {
  const windowMs = limit.windowSeconds * 1000;
  return Math.floor(now.getTime() / windowMs) * windowMs;
}

/** Counts one hit; throws 429 with Retry-After once the window's count passes max. */
export async function hit(db: DB, limit: Limit, now: Date, detail = 'Too many attempts. Please wait and try again.'): Promise<void> {
  const windowMs = limit.windowSeconds * 1000;
  const start = windowStart(limit, now);
  const row = await db
    .insertInto('rate_limit_hits')
    .values({ bucket: limit.bucket, window_start: new Date(start).toISOString(), hits: 1 })
    .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  if (Math.random() < 0.01) {
    await db.deleteFrom('rate_limit_hits').where('window_start', '<', new Date(now.getTime() - 86_400_000).toISOString()).execute();
  }
  if (Number(row.hits) > limit.max) throw tooMany(detail, (start + windowMs - now.getTime()) / 1000);
}

/**
 * Takes back one hit counted by `hit` with the same limit and clock reading, for limits that count
 * only failures: the hit is taken before the attempt (so concurrent attempts cannot all slip under
 * the limit) and given back when the attempt succeeds.
 */
export async function refund(db: DB, limit: Limit, now: Date): Promise<void> {
  await db
    .updateTable('rate_limit_hits')
    .set({ hits: sql`hits - 1` })
    .where('bucket', '=', limit.bucket)
    .where('window_start', '=', new Date(windowStart(limit, now)).toISOString())
    .where('hits', '>', 0)
    .execute();
}
