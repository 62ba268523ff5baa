// Builds what the features share (the catalog, the history with what a server keeps in memory)
// and the API's routers: the one place routers are mounted (createApp in app.ts mounts the
// result, `services.api`, as one). Features are functions of the context and these. Each route's method, path,
// auth, body parser and schemas come from the shared table (shared/src/routes.ts) through
// http/route.ts. New features register here.
import { Router } from 'express';
import type { ConnectionKind } from '@app/shared';
import type { AppContext } from './context.js';
import type { AppServices } from './services.js';
import { staticRouteLookup } from './http/route.js';
import { loadCatalogPack } from './catalog/pack-loader.js';
import { CatalogStore } from './catalog/catalog.store.js';
import { catalogRoutes } from './catalog/catalog.routes.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { settingsRoutes } from './features/settings/settings.routes.js';
import { credentialsRoutes } from './features/credentials/credentials.routes.js';
import { publicRoutes } from './features/public/public.routes.js';
import { analyticsRoutes } from './features/analytics/analytics.routes.js';
import { paymentsRoutes } from './features/payments/payments.routes.js';
import { onboardingRoutes } from './features/onboarding/onboarding.routes.js';
import { extensionRoutes } from './features/extension/extension.routes.js';
import { calendarRoutes } from './features/calendar/calendar.routes.js';
import { ratingLinkRoutes, recommendationRoutes } from './features/recommendations/recommendations.routes.js';
import { subscriptionRoutes } from './features/subscription/subscription.routes.js';
import { feedbackRoutes } from './features/feedback/feedback.routes.js';
import { deliveryRoutes } from './features/delivery/delivery.routes.js';
import { sessionRoutes } from './features/sessions/sessions.routes.js';
import { accountRoutes } from './features/account/account.routes.js';
import { watchlistRoutes } from './features/watchlist/watchlist.routes.js';
import { importsRoutes } from './features/imports/imports.routes.js';
import { fitRoutes } from './features/fit/fit.routes.js';
import { householdRoutes } from './features/household/household.routes.js';
import { connectionsRoutes } from './features/connections/connections.routes.js';
import { Connections } from './features/connections/connections.service.js';
import type { ConnectionAdapter } from './features/connections/adapter.js';
import { embyAdapter, jellyfinAdapter } from './features/connections/jellyfin/jellyfin.adapter.js';
import { plexAdapter } from './features/connections/plex/plex.adapter.js';
import { traktAdapterFor } from './features/connections/trakt/trakt.adapter.js';
import { CoLikes } from './features/history/co-likes.js';
import { EngineIndexes } from './features/history/engine-index.js';
import { History } from './features/history/history.js';
import { TasteCache } from './features/history/taste-state.js';
import { ParserThread } from './features/imports/parse-off-thread.js';

export async function buildServices(ctx: AppContext): Promise<AppServices> {
  await loadCatalogPack(ctx.database, { logger: ctx.logger, now: ctx.clock.now() });
  const catalog = await CatalogStore.open(ctx.db, { imageBaseUrl: ctx.config.tmdb.imageUrl });
  const platformNames = () => catalog.platformNames();
  const stats = async () => catalog.stats();
  // What a server keeps in memory, built once here and handed to the features that use it: the
  // engine's index per catalog snapshot, each user's resolved history, the co-like neighbours, and
  // the thread that reads import files. The history's one writer (features/history/history.ts) holds
  // the first three.
  const history = new History(ctx, catalog, new TasteCache(), new CoLikes(ctx, catalog), new EngineIndexes());
  const parser = new ParserThread();
  // The apps a person can connect: one adapter a kind folder (features/connections/<kind>/).
  const adapters = new Map<ConnectionKind, ConnectionAdapter>([
    ['jellyfin', jellyfinAdapter],
    ['emby', embyAdapter],
    ['plex', plexAdapter()],
  ]);
  // Trakt needs the server's own Trakt app (TRAKT_CLIENT_ID / TRAKT_CLIENT_SECRET).
  const trakt = traktAdapterFor(ctx.config);
  if (trakt) adapters.set('trakt', trakt);
  const connections = new Connections(ctx, history, adapters);

  // Every router registers absolute paths from the table, so the order here does not matter.
  const api = Router();
  const routers = [
    authRoutes(ctx),
    settingsRoutes(ctx, platformNames),
    credentialsRoutes(ctx),
    publicRoutes(ctx, { stats }),
    analyticsRoutes(ctx),
    paymentsRoutes(ctx),
    catalogRoutes(ctx, catalog),
    onboardingRoutes(ctx, catalog),
    extensionRoutes(ctx, history),
    calendarRoutes(ctx),
    recommendationRoutes(ctx, history),
    subscriptionRoutes(ctx),
    ratingLinkRoutes(ctx, history),
    deliveryRoutes(ctx),
    sessionRoutes(ctx),
    accountRoutes(ctx),
    watchlistRoutes(ctx, history),
    fitRoutes(ctx, history),
    feedbackRoutes(ctx),
    importsRoutes(ctx, history, parser),
    householdRoutes(ctx, history),
    connectionsRoutes(ctx, connections),
  ];
  api.use(staticRouteLookup(routers));
  for (const router of routers) api.use(router);
  return { catalog, history, connections, platformNames, stats, api };
}
