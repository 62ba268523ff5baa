import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/authenticate.js';
import { apiRouter } from '../../http/route.js';
import { createStripeClient, type StripeClient } from '../../integrations/stripe/client.js';
import { confirmOrder, createLifetimeOrder } from './payments.service.js';
import { handleStripeWebhook } from './payments.webhook.js';

export const WEBHOOK_BODY_LIMIT = '256kb';

function stripeFor(ctx: AppContext): StripeClient | null {
  const { secretKey, apiUrl } = ctx.config.stripe;
  return secretKey ? createStripeClient(secretKey, apiUrl) : null;
}

/** Ordering the lifetime plan, and Stripe's webhook (a raw body: the signature covers the bytes). */
export function paymentsRoutes(ctx: AppContext): Router {
  const stripe = stripeFor(ctx);
  const { router, route } = apiRouter(ctx);
  route('payments_create_order', async (req, res) => {
    res.json(await createLifetimeOrder(ctx, stripe, currentUser(req)));
  });
  route('payments_confirm', async (req, res, { body }) => {
    res.json(await confirmOrder(ctx, stripe, currentUser(req), body.order_id));
  });
  route(
    'payments_webhook',
    async (req, res) => {
      res.json(await handleStripeWebhook(ctx, req.body, req.get('stripe-signature')));
    },
    { bodyLimit: WEBHOOK_BODY_LIMIT },
  );
  return router;
}
