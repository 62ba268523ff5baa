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
}

/** Every API endpoint and the shared schemas its routes parse with. */
export const ENDPOINTS: Endpoint[] = [
  { method: 'POST', path: '/api/auth/register', body: S.RegisterRequest },
  { method: 'POST', path: '/api/auth/login', body: S.LoginRequest },
  { method: 'POST', path: '/api/auth/login/unlock', body: S.UnlockCodeRequest },
  { method: 'POST', path: '/api/auth/verify-email', body: S.VerifyEmailRequest },
  { method: 'POST', path: '/api/auth/resend-verification', body: S.ResendVerificationRequest },
  { method: 'POST', path: '/api/auth/google', body: S.GoogleAuthRequest },
  { method: 'POST', path: '/api/auth/forgot-password', body: S.ForgotPasswordRequest },
  { method: 'POST', path: '/api/auth/reset-password', body: S.ResetPasswordRequest },
  { method: 'POST', path: '/api/auth/sign-out-everywhere' },
  { method: 'GET', path: '/api/settings/profile', readOnly: true },
  { method: 'PUT', path: '/api/settings/profile', body: S.UpdateProfileRequest },
  { method: 'PUT', path: '/api/settings/subscription', body: S.UpdateSubscriptionRequest },
  { method: 'PUT', path: '/api/settings/password', body: S.ChangePasswordRequest },
  { method: 'POST', path: '/api/settings/email', body: S.ChangeEmailRequest },
  { method: 'POST', path: '/api/settings/email/verify', body: S.VerifyEmailChangeRequest },
  { method: 'GET', path: '/api/account/sessions' },
  { method: 'DELETE', path: '/api/account/sessions/:id' },
  { method: 'GET', path: '/api/settings/calendar/auth-url' },
  { method: 'POST', path: '/api/settings/calendar/connect', body: S.CalendarConnectRequest },
  { method: 'GET', path: '/api/settings/calendar/status', readOnly: true },
  { method: 'PUT', path: '/api/settings/calendar', body: S.UpdateCalendarRequest },
  { method: 'POST', path: '/api/settings/calendar/disconnect' },
  { method: 'GET', path: '/api/public/config', readOnly: true },
  { method: 'GET', path: '/api/public/rate', query: S.PublicRateQuery },
  { method: 'POST', path: '/api/analytics/events', body: S.AnalyticsEventRequest },
  { method: 'GET', path: '/api/subscription/status', readOnly: true },
  { method: 'POST', path: '/api/subscription/create-order', body: S.CreateOrderRequest },
  { method: 'POST', path: '/api/subscription/confirm', body: S.ConfirmOrderRequest },
  { method: 'POST', path: '/api/subscription/webhook', stripeWebhook: true },
  { method: 'GET', path: '/api/catalog/posters', query: S.PostersQuery, readOnly: true },
  { method: 'GET', path: '/api/catalog/titles/:id', readOnly: true },
  { method: 'GET', path: '/api/catalog/titles/:id/poster.svg', readOnly: true },
  { method: 'GET', path: '/api/catalog/titles/:id/poster.png', readOnly: true },
  { method: 'GET', path: '/api/catalog/platforms/:slug/logo.svg', readOnly: true },
  { method: 'GET', path: '/api/onboarding/genres', readOnly: true },
  { method: 'GET', path: '/api/onboarding/languages', readOnly: true },
  { method: 'GET', path: '/api/onboarding/platforms', readOnly: true },
  { method: 'GET', path: '/api/onboarding/movies', readOnly: true },
  { method: 'GET', path: '/api/onboarding/movies/filtered', query: S.FilteredMoviesQuery, readOnly: true },
  { method: 'POST', path: '/api/onboarding/preferences', body: S.PreferencesRequest },
  { method: 'GET', path: '/api/onboarding/preferences', readOnly: true },
  { method: 'DELETE', path: '/api/onboarding/preferences' },
  { method: 'POST', path: '/api/extension/tokens', body: S.CreateExtensionTokenRequest },
  { method: 'GET', path: '/api/extension/tokens', readOnly: true },
  { method: 'DELETE', path: '/api/extension/tokens/:id' },
  { method: 'POST', path: '/api/extension/sign-out' },
  { method: 'GET', path: '/api/recommendations/current' },
  { method: 'POST', path: '/api/recommendations/new', body: S.NewRecommendationRequest },
  { method: 'POST', path: '/api/recommendations/rate', body: S.RateRequest },
  { method: 'GET', path: '/api/recommendations/history', query: S.HistoryQuery, readOnly: true },
  { method: 'PATCH', path: '/api/recommendations/history/:id', body: S.HistoryEditRequest },
  { method: 'DELETE', path: '/api/recommendations/history/:id' },
  { method: 'GET', path: '/api/watchlist', readOnly: true },
  { method: 'POST', path: '/api/watchlist', body: S.AddToWatchlistRequest },
  { method: 'DELETE', path: '/api/watchlist/:title_id' },
  { method: 'GET', path: '/api/recommendations/download-ics', query: S.ScheduleRequest },
  { method: 'POST', path: '/api/recommendations/add-to-calendar', body: S.ScheduleRequest },
  { method: 'POST', path: '/api/delivery/unsubscribe', query: S.UnsubscribeQuery },
  { method: 'GET', path: '/api/delivery/unsubscribe', query: S.UnsubscribeQuery },
  { method: 'POST', path: '/api/feedback/submit', body: S.FeedbackRequest },
  { method: 'POST', path: '/api/imports', body: S.CreateImportRequest },
  { method: 'GET', path: '/api/imports', readOnly: true },
  { method: 'GET', path: '/api/imports/:id', readOnly: true },
  { method: 'POST', path: '/api/imports/:id/confirm', body: S.ConfirmImportRequest },
  { method: 'DELETE', path: '/api/imports/:id' },
  { method: 'GET', path: '/api/account/export', query: S.AccountExportQuery, readOnly: true },
  { method: 'POST', path: '/api/account/deletion-code' },
  // Destructive, and fuzzed in full: no request the fuzz makes can succeed, because it never holds
  // a user's password (its pools lack it) nor an emailed code, so every DELETE is a refusal and the
  // write checks hold it to changing nothing. Deleting for real is server/test/account-delete.test.ts.
  { method: 'DELETE', path: '/api/account', body: S.DeleteAccountRequest },
  { method: 'GET', path: '/healthz', readOnly: true },
  { method: 'GET', path: '/readyz', readOnly: true },
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
