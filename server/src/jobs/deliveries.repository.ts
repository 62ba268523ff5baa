// Kysely only: the deliveries table and the users the scheduler looks at.
import { randomUUID } from 'node:crypto';
import type { Selectable, Updateable } from 'kysely';
import type { DB } from '../db/connection.js';
import type { DeliveriesTable } from '../db/schema.js';

export type DeliveryRow = Selectable<DeliveriesTable>;
export type DeliveryStatus = 'pending' | 'sent' | 'skipped' | 'failed';

/** Who can be due: onboarded, verified, scheduled delivery on. Only the schedule's columns. */
export function scheduledUsers(db: DB) {
  return db
    .selectFrom('users')
    .select(['id', 'selected_days', 'recommendation_frequency', 'recommendation_day', 'recommendation_time', 'timezone', 'created_at'])
    .where('is_onboarded', '=', 1)
    .where('email_verified', '=', 1)
    .where('email_delivery', '=', 1)
    .execute();
}

/** The deliveries of these local dates: what is already done or held, so a tick skips it without writing. */
export function deliveriesOn(db: DB, localDates: string[]) {
  return db
    .selectFrom('deliveries')
    .select(['user_id', 'local_date', 'status', 'attempts', 'lease_until'])
    .where('local_date', 'in', localDates)
    .execute();
}

/** The claim: one row per user and local day, whoever inserts first; a second insert does nothing. */
export async function claimDelivery(db: DB, userId: string, localDate: string, dueAt: Date, now: Date): Promise<void> {
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
