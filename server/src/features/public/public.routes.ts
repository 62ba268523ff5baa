import type { Router } from 'express';
import type { PublicConfig } from '@app/shared';
import type { AppContext } from '../../context.js';
import type { AppServices } from '../../services.js';
import { apiRouter } from '../../http/route.js';
import { sendCacheableJson } from '../../http/cacheable.js';
import { countUsers } from '../users/users.repository.js';

/** Below this many accounts the landing page makes no claim about users (docs/product-decisions.md, "What the public pages claim"). */
export const USER_CLAIM_THRESHOLD = 100;

export function publicRoutes(ctx: AppContext, services: Pick<AppServices, 'stats'>): Router {
  const { router, route } = apiRouter(ctx);
  route('public_config', async (_req, res) => {
    const [stats, users] = await Promise.all([services.stats(), countUsers(ctx.db)]);
    const body: PublicConfig = {
      google_client_id: ctx.config.google.clientId,
      payments_enabled: Boolean(ctx.config.stripe.secretKey),
      free_weekly_limit: ctx.config.freeWeeklyLimit,
      free_replacements_weekly: ctx.config.freeReplacementsWeekly,
      uses_tmdb: stats.tmdb || Boolean(ctx.config.tmdb.apiKey || ctx.config.tmdb.readToken),
      stats: { platforms: stats.platforms, titles: stats.titles, users: users >= USER_CLAIM_THRESHOLD ? users : null },
    };
    sendCacheableJson(res, 60, body);
  });
  return router;
}
