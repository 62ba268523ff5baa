import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import type { History } from '../history/history.js';
import { currentUser } from '../../http/authenticate.js';
import { apiRouter } from '../../http/route.js';
import { acceptInvite, householdState, inviteToHousehold, leaveHousehold, viewInvite } from './household.service.js';
import { pickTogether, rateTogether } from './together.service.js';

/** A pick for two (docs/product-decisions.md, "A pick for two"). */
export function householdRoutes(ctx: AppContext, history: History): Router {
  const { router, route } = apiRouter(ctx);
  route('household_get', async (req, res) => {
    res.json(await householdState(ctx, history, currentUser(req)));
  });
  route('household_invite', async (req, res, { body }) => {
    res.json(await inviteToHousehold(ctx, history, currentUser(req), req.ip ?? 'unknown', body.email));
  });
  route('household_invite_view', async (_req, res, { body }) => {
    res.json(await viewInvite(ctx, body.token));
  });
  route('household_accept', async (req, res, { body }) => {
    res.json(await acceptInvite(ctx, history, currentUser(req), body.token));
  });
  route('household_leave', async (req, res) => {
    res.json(await leaveHousehold(ctx, history, currentUser(req)));
  });
  route('household_together', async (req, res, { body }) => {
    res.json(await pickTogether(ctx, history, currentUser(req), body));
  });
  route('household_together_rate', async (req, res, { body }) => {
    res.json(await rateTogether(ctx, history, currentUser(req), String(req.params.id), body.rating));
  });
  return router;
}
