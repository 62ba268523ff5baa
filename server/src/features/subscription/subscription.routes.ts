import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/authenticate.js';
import { apiRouter } from '../../http/route.js';
import { requestPlanChange, statusOf } from './subscription.service.js';

/** The plan's status, and the plan change of the settings page. */
export function subscriptionRoutes(ctx: AppContext): Router {
  const { router, route } = apiRouter(ctx);
  route('subscription_status', async (req, res) => {
    res.json(await statusOf(ctx, currentUser(req)));
  });
  route('subscription_update', async (req, res, { body }) => {
    res.json(await requestPlanChange(ctx, currentUser(req), body.subscription_tier));
  });
  return router;
}
