import { Router } from 'express';
import { AnalyticsEventRequest } from '@app/shared';
import type { AppContext } from '../../context.js';
import { validate, body } from '../../http/validate.js';
import { optionalAuthenticate } from '../../http/authenticate.js';
import { hit } from '../../http/rate-limit.js';
import { recordEvent } from './analytics.repository.js';

export function analyticsRoutes(ctx: AppContext): Router {
  const r = Router();
  r.post('/events', optionalAuthenticate(ctx), validate({ body: AnalyticsEventRequest }), async (req, res) => {
    await hit(ctx.db, { bucket: `analytics:ip:${req.ip}`, max: 600, windowSeconds: 600 }, ctx.clock.now());
    const e = body(req, AnalyticsEventRequest);
    await recordEvent(ctx.db, { userId: req.user?.id ?? null, name: e.name, path: e.path ?? null, properties: e.properties ?? null, now: ctx.clock.now() });
    res.status(201).json({ message: 'Recorded' });
  });
  return r;
}
