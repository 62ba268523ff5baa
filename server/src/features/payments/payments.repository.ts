// Orders, processed webhook events and the plan column they change. Every state change is a
// conditional UPDATE (from the state it must leave), so two paths racing on one order cannot
// both apply it.
import type { Selectable } from 'kysely';
import type { DB } from '../../db/connection.js';
import type { Tx } from '../../db/transaction.js';
import type { PaymentOrdersTable } from '../../db/schema.js';

type Queryable = DB | Tx;
export type OrderRow = Selectable<PaymentOrdersTable>;

export interface NewOrder {
  id: string;
  userId: string;
  stripeSessionId: string;
  amount: number;
  currency: string;
  now: Date;
}

export async function insertOrder(db: Queryable, o: NewOrder): Promise<void> {
  await db
    .insertInto('payment_orders')
    .values({
      id: o.id,
      user_id: o.userId,
      stripe_session_id: o.stripeSessionId,
      status: 'pending',
      amount: o.amount,
      currency: o.currency,
      stripe_payment_intent: null,
      created_at: o.now.toISOString(),
      paid_at: null,
      refunded_at: null,
    })
    // The webhook may have recorded the order first (see ensureOrder).
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** An order of this user, named by our id or by its Checkout Session id. */
export function findUserOrder(db: Queryable, userId: string, orderOrSessionId: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('payment_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('id', '=', orderOrSessionId), eb('stripe_session_id', '=', orderOrSessionId)]))
    .executeTakeFirst();
}

export interface OrderRef {
  orderId: string;
  userId: string;
  sessionId: string;
}

/** pending -> paid; false when the order was not pending (already paid, refunded, ...). */
export async function markOrderPaid(tx: Tx, ref: OrderRef, paymentIntent: string | null, now: Date): Promise<boolean> {
  const row = await tx
    .updateTable('payment_orders')
    .set({ status: 'paid', paid_at: now.toISOString(), stripe_payment_intent: paymentIntent })
    .where('id', '=', ref.orderId)
    .where('user_id', '=', ref.userId)
    .where('stripe_session_id', '=', ref.sessionId)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** pending -> expired | failed (a session that will never be paid). */
export async function closeUnpaidOrder(tx: Tx, sessionId: string, status: 'expired' | 'failed'): Promise<void> {
  await tx.updateTable('payment_orders').set({ status }).where('stripe_session_id', '=', sessionId).where('status', '=', 'pending').execute();
}

export async function findOrderForCharge(tx: Tx, paymentIntent: string | null, orderId: string | null): Promise<OrderRow | undefined> {
  if (paymentIntent) {
    const byIntent = await tx.selectFrom('payment_orders').selectAll().where('stripe_payment_intent', '=', paymentIntent).executeTakeFirst();
    if (byIntent) return byIntent;
  }
  if (orderId) return tx.selectFrom('payment_orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  return undefined;
}

/** Moves the order from `from` to refunded; false when it was not in that state. */
export async function markOrderRefunded(tx: Tx, orderId: string, from: 'paid' | 'pending', now: Date): Promise<boolean> {
  const row = await tx
    .updateTable('payment_orders')
    .set({ status: 'refunded', refunded_at: now.toISOString() })
    .where('id', '=', orderId)
    .where('status', '=', from)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countPaidOrders(tx: Tx, userId: string): Promise<number> {
  const r = await tx
    .selectFrom('payment_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Records a webhook event; false when it was recorded before (a replay or a concurrent duplicate). */
export async function recordEvent(tx: Tx, eventId: string, type: string, now: Date): Promise<boolean> {
  const row = await tx
    .insertInto('processed_events')
    .values({ event_id: eventId, type, processed_at: now.toISOString() })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setLifetime(db: Queryable, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ subscription_tier: 'paid_lifetime', subscription_end_date: null, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .execute();
}

/** Back to the free plan, only if the user is still on lifetime (a refund never touches other plans). */
export async function dropLifetime(db: Queryable, userId: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ subscription_tier: 'free_trial', subscription_end_date: null, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .where('subscription_tier', '=', 'paid_lifetime')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function userExists(db: Queryable, userId: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}
