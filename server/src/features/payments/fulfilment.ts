// What a paid, expired or refunded Checkout Session does to an order and its user. Each function
// runs inside the caller's write transaction (the webhook's, with its event record, or the
// confirm call's), so an upgrade is never written without the rest.
import type { Tx } from '../../db/transaction.js';
import { idOf, type StripeCharge, type StripeCheckoutSession } from '../../integrations/stripe/objects.js';
import {
  closeUnpaidOrder,
  countPaidOrders,
  dropLifetime,
  findOrderForCharge,
  insertOrder,
  markOrderPaid,
  markOrderRefunded,
  setLifetime,
  userExists,
  type OrderRef,
} from './payments.repository.js';

export type Outcome = 'upgraded' | 'refunded' | 'closed' | 'unchanged' | 'ignored';

/**
 * The order and user a session was created for, from the fields create-order set. Sessions
 * without them (made by something else on the same Stripe account) are not ours.
 */
export function orderRefOf(session: StripeCheckoutSession): OrderRef | null {
  const orderId = session.metadata?.order_id;
  const userId = session.client_reference_id ?? session.metadata?.user_id;
  if (!orderId || !userId) return null;
  if (session.metadata?.user_id && session.metadata.user_id !== userId) return null;
  return { orderId, userId, sessionId: session.id };
}

export async function applyPaidSession(tx: Tx, session: StripeCheckoutSession, now: Date): Promise<Outcome> {
  const ref = orderRefOf(session);
  if (!ref || session.payment_status !== 'paid') return 'ignored';
  if (!(await userExists(tx, ref.userId))) return 'ignored';
  // create-order writes the order after Stripe answers; if that process died in between, the
  // payment still has to land, so the order is recorded here from the session.
  await insertOrder(tx, {
    id: ref.orderId,
    userId: ref.userId,
    stripeSessionId: session.id,
    amount: session.amount_total ?? 0,
    currency: session.currency ?? 'usd',
    now,
  });
  if (!(await markOrderPaid(tx, ref, idOf(session.payment_intent), now))) return 'unchanged';
  await setLifetime(tx, ref.userId, now);
  return 'upgraded';
}

export async function closeSession(tx: Tx, session: StripeCheckoutSession, status: 'expired' | 'failed'): Promise<Outcome> {
  await closeUnpaidOrder(tx, session.id, status);
  return 'closed';
}

/** A full refund ends the plan it paid for, unless another paid order still backs it. */
export async function applyRefund(tx: Tx, charge: StripeCharge, now: Date): Promise<Outcome> {
  if (!charge.refunded) return 'ignored';
  const order = await findOrderForCharge(tx, idOf(charge.payment_intent), charge.metadata?.order_id ?? null);
  if (!order) return 'ignored';
  if (await markOrderRefunded(tx, order.id, 'paid', now)) {
    // An order whose account was deleted has no user id left: there is no plan to end.
    if (order.user_id !== null && (await countPaidOrders(tx, order.user_id)) === 0) await dropLifetime(tx, order.user_id, now);
    return 'refunded';
  }
  // Refunded before its payment reached us (events can arrive out of order): it must never upgrade.
  return (await markOrderRefunded(tx, order.id, 'pending', now)) ? 'refunded' : 'unchanged';
}
