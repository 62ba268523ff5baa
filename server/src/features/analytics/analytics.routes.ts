import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import { apiRouter } from '../../http/route.js';
import { hit } from '../../http/rate-limit.js';
import { recordEvent } from './analytics.repository.js';

export function analyticsRoutes(ctx: AppContext): Router {
  const { router, route } = apiRouter(ctx);
  route('analytics_events', async (req, res, { body: e }) => {
    await hit(ctx.db, { bucket: `analytics:ip:${req.ip}`, max: 600, windowSeconds: 600 }, ctx.clock.now());
    await recordEvent(ctx.db, { userId: req.user?.id ?? null, name: e.name, path: e.path ?? null, properties: e.properties ?? null, now: ctx.clock.now() });
    res.status(201).json({ message: 'Recorded' });
  });
  return router;
}
