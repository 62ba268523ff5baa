import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import { apiRouter } from '../../http/route.js';
import { unsubscribe } from './delivery.service.js';

/**
 * POST is RFC 8058's one-click unsubscribe (the body "List-Unsubscribe=One-Click" carries
 * nothing we need); GET serves mail clients that open the header's URL in a browser. The URL only
 * travels in the List-Unsubscribe header, never in the body, so link scanners that prefetch body
 * links do not unsubscribe anyone.
 */
export function deliveryRoutes(ctx: AppContext): Router {
  const { router, route } = apiRouter(ctx);
  route('delivery_unsubscribe', async (_req, res, { query }) => {
    res.set('Cache-Control', 'no-store').json(await unsubscribe(ctx, query.token));
  });
  route('delivery_unsubscribe_page', async (_req, res, { query }) => {
    res.set('Cache-Control', 'no-store').json(await unsubscribe(ctx, query.token));
  });
  return router;
}
