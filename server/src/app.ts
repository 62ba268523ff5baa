// createApp builds the Express app from its dependencies; it never listens, so tests and
// main.ts mount the same thing.
import express, { type Express } from 'express';
import cors from 'cors';
import type { AppContext } from './context.js';
import { countClientsByNetwork } from './http/client-address.js';
import { compressResponses } from './http/compression.js';
import { apiNotFound, errorHandler } from './http/error-handler.js';
import { healthRoutes, refuseWritesWhenStorageLost, storageErrors } from './http/health.js';
import type { Lifecycle } from './http/lifecycle.js';
import { requestLogger } from './http/request-log.js';
import { withPageLanguage } from './i18n/messages.js';
import { securityHeaders } from './http/security-headers.js';
import { webAssets } from './http/static-assets.js';
import { countRequests, metricsHandler } from './metrics/http.js';
import type { AppServices } from './services.js';

export function createApp(ctx: AppContext, services: AppServices, webDist: string | null, lifecycle: Lifecycle = { phase: 'ready' }): Express {
  const app = express();
  app.disable('x-powered-by');
  // No ETag on every answer: only the public ones a browser may keep carry one (http/cacheable.ts).
  app.set('etag', false);
  app.set('trust proxy', ctx.config.trustProxy);
  // Per-IP limits count an IPv6 client by its /64 (http/client-address.ts).
  app.use(countClientsByNetwork);
  // Metrics (docs/operations.md): counted only when served; on this port unless METRICS_PORT.
  if (ctx.config.metrics.on) app.use(countRequests(ctx.metrics, app));

  // One record per request (X-Request-Id, secrets out of URLs), not for probes: http/request-log.ts.
  app.use(requestLogger(ctx.logger, app));
  // helmet's full set for pages, a short one for API answers (http/security-headers.ts).
  app.use(securityHeaders(new URL(ctx.config.tmdb.imageUrl).origin));

  const allowed = new Set([new URL(ctx.config.appUrl).origin, ...ctx.config.extensionOrigins]);
  app.use(
    '/api',
    cors({
      origin: (origin, cb) => cb(null, origin === undefined || allowed.has(origin) ? origin ?? false : false),
      exposedHeaders: ['Content-Disposition', 'Retry-After', 'X-Request-Id'],
      maxAge: 600,
    }),
  );

  // Above a threshold only, and never what is already compressed (http/compression.ts).
  compressResponses(app);

  app.use(healthRoutes(ctx, lifecycle));
  if (ctx.config.metrics.on && ctx.config.metrics.port === null) app.get('/metrics', metricsHandler(ctx.metrics, () => services.catalog.stats()));
  app.use('/api', refuseWritesWhenStorageLost(ctx));
  // A person who never chose a language is answered in their page's (i18n/messages.ts, userLocale).
  app.use('/api', withPageLanguage);

  // Every API route, mounted in one place (wiring.ts); each parses its own body (http/route.ts).
  app.use(services.api);
  app.use('/api', apiNotFound);

  // The built web app: pre-compressed files by Accept-Encoding (http/static-assets.ts), the public
  // pages the build pre-rendered, and the single-page app's index.html for every other path.
  const web = webDist ? webAssets(webDist) : null;
  const webIndex = web?.index ?? null;
  if (web && webIndex) {
    app.use(web.files);
    app.get('/{*splat}', web.sendPage);
  }
  app.use(storageErrors);
  app.use(errorHandler(webIndex));
  return app;
}
