// Buying the lifetime plan: create-order starts a Stripe Checkout Session; confirm asks Stripe
// whether the session was paid. The return URL's ?payment=success proves nothing by itself.
import { randomUUID } from 'node:crypto';
import { ALERT_TEXTS, PRICING, SERVER_TEXTS, type CreateOrderResponse, type SubscriptionStatus } from '@app/shared';
import type { AppContext } from '../../context.js';
import { writeTransaction } from '../../db/transaction.js';
import { conflict, notFound, paymentProviderFailed, serviceUnavailable } from '../../http/errors.js';
import { hit } from '../../http/rate-limit.js';
import { StripeError, type StripeClient } from '../../integrations/stripe/client.js';
import type { StripeCheckoutSession } from '../../integrations/stripe/objects.js';
import { statusOf } from '../subscription/subscription.service.js';
import { findUserById, type UserRow } from '../users/users.repository.js';
import { applyPaidSession, orderRefOf } from './fulfilment.js';
import { findUserOrder, insertOrder } from './payments.repository.js';

export const PAYMENTS_OFF = SERVER_TEXTS.paymentsOff;
export const ALREADY_LIFETIME = 'You already have the lifetime plan';
export const ORDER_NOT_FOUND = 'Order not found';
export const PAYMENT_PROCESSING = 'Your payment is still being processed. Your plan will be upgraded as soon as it clears.';
export const PAYMENT_REFUNDED = 'This payment was refunded, so it no longer unlocks the lifetime plan.';
export const LIFETIME_PRODUCT_NAME = "Tonight's Pick Lifetime";
const CHECKOUT_LIMIT = { max: 20, windowSeconds: 3600 };

function requireStripe(stripe: StripeClient | null): StripeClient {
  if (!stripe) throw serviceUnavailable(PAYMENTS_OFF);
  return stripe;
}

/** Stripe failures are the provider's, not ours: a 502 the upgrade modal can show. */
function providerError(ctx: AppContext, err: unknown, action: string): never {
  if (!(err instanceof StripeError)) throw err;
  ctx.logger.warn({ err: { kind: err.kind, status: err.status, type: err.type, code: err.code, message: err.message } }, `stripe: ${action} failed`);
  const detail =
    err.kind === 'network'
      ? 'Could not reach the payment provider. Please try again in a moment.'
      : err.kind === 'api' && (err.status === 401 || err.status === 403)
        ? 'Payments are misconfigured on this server (the payment provider refused its key). Please contact support.'
        : err.kind === 'api'
          ? `The payment provider refused the request: ${err.message}`
          : 'The payment provider sent an unexpected answer. Please try again in a moment.';
  throw paymentProviderFailed(detail);
}

export async function createLifetimeOrder(ctx: AppContext, stripe: StripeClient | null, user: UserRow): Promise<CreateOrderResponse> {
  if (user.subscription_tier === 'paid_lifetime') throw conflict(ALREADY_LIFETIME);
  const client = requireStripe(stripe);
  const now = ctx.clock.now();
  await hit(ctx.db, { bucket: `checkout:${user.id}`, ...CHECKOUT_LIMIT }, now, 'Too many checkout attempts. Please wait a few minutes and try again.');
  const orderId = randomUUID();
  const amount = PRICING.lifetimePriceUsd * 100;
  const settings = `${ctx.config.appUrl}/app/settings`;
  let session: StripeCheckoutSession;
  try {
    session = await client.createCheckoutSession(
      {
        amount,
        currency: PRICING.currency,
        productName: LIFETIME_PRODUCT_NAME,
        clientReferenceId: user.id,
        customerEmail: user.email,
        metadata: { user_id: user.id, order_id: orderId },
        // Stripe fills in {CHECKOUT_SESSION_ID} when it redirects back.
        successUrl: `${settings}?payment=success&order_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${settings}?payment=cancelled`,
      },
      orderId,
    );
  } catch (err) {
    providerError(ctx, err, 'create checkout session');
  }
  if (!session.url) throw paymentProviderFailed('The payment provider did not return a payment page. Please try again.');
  // Written in one statement once Stripe has answered, so no order exists without its session.
  await insertOrder(ctx.db, { id: orderId, userId: user.id, stripeSessionId: session.id, amount, currency: PRICING.currency, now });
  return { payment_link: session.url, order_id: orderId };
}

/**
 * The return page's check: asks Stripe about the session behind the order (our id, or the
 * session id Stripe put in the success URL) and upgrades only when it is this user's and paid.
 */
export async function confirmOrder(ctx: AppContext, stripe: StripeClient | null, user: UserRow, id: string): Promise<SubscriptionStatus> {
  const client = requireStripe(stripe);
  const order = await findUserOrder(ctx.db, user.id, id);
  // A session unknown here can still be this user's (an order lost to a crash): Stripe says whose.
  const sessionId = order?.stripe_session_id ?? (id.startsWith('cs_') ? id : null);
  if (!sessionId) throw notFound(ORDER_NOT_FOUND);
  let session: StripeCheckoutSession;
  try {
    session = await client.retrieveCheckoutSession(sessionId);
  } catch (err) {
    if (err instanceof StripeError && err.status === 404) throw notFound(ORDER_NOT_FOUND);
    providerError(ctx, err, 'retrieve checkout session');
  }
  const ref = orderRefOf(session);
  if (!ref || ref.userId !== user.id || (order && ref.orderId !== order.id)) throw notFound(ORDER_NOT_FOUND);
  if (order?.status === 'refunded') throw conflict(PAYMENT_REFUNDED);
  if (session.payment_status !== 'paid') throw conflict(session.status === 'complete' ? PAYMENT_PROCESSING : ALERT_TEXTS.paymentCancelled);
  const outcome = await writeTransaction(ctx.database, (tx) => applyPaidSession(tx, session, ctx.clock.now()));
  if (outcome === 'upgraded') ctx.logger.info({ order: ref.orderId, user: user.id }, 'lifetime plan confirmed with Stripe');
  const fresh = await findUserById(ctx.db, user.id);
  if (!fresh) throw notFound(ORDER_NOT_FOUND);
  return statusOf(ctx, fresh);
}
