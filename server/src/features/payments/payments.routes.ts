import express, { Router } from 'express';
import { ConfirmOrderRequest, CreateOrderRequest } from '@app/shared';
import type { AppContext } from '../../context.js';
import { authenticate, currentUser } from '../../http/authenticate.js';
import { body, validate } from '../../http/validate.js';
import { createStripeClient, type StripeClient } from '../../integrations/stripe/client.js';
import { confirmOrder, createLifetimeOrder } from './payments.service.js';
import { handleStripeWebhook } from './payments.webhook.js';

export const WEBHOOK_BODY_LIMIT = '256kb';

function stripeFor(ctx: AppContext): StripeClient | null {
  const { secretKey, apiUrl } = ctx.config.stripe;
  return secretKey ? createStripeClient(secretKey, apiUrl) : null;
}

/** Mounted at /api/subscription (beside the status route of features/subscription). */
export function paymentsRoutes(ctx: AppContext): Router {
  const stripe = stripeFor(ctx);
  const r = Router();
  r.post('/create-order', authenticate(ctx), validate({ body: CreateOrderRequest }), async (req, res) => {
    res.json(await createLifetimeOrder(ctx, stripe, currentUser(req)));
  });
  r.post('/confirm', authenticate(ctx), validate({ body: ConfirmOrderRequest }), async (req, res) => {
    res.json(await confirmOrder(ctx, stripe, currentUser(req), body(req, ConfirmOrderRequest).order_id));
  });
  return r;
}

/** Mounted at /api/subscription/webhook before any JSON parser: the signature covers the raw bytes. */
export function paymentsWebhookRoutes(ctx: AppContext): Router {
  const r = Router();
  r.post('/', express.raw({ type: 'application/json', limit: WEBHOOK_BODY_LIMIT }), async (req, res) => {
    res.json(await handleStripeWebhook(ctx, req.body, req.get('stripe-signature')));
  });
  return r;
}
