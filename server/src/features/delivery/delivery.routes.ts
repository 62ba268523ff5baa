import { Router } from 'express';
import { UnsubscribeQuery } from '@app/shared';
import type { AppContext } from '../../context.js';
import { query, validate } from '../../http/validate.js';
import { unsubscribe } from './delivery.service.js';

/**
 * Mounted at /api/delivery. POST is RFC 8058's one-click unsubscribe (the body
 * "List-Unsubscribe=One-Click" carries nothing we need); GET serves mail clients that open the
 * header's URL in a browser. The URL only travels in the List-Unsubscribe header, never in the
 * body, so link scanners that prefetch body links do not unsubscribe anyone.
 */
export function deliveryRoutes(ctx: AppContext): Router {
  const r = Router();
  const handler = validate({ query: UnsubscribeQuery });
  r.post('/unsubscribe', handler, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await unsubscribe(ctx, query(req, UnsubscribeQuery).token));
  });
  r.get('/unsubscribe', handler, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await unsubscribe(ctx, query(req, UnsubscribeQuery).token));
  });
  return r;
}
