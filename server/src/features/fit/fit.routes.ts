import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import type { History } from '../history/history.js';
import { currentUser } from '../../http/authenticate.js';
import { apiRouter } from '../../http/route.js';
import { rateTitle, titleFit } from './fit.service.js';

/** The pick where you browse: the extension's badge on a streaming site's title page. */
export function fitRoutes(ctx: AppContext, history: History): Router {
  const { router, route } = apiRouter(ctx);
  route('fit_title', async (req, res, { query }) => {
    res.set('Cache-Control', 'no-store').json(await titleFit(ctx, history, currentUser(req), query));
  });
  route('fit_rate_title', async (req, res, { body }) => {
    res.json(await rateTitle(ctx, history, currentUser(req), body));
  });
  return router;
}
