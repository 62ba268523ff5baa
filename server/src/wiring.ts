// Builds every feature's services and routers. New features register here.
import type { AppContext } from './context.js';
import type { AppServices } from './services.js';
import { paymentsRoutes, paymentsWebhookRoutes } from './features/payments/payments.routes.js';
import { loadCatalogPack } from './catalog/pack-loader.js';
import { CatalogStore } from './catalog/catalog.store.js';
import { catalogRoutes } from './catalog/catalog.routes.js';
import { onboardingRoutes } from './features/onboarding/onboarding.routes.js';
import { extensionRoutes } from './features/extension/extension.routes.js';
import { calendarRoutes } from './features/calendar/calendar.routes.js';
import { ratingLinkRoutes, recommendationRoutes } from './features/recommendations/recommendations.routes.js';
import { subscriptionRoutes, subscriptionSettingsRoutes } from './features/subscription/subscription.routes.js';
import { feedbackMount } from './features/feedback/feedback.routes.js';
import { deliveryRoutes } from './features/delivery/delivery.routes.js';
import { sessionRoutes } from './features/sessions/sessions.routes.js';
import { accountRoutes } from './features/account/account.routes.js';
import { watchlistRoutes } from './features/watchlist/watchlist.routes.js';
import { importsMount } from './features/imports/imports.routes.js';

export async function buildServices(ctx: AppContext): Promise<AppServices> {
  await loadCatalogPack(ctx.database, { logger: ctx.logger, now: ctx.clock.now() });
  const catalog = await CatalogStore.open(ctx.db, { imageBaseUrl: ctx.config.tmdb.imageUrl });
  return {
    catalog,
    platformNames: () => catalog.platformNames(),
    stats: async () => catalog.stats(),
    routes: [
      { path: '/api/subscription', router: paymentsRoutes(ctx) },
      { path: '/api/catalog', router: catalogRoutes(catalog) },
      { path: '/api/onboarding', router: onboardingRoutes(ctx, catalog) },
      { path: '/api/extension', router: extensionRoutes(ctx) },
      { path: '/api/settings/calendar', router: calendarRoutes(ctx) },
      { path: '/api/recommendations', router: recommendationRoutes(ctx, catalog) },
      { path: '/api/subscription', router: subscriptionRoutes(ctx) },
      { path: '/api/settings', router: subscriptionSettingsRoutes(ctx) },
      { path: '/api/public', router: ratingLinkRoutes(ctx) },
      { path: '/api/delivery', router: deliveryRoutes(ctx) },
      { path: '/api/account/sessions', router: sessionRoutes(ctx) },
      { path: '/api/account', router: accountRoutes(ctx) },
      { path: '/api/watchlist', router: watchlistRoutes(ctx, catalog) },
    ],
    smallBodyRoutes: [feedbackMount(ctx)],
    rawBodyRoutes: [{ path: '/api/subscription/webhook', router: paymentsWebhookRoutes(ctx) }, importsMount(ctx, catalog)],
  };
}
