// Kysely only: the deliveries table and the users the scheduler looks at.
import { randomUUID } from 'node:crypto';
import type { Selectable, Updateable } from 'kysely';
import type { DB } from '../db/connection.js';
import type { Tx } from '../db/transaction.js';
import type { Dialect } from '../db/migrations/migration.js';
import type { DeliveriesTable } from '../db/schema.js';

export type DeliveryRow = Selectable<DeliveriesTable>;
export type DeliveryStatus = 'pending' | 'sent' | 'skipped' | 'failed';

/** Rows read per batch: one short read or write at a time, whatever the number of users. */
export const CLAIM_BATCH = 500;
/**
 * Schedule rows claimed per write transaction. SQLite answers synchronously, so a transaction is
 * one stretch of the event loop (its rows' slot arithmetic, statements and the commit's fsync):
 * kept to a few milliseconds there. PostgreSQL's transaction waits on the network, not the loop.
 */
export const claimBatchOf = (dialect: Dialect) => (dialect === 'sqlite' ? 40 : CLAIM_BATCH);

/**
 * Users whose stored next slot comes by `until` (delivery_schedule, by its next_at index), with
 * the columns that say whether and when they are due. PostgreSQL locks the rows it returns and
 * skips rows another instance holds (FOR UPDATE SKIP LOCKED), so instances claiming at once take
 * different users; SQLite runs this in a write transaction, which has the database to itself.
 */
export function dueSchedules(tx: Tx, dialect: Dialect, until: Date, limit = claimBatchOf(dialect)) {
  const q = tx
    .selectFrom('delivery_schedule as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      'u.id',
      'u.selected_days',
      'u.recommendation_frequency',
      'u.recommendation_day',
      'u.recommendation_time',
      'u.timezone',
      'u.created_at',
      'u.is_onboarded',
      'u.email_verified',
      'u.email_delivery',
    ])
    .where('s.next_at', '<=', until.toISOString())
    .orderBy('s.next_at')
    .limit(limit);
  return (dialect === 'postgres' ? q.forUpdate('s').skipLocked() : q).execute();
}

/** Moves a user's next slot on (the pass claimed the one that came), or removes it when there is none. */
export async function moveSchedule(tx: Tx, userId: string, next: Date | null, now: Date): Promise<void> {
  if (!next) {
    await tx.deleteFrom('delivery_schedule').where('user_id', '=', userId).execute();
    return;
  }
  await tx.updateTable('delivery_schedule').set({ next_at: next.toISOString(), updated_at: now.toISOString() }).where('user_id', '=', userId).execute();
}

/** A slot is today's in its zone for at most this long after it was due (a local day with a DST hour back is 25 h). */
const TODAY_AT_MOST_MS = 26 * 3_600_000;

/**
 * Deliveries waiting for a sender: pending, under the attempt limit, no live lease (a first try,
 * or a retry whose wait is over), due, and due recently enough to still be today's slot: one left
 * pending on an earlier day is never sent late, one claimed ahead is not sent early. Found by the
 * (status, lease_until) index, not by the day's rows.
 */
export function waitingDeliveries(db: DB, now: Date, maxAttempts: number, limit = CLAIM_BATCH) {
  const at = now.toISOString();
  return db
    .selectFrom('deliveries')
    .select(['user_id', 'local_date'])
    .where('status', '=', 'pending')
    .where('due_at', '>', new Date(now.getTime() - TODAY_AT_MOST_MS).toISOString())
    .where('due_at', '<=', at)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
    .where('attempts', '<', maxAttempts)
    .orderBy('due_at')
    .limit(limit)
    .execute();
}

/**
 * Deliveries claimed ahead whose pick is not chosen yet, due after `now` and by `until`, not leased,
 * in (due_at, id) order after `after` (a pass goes past the ones it left to their slot).
 */
export function unpreparedDeliveries(db: DB, now: Date, until: Date, after: { due_at: string; id: string } | null, limit = CLAIM_BATCH) {
  const at = now.toISOString();
  let q = db
    .selectFrom('deliveries')
    .select(['id', 'due_at'])
    .where('status', '=', 'pending')
    .where('lease_until', 'is', null)
    .where('attempts', '=', 0)
    .where('recommendation_id', 'is', null)
    .where('kind', 'is', null)
    .where('due_at', '>', at)
    .where('due_at', '<=', until.toISOString());
  if (after) q = q.where((eb) => eb(eb.refTuple('due_at', 'id'), '>', eb.tuple(after.due_at, after.id)));
  return q.orderBy('due_at').orderBy('id').limit(limit).execute();
}

/**
 * A short lease for choosing a delivery's pick ahead of its slot. It is not an attempt (nothing is
 * sent); taken only while the delivery has no pick and nobody holds it, so one instance chooses.
 */
export function leaseForPreparing(db: DB, id: string, now: Date, leaseMs: number): Promise<DeliveryRow | undefined> {
  const at = now.toISOString();
  return db
    .updateTable('deliveries')
    .set({ lease_until: new Date(now.getTime() + leaseMs).toISOString(), updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .where('recommendation_id', 'is', null)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
    .returningAll()
    .executeTakeFirst();
}

/** The claim: one row per user and local day, whoever inserts first; a second insert does nothing. */
export async function claimDelivery(db: DB | Tx, userId: string, localDate: string, dueAt: Date, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('deliveries')
    .values({
      id: randomUUID(),
      user_id: userId,
      local_date: localDate,
      due_at: dueAt.toISOString(),
      status: 'pending',
      attempts: 0,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['user_id', 'local_date']).doNothing())
    .execute();
}

/**
 * Takes the lease of a pending delivery whose previous lease (or retry wait) is over. The
 * conditional UPDATE is the lock: SQLite has one writer, and PostgreSQL re-checks the WHERE
 * after waiting for a concurrent update of the row, so exactly one instance gets the row back.
 */
export function leaseDelivery(db: DB, userId: string, localDate: string, now: Date, leaseMs: number, maxAttempts: number): Promise<DeliveryRow | undefined> {
  const at = now.toISOString();
  return db
    .updateTable('deliveries')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), lease_until: new Date(now.getTime() + leaseMs).toISOString(), updated_at: at }))
    .where('user_id', '=', userId)
    .where('local_date', '=', localDate)
    .where('status', '=', 'pending')
    .where('attempts', '<', maxAttempts)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
    .returningAll()
    .executeTakeFirst();
}

export async function updateDelivery(db: DB, id: string, patch: Updateable<DeliveriesTable>, now: Date): Promise<void> {
  await db
    .updateTable('deliveries')
    .set({ ...patch, updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Ends a delivery (sent, skipped or failed for good); the lease is released. */
export function finishDelivery(db: DB, id: string, status: Exclude<DeliveryStatus, 'pending'>, now: Date, patch: Updateable<DeliveriesTable> = {}) {
  return updateDelivery(db, id, { ...patch, status, lease_until: null, finished_at: now.toISOString() }, now);
}

/** Whether an upgrade email already went to this user on or after this local date (one a week is enough). */
export async function upgradeSentSince(db: DB, userId: string, sinceLocalDate: string): Promise<boolean> {
  const row = await db
    .selectFrom('deliveries')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', 'upgrade')
    .where('status', '=', 'sent')
    .where('local_date', '>=', sinceLocalDate)
    .executeTakeFirst();
  return row !== undefined;
}

/** History older than this local date is not needed (the weekly upgrade check looks back a week). */
export async function pruneDeliveries(db: DB, beforeLocalDate: string): Promise<number> {
  const r = await db.deleteFrom('deliveries').where('local_date', '<', beforeLocalDate).executeTakeFirst();
  return Number(r.numDeletedRows);
}
