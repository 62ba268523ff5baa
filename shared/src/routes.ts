// The API's one route table: every path the server answers under /api, written once. Plain data
// (no zod), so the typed client and the extension read it without pulling the schemas in; the
// schemas of each route live under the same key in schemas/route-schemas.ts (read by the server).
//
// auth: none (anyone), optional (a token is read when sent), user (signed in), onboarded (signed
// in and finished onboarding). extension: a connected browser extension's token may call it
// (server/src/features/extension/extension-scope.ts derives its allowed list from this flag).
// body: 'raw' when the route needs the bytes as sent (Stripe's signature covers them; Plex's multipart).

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteAuth = 'none' | 'optional' | 'user' | 'onboarded';

export interface RouteDef {
  readonly method: RouteMethod;
  readonly path: string;
  readonly auth: RouteAuth;
  readonly extension?: true;
  readonly body?: 'raw';
}

const def = <const T extends Record<string, RouteDef>>(t: T): T => t;

export const ROUTES = def({
  auth_register: { method: 'POST', path: '/api/auth/register', auth: 'none' },
  auth_login: { method: 'POST', path: '/api/auth/login', auth: 'none' },
  auth_login_unlock: { method: 'POST', path: '/api/auth/login/unlock', auth: 'none' },
  auth_verify_email: { method: 'POST', path: '/api/auth/verify-email', auth: 'none' },
  auth_resend_verification: { method: 'POST', path: '/api/auth/resend-verification', auth: 'none' },
  auth_google: { method: 'POST', path: '/api/auth/google', auth: 'none' },
  auth_sign_out_everywhere: { method: 'POST', path: '/api/auth/sign-out-everywhere', auth: 'user' },

  credentials_forgot_password: { method: 'POST', path: '/api/auth/forgot-password', auth: 'none' },
  credentials_reset_password: { method: 'POST', path: '/api/auth/reset-password', auth: 'none' },
  credentials_password: { method: 'PUT', path: '/api/settings/password', auth: 'user' },
  credentials_email: { method: 'POST', path: '/api/settings/email', auth: 'user' },
  credentials_email_verify: { method: 'POST', path: '/api/settings/email/verify', auth: 'user' },

  settings_profile: { method: 'GET', path: '/api/settings/profile', auth: 'user', extension: true },
  settings_update_profile: { method: 'PUT', path: '/api/settings/profile', auth: 'user' },

  calendar_auth_url: { method: 'GET', path: '/api/settings/calendar/auth-url', auth: 'user' },
  calendar_connect: { method: 'POST', path: '/api/settings/calendar/connect', auth: 'user' },
  calendar_status: { method: 'GET', path: '/api/settings/calendar/status', auth: 'user', extension: true },
  calendar_update: { method: 'PUT', path: '/api/settings/calendar', auth: 'user' },
  calendar_disconnect: { method: 'POST', path: '/api/settings/calendar/disconnect', auth: 'user' },

  public_config: { method: 'GET', path: '/api/public/config', auth: 'none' },
  analytics_events: { method: 'POST', path: '/api/analytics/events', auth: 'optional' },

  subscription_status: { method: 'GET', path: '/api/subscription/status', auth: 'user', extension: true },
  subscription_update: { method: 'PUT', path: '/api/settings/subscription', auth: 'user' },
  payments_create_order: { method: 'POST', path: '/api/subscription/create-order', auth: 'user' },
  payments_confirm: { method: 'POST', path: '/api/subscription/confirm', auth: 'user' },
  payments_webhook: { method: 'POST', path: '/api/subscription/webhook', auth: 'none', body: 'raw' },

  catalog_posters: { method: 'GET', path: '/api/catalog/posters', auth: 'none', extension: true },
  catalog_title: { method: 'GET', path: '/api/catalog/titles/:id', auth: 'none', extension: true },
  catalog_poster_svg: { method: 'GET', path: '/api/catalog/titles/:id/poster.svg', auth: 'none', extension: true },
  catalog_poster_png: { method: 'GET', path: '/api/catalog/titles/:id/poster.png', auth: 'none', extension: true },
  catalog_platform_logo: { method: 'GET', path: '/api/catalog/platforms/:slug/logo.svg', auth: 'none', extension: true },

  onboarding_genres: { method: 'GET', path: '/api/onboarding/genres', auth: 'none', extension: true },
  onboarding_languages: { method: 'GET', path: '/api/onboarding/languages', auth: 'none', extension: true },
  onboarding_platforms: { method: 'GET', path: '/api/onboarding/platforms', auth: 'none', extension: true },
  onboarding_movies: { method: 'GET', path: '/api/onboarding/movies', auth: 'none' },
  onboarding_filtered_movies: { method: 'GET', path: '/api/onboarding/movies/filtered', auth: 'none' },
  onboarding_save_preferences: { method: 'POST', path: '/api/onboarding/preferences', auth: 'user' },
  onboarding_preferences: { method: 'GET', path: '/api/onboarding/preferences', auth: 'user' },
  onboarding_reset_preferences: { method: 'DELETE', path: '/api/onboarding/preferences', auth: 'user' },

  extension_create_token: { method: 'POST', path: '/api/extension/tokens', auth: 'user' },
  extension_tokens: { method: 'GET', path: '/api/extension/tokens', auth: 'user' },
  extension_revoke_token: { method: 'DELETE', path: '/api/extension/tokens/:id', auth: 'user' },
  extension_sign_out: { method: 'POST', path: '/api/extension/sign-out', auth: 'user', extension: true },
  extension_watched: { method: 'POST', path: '/api/extension/watched', auth: 'user', extension: true },

  recommendations_current: { method: 'GET', path: '/api/recommendations/current', auth: 'onboarded', extension: true },
  recommendations_new: { method: 'POST', path: '/api/recommendations/new', auth: 'onboarded', extension: true },
  recommendations_rate: { method: 'POST', path: '/api/recommendations/rate', auth: 'user', extension: true },
  recommendations_history: { method: 'GET', path: '/api/recommendations/history', auth: 'user', extension: true },
  recommendations_edit_history: { method: 'PATCH', path: '/api/recommendations/history/:id', auth: 'user' },
  recommendations_remove_history: { method: 'DELETE', path: '/api/recommendations/history/:id', auth: 'user' },
  recommendations_download_ics: { method: 'GET', path: '/api/recommendations/download-ics', auth: 'user', extension: true },
  recommendations_add_to_calendar: { method: 'POST', path: '/api/recommendations/add-to-calendar', auth: 'user', extension: true },
  recommendations_why_not: { method: 'GET', path: '/api/recommendations/why-not', auth: 'onboarded', extension: true },
  recommendations_rate_link: { method: 'GET', path: '/api/public/rate', auth: 'none' },

  fit_title: { method: 'GET', path: '/api/recommendations/fit', auth: 'user', extension: true },
  fit_rate_title: { method: 'POST', path: '/api/recommendations/rate-title', auth: 'user', extension: true },

  watchlist_list: { method: 'GET', path: '/api/watchlist', auth: 'user', extension: true },
  watchlist_add: { method: 'POST', path: '/api/watchlist', auth: 'user', extension: true },
  watchlist_remove: { method: 'DELETE', path: '/api/watchlist/:title_id', auth: 'user', extension: true },

  delivery_unsubscribe: { method: 'POST', path: '/api/delivery/unsubscribe', auth: 'none' },
  delivery_unsubscribe_page: { method: 'GET', path: '/api/delivery/unsubscribe', auth: 'none' },
  feedback_submit: { method: 'POST', path: '/api/feedback/submit', auth: 'none' },

  imports_create: { method: 'POST', path: '/api/imports', auth: 'user' },
  imports_list: { method: 'GET', path: '/api/imports', auth: 'user' },
  imports_get: { method: 'GET', path: '/api/imports/:id', auth: 'user' },
  imports_confirm: { method: 'POST', path: '/api/imports/:id/confirm', auth: 'user' },
  imports_undo: { method: 'DELETE', path: '/api/imports/:id', auth: 'user' },

  sessions_list: { method: 'GET', path: '/api/account/sessions', auth: 'user' },
  sessions_revoke: { method: 'DELETE', path: '/api/account/sessions/:id', auth: 'user' },
  sessions_sign_out: { method: 'POST', path: '/api/auth/sign-out', auth: 'user' },
  account_export: { method: 'GET', path: '/api/account/export', auth: 'user' },
  account_deletion_code: { method: 'POST', path: '/api/account/deletion-code', auth: 'user' },
  account_delete: { method: 'DELETE', path: '/api/account', auth: 'user' },

  household_get: { method: 'GET', path: '/api/household', auth: 'user', extension: true },
  household_invite: { method: 'POST', path: '/api/household/invite', auth: 'onboarded' },
  household_invite_view: { method: 'POST', path: '/api/household/invite/view', auth: 'none' },
  household_accept: { method: 'POST', path: '/api/household/accept', auth: 'user' },
  household_leave: { method: 'DELETE', path: '/api/household', auth: 'user' },
  household_together: { method: 'POST', path: '/api/recommendations/together', auth: 'onboarded', extension: true },
  household_together_rate: { method: 'POST', path: '/api/recommendations/together/:id/rate', auth: 'user', extension: true },

  connections_list: { method: 'GET', path: '/api/integrations', auth: 'user' },
  connections_users: { method: 'POST', path: '/api/integrations/:kind/users', auth: 'user' },
  connections_connect: { method: 'POST', path: '/api/integrations/:kind', auth: 'user' },
  connections_device: { method: 'POST', path: '/api/integrations/trakt/device', auth: 'user' },
  connections_device_poll: { method: 'POST', path: '/api/integrations/trakt/device/poll', auth: 'user' },
  connections_update: { method: 'PATCH', path: '/api/integrations/:kind', auth: 'user' },
  connections_sync: { method: 'POST', path: '/api/integrations/:kind/sync', auth: 'user' },
  connections_disconnect: { method: 'DELETE', path: '/api/integrations/:kind', auth: 'user' },
  // Plex posts multipart with a thumbnail: the raw bytes, up to 5 MB (server connections.routes.ts).
  connections_webhook: { method: 'POST', path: '/api/integrations/webhooks/:kind/:secret', auth: 'none', body: 'raw' },
});

export type RouteKey = keyof typeof ROUTES;

/** The `:name` parameters of a path, e.g. 'id' for /api/imports/:id/confirm. */
export type PathParams<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | PathParams<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;

/** The path with each `:name` replaced by its value, percent-encoded. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(v);
  });
}

/**
 * The path as a pattern over a path as sent (before any decoding): each `:name` is one segment,
 * and a trailing slash is allowed, as Express allows it. The server's token check and the
 * extension's scope both match requests with it.
 */
export function routePattern(path: string): RegExp {
  const parts = path.split('/').map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('/')}/?$`);
}
