// Builds every feature's services and routers. New features register here.
import type { AppContext } from './context.js';
import type { AppServices } from './services.js';
import { paymentsRoutes, paymentsWebhookRoutes } from './features/payments/payments.routes.js';
import { extensionRoutes } from './features/extension/extension.routes.js';
import { calendarRoutes } from './features/calendar/calendar.routes.js';
import { feedbackMount } from './features/feedback/feedback.routes.js';

export async function buildServices(ctx: AppContext): Promise<AppServices> {
  return {
    platformNames: async () => new Set<string>(),
    stats: async () => ({ platforms: 0, titles: 0 }),
    routes: [
      { path: '/api/subscription', router: paymentsRoutes(ctx) },
      { path: '/api/extension', router: extensionRoutes(ctx) },
      { path: '/api/settings/calendar', router: calendarRoutes(ctx) },
    ],
    smallBodyRoutes: [feedbackMount(ctx)],
    rawBodyRoutes: [{ path: '/api/subscription/webhook', router: paymentsWebhookRoutes(ctx) }],
  };
}
