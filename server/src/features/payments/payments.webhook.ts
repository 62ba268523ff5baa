// POST /api/subscription/webhook: Stripe's signed events. The signature is checked on the raw
// bytes; the event id is recorded in the same transaction as its effect, so a replay or two
// concurrent deliveries of one event apply it once (the duplicate is answered 200 so Stripe
// stops retrying).
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { writeTransaction, type Tx } from '../../db/transaction.js';
import { badRequest, serviceUnavailable } from '../../http/errors.js';
import { nulPath } from '../../http/validate.js';
import { StripeCharge, StripeCheckoutSession, StripeEvent } from '../../integrations/stripe/objects.js';
import { verifyStripeSignature } from '../../integrations/stripe/signature.js';
import { applyPaidSession, applyRefund, closeSession, type Outcome } from './fulfilment.js';
import { recordEvent } from './payments.repository.js';

export const WEBHOOKS_OFF = 'Payment webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET is not set).';

export interface WebhookAck {
  received: true;
  duplicate: boolean;
  outcome: Outcome;
}

type Action = (tx: Tx, now: Date) => Promise<Outcome>;

function objectOf<S extends z.ZodType>(event: StripeEvent, schema: S): z.output<S> {
  const parsed = schema.safeParse(event.data.object);
  if (!parsed.success) throw badRequest(`Event ${event.type} does not carry the expected object`);
  return parsed.data;
}

/** The effect of an event we act on; null for every other type (acknowledged, not recorded). */
function actionFor(event: StripeEvent): Action | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      // completed with payment_status 'unpaid' is a delayed method: async_payment_succeeded follows.
      const session = objectOf(event, StripeCheckoutSession);
      return (tx, now) => applyPaidSession(tx, session, now);
    }
    case 'checkout.session.async_payment_failed': {
      const session = objectOf(event, StripeCheckoutSession);
      return (tx) => closeSession(tx, session, 'failed');
    }
    case 'checkout.session.expired': {
      const session = objectOf(event, StripeCheckoutSession);
      return (tx) => closeSession(tx, session, 'expired');
    }
    case 'charge.refunded': {
      const charge = objectOf(event, StripeCharge);
      return (tx, now) => applyRefund(tx, charge, now);
    }
    default:
      return null;
  }
}

function parseEvent(raw: Buffer): StripeEvent {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest('Webhook body is not valid JSON');
  }
  const parsed = StripeEvent.safeParse(json);
  // Stripe never sends NUL, which PostgreSQL text cannot store (see nulPath).
  if (!parsed.success || nulPath(parsed.data)) throw badRequest('Webhook body is not a Stripe event');
  return parsed.data;
}

export async function handleStripeWebhook(ctx: AppContext, rawBody: unknown, signature: string | undefined): Promise<WebhookAck> {
  const secret = ctx.config.stripe.webhookSecret;
  if (!secret) throw serviceUnavailable(WEBHOOKS_OFF);
  if (!Buffer.isBuffer(rawBody)) throw badRequest('Webhook body must be JSON (Content-Type: application/json)');
  const check = verifyStripeSignature(signature, rawBody, secret, ctx.clock.now());
  if (!check.ok) throw badRequest(`Invalid webhook signature: ${check.reason}`);
  const event = parseEvent(rawBody);
  const action = actionFor(event);
  if (!action) return { received: true, duplicate: false, outcome: 'ignored' };
  const now = ctx.clock.now();
  const ack = await writeTransaction(ctx.database, async (tx): Promise<WebhookAck> => {
    if (!(await recordEvent(tx, event.id, event.type, now))) return { received: true, duplicate: true, outcome: 'unchanged' };
    return { received: true, duplicate: false, outcome: await action(tx, now) };
  });
  ctx.logger.info({ event: event.id, type: event.type, outcome: ack.outcome, duplicate: ack.duplicate }, 'stripe webhook');
  return ack;
}
