// Kysely only: each user's next scheduled delivery instant (delivery_schedule, migration 0033), so
// the scheduler finds who is due by an index instead of reading every user. Written whenever a
// users row changes anything the slot depends on (dropping a delivery claimed ahead for the old
// slot); the scheduler moves it on when it claims a slot.
import type { DB } from '../../db/connection.js';
import type { Tx } from '../../db/transaction.js';
import type { UsersTable } from '../../db/schema.js';
import { nextDeliveryAt, type SlotFields } from '../../time/delivery-slots.js';

type Queryable = DB | Tx;

/** The users columns a next slot depends on: a write touching one of them rewrites the row. */
export const SCHEDULE_COLUMNS = [
  'selected_days',
  'recommendation_frequency',
  'recommendation_day',
  'recommendation_time',
  'timezone',
  'created_at',
  'is_onboarded',
  'email_verified',
  'email_delivery',
] as const satisfies ReadonlyArray<keyof UsersTable>;

export function touchesSchedule(patch: Partial<Record<keyof UsersTable, unknown>>): boolean {
  return SCHEDULE_COLUMNS.some((c) => patch[c] !== undefined);
}

type ScheduledUser = SlotFields & { id: string; is_onboarded: number; email_verified: number; email_delivery: number };

/**
 * One row while the user can be due (onboarded, verified, scheduled delivery on, a day chosen),
 * holding the first slot after now; no row otherwise.
 */
export async function keepSchedule(db: Queryable, user: ScheduledUser, now: Date): Promise<void> {
  await dropUpcomingDeliveries(db, user.id, now);
  const next = user.is_onboarded && user.email_verified && user.email_delivery ? nextDeliveryAt(user, now) : null;
  if (!next) {
    await db.deleteFrom('delivery_schedule').where('user_id', '=', user.id).execute();
    return;
  }
  const at = now.toISOString();
  await db
    .insertInto('delivery_schedule')
    .values({ user_id: user.id, next_at: next.toISOString(), updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ next_at: next.toISOString(), updated_at: at }))
    .execute();
}

/**
 * The user's deliveries claimed ahead of their slot (pending, not due yet, never tried): a changed
 * schedule drops them, so the slot the user chose now is the one claimed. A pick already chosen for
 * one stays the user's pick, and the new slot's delivery takes it (pickForDay reuses today's).
 */
async function dropUpcomingDeliveries(db: Queryable, userId: string, now: Date): Promise<void> {
  await db.deleteFrom('deliveries').where('user_id', '=', userId).where('status', '=', 'pending').where('attempts', '=', 0).where('due_at', '>', now.toISOString()).execute();
}

/** The user's next slot as stored, or undefined when none is (tests and the operator's checks). */
export async function storedNextDelivery(db: Queryable, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('delivery_schedule').select('next_at').where('user_id', '=', userId).executeTakeFirst();
  return row?.next_at;
}
