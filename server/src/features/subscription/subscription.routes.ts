import { Router } from 'express';
import { UpdateSubscriptionRequest } from '@app/shared';
import type { AppContext } from '../../context.js';
import { authenticate, currentUser } from '../../http/authenticate.js';
import { body, validate } from '../../http/validate.js';
import { requestPlanChange, statusOf } from './subscription.service.js';

/** Mounted at /api/subscription. */
export function subscriptionRoutes(ctx: AppContext): Router {
  const r = Router();
  r.get('/status', authenticate(ctx), async (req, res) => {
    res.json(await statusOf(ctx, currentUser(req)));
  });
  return r;
}

/** Mounted at /api/settings, beside the profile routes. */
export function subscriptionSettingsRoutes(ctx: AppContext): Router {
  const r = Router();
  r.put('/subscription', authenticate(ctx), validate({ body: UpdateSubscriptionRequest }), async (req, res) => {
    res.json(await requestPlanChange(ctx, currentUser(req), body(req, UpdateSubscriptionRequest).subscription_tier));
  });
  return r;
}
