// The fuzz test's map of the API: every route the running app declares (read from Express's own
// router, so a new route is noticed) and, per route, what it takes from the shared contract.
import type { z } from 'zod';
import * as S from '@app/shared';

export interface Endpoint {
  method: string;
  /** Express path, e.g. /api/catalog/titles/:id */
  path: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** Stripe's webhook: a raw body with a Stripe-Signature header. */
  stripeWebhook?: boolean;
  /** Never writes, even when it succeeds: the whole-database check counts its 2xx as harmless
   * (and so checks this claim too). */
  readOnly?: boolean;
  /** Takes no token (auth 'none'): an Authorization header sent with it is ignored. */
  tokenless?: boolean;
}

/** Routes that never write even when they succeed: the whole-database check counts their 2xx as
 * harmless (and so checks this claim too). */
const READ_ONLY: ReadonlySet<S.RouteKey> = new Set<S.RouteKey>([
  'settings_profile',
  'calendar_status',
  'public_config',
  'subscription_status',
  'catalog_posters',
  'catalog_title',
  'catalog_poster_svg',
  'catalog_poster_png',
  'catalog_platform_logo',
  'onboarding_genres',
  'onboarding_languages',
  'onboarding_platforms',
  'onboarding_movies',
  'onboarding_filtered_movies',
  'onboarding_preferences',
  'extension_tokens',
  'recommendations_history',
  'watchlist_list',
  'imports_list',
  'imports_get',
  'account_export',
  'connections_list',
]);

/**
 * Every API endpoint, from the shared route table (shared/src/routes.ts) and its schemas, plus the
 * operator's endpoints outside /api. DELETE /api/account is destructive and fuzzed in full: no
 * request the fuzz makes can succeed, because it never holds a user's password (its pools lack it)
 * nor an emailed code, so every DELETE is a refusal and the write checks hold it to changing
 * nothing. Deleting for real is server/test/account-delete.test.ts.
 */
export const ENDPOINTS: Endpoint[] = [
  ...(Object.keys(S.ROUTES) as S.RouteKey[]).map((key): Endpoint => {
    const route: S.RouteDef = S.ROUTES[key];
    const schemas: S.RouteSchemas = S.ROUTE_SCHEMAS[key];
    return {
      method: route.method,
      path: route.path,
      ...(schemas.body ? { body: schemas.body } : {}),
      ...(schemas.query ? { query: schemas.query } : {}),
      ...(route.body === 'raw' ? { stripeWebhook: true } : {}),
      ...(READ_ONLY.has(key) ? { readOnly: true } : {}),
      ...(route.auth === 'none' ? { tokenless: true } : {}),
    };
  }),
  { method: 'GET', path: '/healthz', readOnly: true, tokenless: true },
  { method: 'GET', path: '/readyz', readOnly: true, tokenless: true },
];

interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** "METHOD /path" for every route of the Express app (the SPA fallback aside). */
export function declaredRoutes(expressApp: unknown): string[] {
  const app = expressApp as { router: { stack: Layer[] } };
  const out = new Set<string>();
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const path = `${prefix}${String(layer.route.path)}`.replace(/(.)\/$/, '$1');
        for (const [m, on] of Object.entries(layer.route.methods)) if (on && m !== '_all') out.add(`${m.toUpperCase()} ${path}`);
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? `${prefix}${layer.rawPath}` : prefix);
      }
    }
  };
  walk(app.router.stack, '');
  return [...out].filter((r) => !r.includes('{*splat}')).sort();
}
