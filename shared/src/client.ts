// The one typed client of the API, used by the web app, the extension and the tests.
// It knows the bearer token, the 401 rule (drop token and user, tell the app) and the
// 402 rule (a typed plan-limit error). It touches no window, chrome or Node API.
import type { z } from 'zod';
import type * as S from './schemas/index.js';
import { PLAN_LIMIT_TEXTS } from './errors.js';

type Out<T extends z.ZodType> = z.output<T>;
type MaybePromise<T> = T | Promise<T>;

export interface TokenStore {
  getToken(): MaybePromise<string | null>;
  /** Called after sign-in: stores the token and the user. */
  setSession(token: string, user: Out<typeof S.User> | null): MaybePromise<void>;
  /** Called on sign-out and on any 401: removes token and user. */
  clear(): MaybePromise<void>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly body: Out<typeof S.ErrorBody> | null;
  readonly retryAfterSeconds: number | null;
  constructor(status: number, detail: string, body: Out<typeof S.ErrorBody> | null, retryAfterSeconds: number | null = null) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A sign-in refused because the account's limit for new browsers is spent: an emailed code gets past it. */
export function unlockAvailable(err: unknown): boolean {
  return err instanceof ApiError && err.status === 429 && (err.body as Out<typeof S.LoginRefusal> | null)?.unlock_available === true;
}

/** A 402 from a recommendation call: the upgrade banner and modal use these fields. */
export class PlanLimitError extends ApiError {
  readonly expired: boolean;
  readonly limit_reached: boolean;
  constructor(detail: string, body: Out<typeof S.ErrorBody> | null, expired: boolean, limitReached: boolean) {
    super(402, detail, body);
    this.name = 'PlanLimitError';
    this.expired = expired;
    this.limit_reached = limitReached;
  }
}

/** The network failed or the server answered something that is not our JSON. */
export class NetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NetworkError';
  }
}

export interface ApiClientOptions {
  baseUrl: string;
  fetch: typeof fetch;
  tokenStore: TokenStore;
  onUnauthorized?: () => void;
}

type Query = Record<string, string | number | boolean | undefined | null>;
interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Query;
  auth?: boolean;
}

export interface DownloadedFile {
  filename: string;
  contentType: string;
  text: string;
}

function queryString(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

function filenameFrom(disposition: string | null, fallback: string): string {
  const m = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return m ? decodeURIComponent(m[1]) : fallback;
}

export function createApiClient(opts: ApiClientOptions) {
  const base = opts.baseUrl.replace(/\/+$/, '');

  async function send(path: string, o: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (o.body !== undefined) headers['Content-Type'] = 'application/json';
    if (o.auth !== false) {
      const token = await opts.tokenStore.getToken();
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    let res: Response;
    try {
      res = await opts.fetch(`${base}${path}${queryString(o.query)}`, {
        method: o.method ?? 'GET',
        headers,
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
      });
    } catch (err) {
      throw new NetworkError(err instanceof Error ? err.message : 'Network request failed');
    }
    if (!res.ok) await raise(res, o.auth !== false);
    return res;
  }

  async function raise(res: Response, authenticated: boolean): Promise<never> {
    let body: Out<typeof S.ErrorBody> | null = null;
    try {
      body = (await res.json()) as Out<typeof S.ErrorBody>;
    } catch {
      body = null;
    }
    const detail = typeof body?.detail === 'string' ? body.detail : `Request failed (${res.status})`;
    if (res.status === 401 && authenticated) {
      await opts.tokenStore.clear();
      opts.onUnauthorized?.();
    }
    if (res.status === 402) {
      const expired = body?.expired === true;
      const limitReached = body?.limit_reached === true;
      const fallback = expired ? PLAN_LIMIT_TEXTS.expired : PLAN_LIMIT_TEXTS.limitReached;
      throw new PlanLimitError(body?.detail ?? fallback, body, expired, limitReached);
    }
    const retry = Number(res.headers.get('Retry-After'));
    throw new ApiError(res.status, detail, body, Number.isFinite(retry) && retry > 0 ? retry : null);
  }

  async function json<T>(path: string, o: RequestOptions = {}): Promise<T> {
    const res = await send(path, o);
    return (await res.json()) as T;
  }

  async function file(path: string, o: RequestOptions, fallbackName: string): Promise<DownloadedFile> {
    const res = await send(path, o);
    return {
      filename: filenameFrom(res.headers.get('Content-Disposition'), fallbackName),
      contentType: res.headers.get('Content-Type') ?? 'application/octet-stream',
      text: await res.text(),
    };
  }

  async function signedIn(r: Out<typeof S.AuthResponse>): Promise<Out<typeof S.AuthResponse>> {
    if (r.access_token) await opts.tokenStore.setSession(r.access_token, r.user);
    return r;
  }

  return {
    auth: {
      register: async (b: S.RegisterRequest) =>
        signedIn(await json<Out<typeof S.AuthResponse>>('/api/auth/register', { method: 'POST', body: b, auth: false })),
      login: async (b: S.LoginRequest) =>
        signedIn(await json<Out<typeof S.AuthResponse>>('/api/auth/login', { method: 'POST', body: b, auth: false })),
      google: async (b: S.GoogleAuthRequest) =>
        signedIn(await json<Out<typeof S.AuthResponse>>('/api/auth/google', { method: 'POST', body: b, auth: false })),
      verifyEmail: async (b: S.VerifyEmailRequest) =>
        signedIn(await json<Out<typeof S.AuthResponse>>('/api/auth/verify-email', { method: 'POST', body: b, auth: false })),
      /** Emails a sign-in code for this browser (see unlockAvailable); the same answer for any address. */
      requestUnlockCode: (b: S.UnlockCodeRequest) =>
        json<Out<typeof S.UnlockCodeResponse>>('/api/auth/login/unlock', { method: 'POST', body: b, auth: false }),
      resendVerification: (b: S.ResendVerificationRequest) =>
        json<Out<typeof S.ResendVerificationResponse>>('/api/auth/resend-verification', { method: 'POST', body: b, auth: false }),
      signOutEverywhere: () => json<Out<typeof S.MessageResponse>>('/api/auth/sign-out-everywhere', { method: 'POST', body: {} }),
      /** Emails a password reset code; the same answer for any address. */
      forgotPassword: (b: S.ForgotPasswordRequest) =>
        json<Out<typeof S.ForgotPasswordResponse>>('/api/auth/forgot-password', { method: 'POST', body: b, auth: false }),
      /** Sets a new password with the emailed code and signs in on this device; every other session ends. */
      resetPassword: async (b: S.ResetPasswordRequest) =>
        signedIn(await json<Out<typeof S.AuthResponse>>('/api/auth/reset-password', { method: 'POST', body: b, auth: false })),
      /** Local sign-out: forgets the token and user. */
      signOut: async () => {
        await opts.tokenStore.clear();
      },
    },
    onboarding: {
      genres: () => json<Out<typeof S.GenresResponse>>('/api/onboarding/genres'),
      languages: () => json<Out<typeof S.LanguagesResponse>>('/api/onboarding/languages'),
      platforms: () => json<Out<typeof S.PlatformsResponse>>('/api/onboarding/platforms'),
      movies: () => json<Out<typeof S.MoviesResponse>>('/api/onboarding/movies'),
      filteredMovies: (q: { genres?: string[]; languages?: string[]; q?: string }) =>
        json<Out<typeof S.MoviesResponse>>('/api/onboarding/movies/filtered', {
          query: { genres: q.genres?.join(','), languages: q.languages?.join(','), q: q.q },
        }),
      savePreferences: (b: S.PreferencesRequest) =>
        json<Out<typeof S.SavePreferencesResponse>>('/api/onboarding/preferences', { method: 'POST', body: b }),
      getPreferences: () => json<Out<typeof S.PreferencesResponse>>('/api/onboarding/preferences'),
      resetPreferences: () => json<Out<typeof S.SavePreferencesResponse>>('/api/onboarding/preferences', { method: 'DELETE' }),
    },
    recommendations: {
      current: () => json<Out<typeof S.Recommendation>>('/api/recommendations/current'),
      next: (b: S.NewRecommendationRequest = {}) =>
        json<Out<typeof S.Recommendation>>('/api/recommendations/new', { method: 'POST', body: b }),
      rate: (b: S.RateRequest) => json<Out<typeof S.RateResponse>>('/api/recommendations/rate', { method: 'POST', body: b }),
      history: (q: { page?: number; page_size?: number } = {}) =>
        json<Out<typeof S.HistoryResponse>>('/api/recommendations/history', { query: q }),
      addToCalendar: (b: S.ScheduleRequest) =>
        json<Out<typeof S.AddToCalendarResponse>>('/api/recommendations/add-to-calendar', { method: 'POST', body: b }),
      downloadIcs: (q: { recommendation_id: string; date: string; time: string; timezone?: string }) =>
        file('/api/recommendations/download-ics', { query: q }, 'recommendation.ics'),
      /** Change or clear the rating, mark or unmark watched; the engine learns from the new state. */
      editHistory: (id: string, b: S.HistoryEditRequest) =>
        json<Out<typeof S.Recommendation>>(`/api/recommendations/history/${encodeURIComponent(id)}`, { method: 'PATCH', body: b }),
      /** Removes the item from history (the title may be picked again). */
      removeHistory: (id: string) =>
        json<Out<typeof S.MessageResponse>>(`/api/recommendations/history/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    },
    imports: {
      /** Reads the file and answers a preview; nothing is saved until confirm. */
      create: (b: S.CreateImportRequest) => json<Out<typeof S.ImportPreview>>('/api/imports', { method: 'POST', body: b }),
      get: (id: string) => json<Out<typeof S.ImportPreview>>(`/api/imports/${encodeURIComponent(id)}`),
      confirm: (id: string, b: S.ConfirmImportRequest = {}) =>
        json<Out<typeof S.ImportSummary>>(`/api/imports/${encodeURIComponent(id)}/confirm`, { method: 'POST', body: b }),
      /** Undo: removes what the import added (a preview is simply discarded). */
      undo: (id: string) => json<Out<typeof S.ImportSummary>>(`/api/imports/${encodeURIComponent(id)}`, { method: 'DELETE' }),
      list: () => json<Out<typeof S.ImportListResponse>>('/api/imports'),
    },
    watchlist: {
      list: () => json<Out<typeof S.WatchlistResponse>>('/api/watchlist'),
      add: (b: S.AddToWatchlistRequest) => json<Out<typeof S.WatchlistChange>>('/api/watchlist', { method: 'POST', body: b }),
      remove: (titleId: string) =>
        json<Out<typeof S.WatchlistChange>>(`/api/watchlist/${encodeURIComponent(titleId)}`, { method: 'DELETE' }),
    },
    settings: {
      profile: () => json<Out<typeof S.User>>('/api/settings/profile'),
      updateProfile: (b: S.UpdateProfileRequest) =>
        json<Out<typeof S.User>>('/api/settings/profile', { method: 'PUT', body: b }),
      calendarAuthUrl: () => json<Out<typeof S.CalendarAuthUrlResponse>>('/api/settings/calendar/auth-url'),
      connectCalendar: (b: S.CalendarConnectRequest) =>
        json<Out<typeof S.CalendarStatus>>('/api/settings/calendar/connect', { method: 'POST', body: b }),
      calendarStatus: () => json<Out<typeof S.CalendarStatus>>('/api/settings/calendar/status'),
      updateCalendar: (b: S.UpdateCalendarRequest) =>
        json<Out<typeof S.CalendarStatus>>('/api/settings/calendar', { method: 'PUT', body: b }),
      disconnectCalendar: () =>
        json<Out<typeof S.MessageResponse>>('/api/settings/calendar/disconnect', { method: 'POST', body: {} }),
      /** Other sessions and connected browsers are signed out; this one stays signed in. */
      changePassword: (b: S.ChangePasswordRequest) =>
        json<Out<typeof S.MessageResponse>>('/api/settings/password', { method: 'PUT', body: b }),
      /** Sends a code to the new address; the same answer whether or not it is taken. */
      changeEmail: (b: S.ChangeEmailRequest) =>
        json<Out<typeof S.ChangeEmailResponse>>('/api/settings/email', { method: 'POST', body: b }),
      verifyEmailChange: (b: S.VerifyEmailChangeRequest) =>
        json<Out<typeof S.User>>('/api/settings/email/verify', { method: 'POST', body: b }),
      updateSubscription: (b: S.UpdateSubscriptionRequest) =>
        json<Out<typeof S.SubscriptionStatus>>('/api/settings/subscription', { method: 'PUT', body: b }),
    },
    subscription: {
      status: () => json<Out<typeof S.SubscriptionStatus>>('/api/subscription/status'),
      createOrder: (b: S.CreateOrderRequest) =>
        json<Out<typeof S.CreateOrderResponse>>('/api/subscription/create-order', { method: 'POST', body: b }),
      confirmOrder: (b: S.ConfirmOrderRequest) =>
        json<Out<typeof S.SubscriptionStatus>>('/api/subscription/confirm', { method: 'POST', body: b }),
    },
    public: {
      config: () => json<Out<typeof S.PublicConfig>>('/api/public/config', { auth: false }),
      rate: (q: S.PublicRateQuery) => json<Out<typeof S.PublicRateResponse>>('/api/public/rate', { query: q, auth: false }),
      event: (b: S.AnalyticsEventRequest) =>
        json<Out<typeof S.MessageResponse>>('/api/analytics/events', { method: 'POST', body: b }),
    },
    catalog: {
      title: (id: string) => json<Out<typeof S.CatalogTitle>>(`/api/catalog/titles/${encodeURIComponent(id)}`, { auth: false }),
      posters: (q: { limit?: number } = {}) => json<Out<typeof S.PostersResponse>>('/api/catalog/posters', { query: q, auth: false }),
    },
    extension: {
      /** From a signed-in web session: issues a token for the extension that created `nonce`. */
      createToken: (b: S.CreateExtensionTokenRequest) =>
        json<Out<typeof S.ExtensionTokenResponse>>('/api/extension/tokens', { method: 'POST', body: b }),
      connectedBrowsers: () => json<Out<typeof S.ConnectedBrowsersResponse>>('/api/extension/tokens'),
      revoke: (id: string) =>
        json<Out<typeof S.MessageResponse>>(`/api/extension/tokens/${encodeURIComponent(id)}`, { method: 'DELETE' }),
      /** From the extension: revokes its own token on the server, then forgets it locally. */
      signOut: async () => {
        try {
          return await json<Out<typeof S.MessageResponse>>('/api/extension/sign-out', { method: 'POST', body: {} });
        } finally {
          await opts.tokenStore.clear();
        }
      },
    },
    delivery: {
      /** An email's List-Unsubscribe token turns scheduled picks off; no session needed. */
      unsubscribe: (token: string) =>
        json<Out<typeof S.UnsubscribeResponse>>('/api/delivery/unsubscribe', { method: 'POST', query: { token } satisfies S.UnsubscribeQuery, auth: false }),
    },
    account: {
      /** Web sessions and connected browsers, the current one marked. */
      sessions: () => json<Out<typeof S.AccountSessionsResponse>>('/api/account/sessions'),
      revokeSession: (id: string) =>
        json<Out<typeof S.MessageResponse>>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
      /** The account's data as a JSON file (format csv: ratings and history as a spreadsheet). */
      exportData: (q: S.AccountExportQuery = {}) =>
        file('/api/account/export', { query: q }, q.format === 'csv' ? 'tonights-pick-history.csv' : 'tonights-pick-export.json'),
      /** Emails a code that confirms the deletion of an account without a password. */
      requestDeletionCode: () => json<Out<typeof S.DeletionCodeResponse>>('/api/account/deletion-code', { method: 'POST', body: {} }),
      /** Deletes the account for good; the token and user are forgotten here too. */
      delete: async (b: S.DeleteAccountRequest) => {
        const r = await json<Out<typeof S.MessageResponse>>('/api/account', { method: 'DELETE', body: b });
        await opts.tokenStore.clear();
        return r;
      },
    },
    feedback: {
      submit: (b: S.FeedbackRequest) =>
        json<Out<typeof S.MessageResponse>>('/api/feedback/submit', { method: 'POST', body: b, auth: false }),
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
