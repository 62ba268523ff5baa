// The one typed client of the API, used by the web app, the extension and the tests: a namespace
// a folder of the server (the route keys' prefixes), each call a route of the table, sent by
// client-transport.ts (the token, the 401 and 402 rules). It touches no window, chrome or Node API.
import type * as S from './schemas/index.js';
import type { ConnectionKind } from './connections.js';
import { ROUTES } from './routes.js';
import { createTransport, type ApiClientOptions } from './client-transport.js';

export type { ApiClientOptions, DownloadedFile, TokenStore } from './client-transport.js';

export function createApiClient(opts: ApiClientOptions) {
  const { send, call, file, signedIn } = createTransport(opts);

  return {
    auth: {
      register: async (b: S.RegisterRequest) => signedIn(await call('auth_register', { body: b })),
      login: async (b: S.LoginRequest) => signedIn(await call('auth_login', { body: b })),
      google: async (b: S.GoogleAuthRequest) => signedIn(await call('auth_google', { body: b })),
      verifyEmail: async (b: S.VerifyEmailRequest) => signedIn(await call('auth_verify_email', { body: b })),
      /** Emails a sign-in code for this browser (see unlockAvailable); the same answer for any address. */
      requestUnlockCode: (b: S.UnlockCodeRequest) => call('auth_login_unlock', { body: b }),
      resendVerification: (b: S.ResendVerificationRequest) => call('auth_resend_verification', { body: b }),
      /** Ends every session, this one included: the token and user are forgotten here too. */
      signOutEverywhere: async () => {
        const r = await call('auth_sign_out_everywhere', { body: {} });
        await opts.tokenStore.clear();
        return r;
      },
    },
    onboarding: {
      genres: () => call('onboarding_genres'),
      languages: () => call('onboarding_languages'),
      platforms: () => call('onboarding_platforms'),
      movies: () => call('onboarding_movies'),
      filteredMovies: (q: { genres?: string[]; languages?: string[]; q?: string }) =>
        call('onboarding_filtered_movies', { query: { genres: q.genres?.join(','), languages: q.languages?.join(','), q: q.q } }),
      savePreferences: (b: S.PreferencesRequest) => call('onboarding_save_preferences', { body: b }),
      getPreferences: () => call('onboarding_preferences'),
      resetPreferences: () => call('onboarding_reset_preferences'),
    },
    recommendations: {
      current: () => call('recommendations_current'),
      next: (b: S.NewRecommendationRequest = {}) => call('recommendations_new', { body: b }),
      rate: (b: S.RateRequest) => call('recommendations_rate', { body: b }),
      history: (q: { page?: number; page_size?: number } = {}) => call('recommendations_history', { query: q }),
      addToCalendar: (b: S.ScheduleRequest) => call('recommendations_add_to_calendar', { body: b }),
      downloadIcs: (q: { recommendation_id: string; date: string; time: string; timezone?: string }) =>
        file('recommendations_download_ics', { query: q }, 'recommendation.ics'),
      /** Change or clear the rating, mark or unmark watched; the engine learns from the new state. */
      editHistory: (id: string, b: S.HistoryEditRequest) => call('recommendations_edit_history', { params: { id }, body: b }),
      /** Removes the item from history (the title may be picked again). */
      removeHistory: (id: string) => call('recommendations_remove_history', { params: { id } }),
      /** "Why not recommended?": the engine's own reasons for one title, most decisive first. */
      whyNot: (titleId: string) => call('recommendations_why_not', { query: { title_id: titleId } }),
      /** Rates a pick from an emailed link: the link's token names the user and the pick, no session. */
      rateFromLink: (q: S.PublicRateQuery) => call('recommendations_rate_link', { query: q }),
    },
    /** The pick where you browse: the extension's badge on a streaming site's title page. */
    fit: {
      /** How well a title seen on a streaming site fits the user: its name and year only. */
      title: (q: { title: string; year?: number }) => call('fit_title', { query: q }),
      /** Like or dislike a catalog title by id, whether or not it is in the history yet. */
      rateTitle: (b: S.RateTitleRequest) => call('fit_rate_title', { body: b }),
    },
    imports: {
      /** Reads the file and answers a preview; nothing is saved until confirm. */
      create: (b: S.CreateImportRequest) => call('imports_create', { body: b }),
      get: (id: string) => call('imports_get', { params: { id } }),
      confirm: (id: string, b: S.ConfirmImportRequest = {}) => call('imports_confirm', { params: { id }, body: b }),
      /** Undo: removes what the import added (a preview is simply discarded). */
      undo: (id: string) => call('imports_undo', { params: { id } }),
      list: () => call('imports_list'),
    },
    watchlist: {
      list: () => call('watchlist_list'),
      add: (b: S.AddToWatchlistRequest) => call('watchlist_add', { body: b }),
      remove: (titleId: string) => call('watchlist_remove', { params: { title_id: titleId } }),
    },
    settings: {
      profile: () => call('settings_profile'),
      updateProfile: (b: S.UpdateProfileRequest) => call('settings_update_profile', { body: b }),
    },
    calendar: {
      authUrl: () => call('calendar_auth_url'),
      connect: (b: S.CalendarConnectRequest) => call('calendar_connect', { body: b }),
      status: () => call('calendar_status'),
      update: (b: S.UpdateCalendarRequest) => call('calendar_update', { body: b }),
      disconnect: () => call('calendar_disconnect', { body: {} }),
    },
    subscription: {
      status: () => call('subscription_status'),
      update: (b: S.UpdateSubscriptionRequest) => call('subscription_update', { body: b }),
    },
    payments: {
      createOrder: (b: S.CreateOrderRequest) => call('payments_create_order', { body: b }),
      confirmOrder: (b: S.ConfirmOrderRequest) => call('payments_confirm', { body: b }),
    },
    /** The password and the email address: changing either, and resetting a forgotten password. */
    credentials: {
      /** Emails a password reset code; the same answer for any address. */
      forgotPassword: (b: S.ForgotPasswordRequest) => call('credentials_forgot_password', { body: b }),
      /** Sets a new password with the emailed code and signs in on this device; every other session ends. */
      resetPassword: async (b: S.ResetPasswordRequest) => signedIn(await call('credentials_reset_password', { body: b })),
      /** Other sessions and connected browsers are signed out; this one stays signed in. */
      changePassword: (b: S.ChangePasswordRequest) => call('credentials_password', { body: b }),
      /** Sends a code to the new address; the same answer whether or not it is taken. */
      changeEmail: (b: S.ChangeEmailRequest) => call('credentials_email', { body: b }),
      verifyEmailChange: (b: S.VerifyEmailChangeRequest) => call('credentials_email_verify', { body: b }),
    },
    public: {
      config: () => call('public_config'),
    },
    analytics: {
      event: (b: S.AnalyticsEventRequest) => call('analytics_events', { body: b }),
    },
    catalog: {
      title: (id: string) => call('catalog_title', { params: { id } }),
      posters: (q: { limit?: number } = {}) => call('catalog_posters', { query: q }),
    },
    extension: {
      /** From a signed-in web session: issues a token for the extension that created `nonce`. */
      createToken: (b: S.CreateExtensionTokenRequest) => call('extension_create_token', { body: b }),
      connectedBrowsers: () => call('extension_tokens'),
      revoke: (id: string) => call('extension_revoke_token', { params: { id } }),
      /** From the extension: revokes its own token on the server, then forgets it locally. */
      signOut: async () => {
        try {
          return await call('extension_sign_out', { body: {} });
        } finally {
          await opts.tokenStore.clear();
        }
      },
      /** From the extension: a title played to the end on a streaming site, or "Watched it" on its badge. */
      watched: (b: S.ExtensionWatchedRequest) => call('extension_watched', { body: b }),
    },
    delivery: {
      /** An email's List-Unsubscribe token turns scheduled picks off; no session needed. */
      unsubscribe: (token: string) => call('delivery_unsubscribe', { query: { token } satisfies S.UnsubscribeQuery }),
    },
    /** The signed-in devices of the account, and signing this one out. */
    sessions: {
      /** Web sessions and connected browsers, the current one marked. */
      list: () => call('sessions_list'),
      revoke: (id: string) => call('sessions_revoke', { params: { id } }),
      /**
       * Ends this session on the server, so its token opens nothing afterwards. The token and user
       * are forgotten here first: the browser is signed out even when the call fails (offline).
       */
      signOut: async () => {
        const token = await opts.tokenStore.getToken();
        await opts.tokenStore.clear();
        if (!token) return;
        const route = ROUTES.sessions_sign_out;
        await send(route.path, { method: route.method, body: {}, token }).catch(() => undefined);
      },
    },
    account: {
      /** The account's data as a JSON file (format csv: ratings and history as a spreadsheet). */
      exportData: (q: S.AccountExportQuery = {}) =>
        file('account_export', { query: q }, q.format === 'csv' ? 'tonights-pick-history.csv' : 'tonights-pick-export.json'),
      /** Emails a code that confirms the deletion of an account without a password. */
      requestDeletionCode: () => call('account_deletion_code', { body: {} }),
      /** Deletes the account for good; the token and user are forgotten here too. */
      delete: async (b: S.DeleteAccountRequest) => {
        const r = await call('account_delete', { body: b });
        await opts.tokenStore.clear();
        return r;
      },
    },
    feedback: {
      submit: (b: S.FeedbackRequest) => call('feedback_submit', { body: b }),
    },
    /** A pick for two: the household, its invite, the together pick and its ratings. */
    household: {
      get: () => call('household_get'),
      invite: (b: S.HouseholdInviteRequest) => call('household_invite', { body: b }),
      /** Who sent the invite a link holds (its page names them, signed in or not). */
      view: (b: S.HouseholdAcceptRequest) => call('household_invite_view', { body: b }),
      accept: (b: S.HouseholdAcceptRequest) => call('household_accept', { body: b }),
      /** Leave the household, or cancel the invite you sent: one click. */
      leave: () => call('household_leave'),
      pick: (b: S.TogetherRequest = {}) => call('household_together', { body: b }),
      rate: (id: string, b: S.TogetherRateRequest) => call('household_together_rate', { params: { id }, body: b }),
    },
    /** Connected apps (Jellyfin, Emby, Plex, Trakt): connect, sync now, disconnect. */
    connections: {
      list: () => call('connections_list'),
      /** Jellyfin/Emby: the server's users, to choose one before connecting. */
      users: (kind: ConnectionKind, b: S.ServerUsersRequest) => call('connections_users', { params: { kind }, body: b }),
      connect: (kind: ConnectionKind, b: S.ConnectRequest) => call('connections_connect', { params: { kind }, body: b }),
      /** Trakt: starts the device flow (the code stays on the server); poll until connected. */
      device: () => call('connections_device', { body: {} }),
      devicePoll: () => call('connections_device_poll', { body: {} }),
      update: (kind: ConnectionKind, b: S.UpdateConnectionRequest) => call('connections_update', { params: { kind }, body: b }),
      sync: (kind: ConnectionKind) => call('connections_sync', { params: { kind }, body: {} }),
      /** Credentials are removed at once; keep: false also removes what the app brought in. */
      disconnect: (kind: ConnectionKind, q: { keep: boolean }) =>
        call('connections_disconnect', { params: { kind }, query: { keep: q.keep ? 'true' : 'false' } satisfies S.DisconnectQuery }),
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
