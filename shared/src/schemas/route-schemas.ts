// The schemas of each route of ../routes.ts, under the same key: body and query are what the server
// parses (a failure is a 400 validation_error), response is what the route answers (the typed
// client's return type). Routes that answer a file (ICS, CSV, artwork) have no response schema.
import type { z } from 'zod';
import * as S from './index.js';
import type { RouteKey } from '../routes.js';

export interface RouteSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  response?: z.ZodType;
}

const schemas = <const T extends { [K in RouteKey]: RouteSchemas }>(t: T): T => t;

export const ROUTE_SCHEMAS = schemas({
  auth_register: { body: S.RegisterRequest, response: S.AuthResponse },
  auth_login: { body: S.LoginRequest, response: S.AuthResponse },
  auth_login_unlock: { body: S.UnlockCodeRequest, response: S.UnlockCodeResponse },
  auth_verify_email: { body: S.VerifyEmailRequest, response: S.AuthResponse },
  auth_resend_verification: { body: S.ResendVerificationRequest, response: S.ResendVerificationResponse },
  auth_google: { body: S.GoogleAuthRequest, response: S.AuthResponse },
  auth_sign_out_everywhere: { response: S.MessageResponse },

  credentials_forgot_password: { body: S.ForgotPasswordRequest, response: S.ForgotPasswordResponse },
  credentials_reset_password: { body: S.ResetPasswordRequest, response: S.AuthResponse },
  credentials_password: { body: S.ChangePasswordRequest, response: S.MessageResponse },
  credentials_email: { body: S.ChangeEmailRequest, response: S.ChangeEmailResponse },
  credentials_email_verify: { body: S.VerifyEmailChangeRequest, response: S.User },

  settings_profile: { response: S.User },
  settings_update_profile: { body: S.UpdateProfileRequest, response: S.User },

  calendar_auth_url: { response: S.CalendarAuthUrlResponse },
  calendar_connect: { body: S.CalendarConnectRequest, response: S.CalendarStatus },
  calendar_status: { response: S.CalendarStatus },
  calendar_update: { body: S.UpdateCalendarRequest, response: S.CalendarStatus },
  calendar_disconnect: { response: S.MessageResponse },

  public_config: { response: S.PublicConfig },
  analytics_events: { body: S.AnalyticsEventRequest, response: S.MessageResponse },

  subscription_status: { response: S.SubscriptionStatus },
  subscription_update: { body: S.UpdateSubscriptionRequest, response: S.SubscriptionStatus },
  payments_create_order: { body: S.CreateOrderRequest, response: S.CreateOrderResponse },
  payments_confirm: { body: S.ConfirmOrderRequest, response: S.SubscriptionStatus },
  payments_webhook: {},

  catalog_posters: { query: S.PostersQuery, response: S.PostersResponse },
  catalog_title: { response: S.CatalogTitle },
  catalog_poster_svg: {},
  catalog_poster_png: {},
  catalog_platform_logo: {},

  onboarding_genres: { response: S.GenresResponse },
  onboarding_languages: { response: S.LanguagesResponse },
  onboarding_platforms: { response: S.PlatformsResponse },
  onboarding_movies: { response: S.MoviesResponse },
  onboarding_filtered_movies: { query: S.FilteredMoviesQuery, response: S.MoviesResponse },
  onboarding_save_preferences: { body: S.PreferencesRequest, response: S.SavePreferencesResponse },
  onboarding_preferences: { response: S.PreferencesResponse },
  onboarding_reset_preferences: { response: S.SavePreferencesResponse },

  extension_create_token: { body: S.CreateExtensionTokenRequest, response: S.ExtensionTokenResponse },
  extension_tokens: { response: S.ConnectedBrowsersResponse },
  extension_revoke_token: { response: S.MessageResponse },
  extension_sign_out: { response: S.MessageResponse },
  extension_watched: { body: S.ExtensionWatchedRequest, response: S.ExtensionWatchedResponse },

  recommendations_current: { response: S.Recommendation },
  recommendations_new: { body: S.NewRecommendationRequest, response: S.Recommendation },
  recommendations_rate: { body: S.RateRequest, response: S.RateResponse },
  recommendations_history: { query: S.HistoryQuery, response: S.HistoryResponse },
  recommendations_edit_history: { body: S.HistoryEditRequest, response: S.Recommendation },
  recommendations_remove_history: { response: S.MessageResponse },
  recommendations_download_ics: { query: S.ScheduleRequest },
  recommendations_add_to_calendar: { body: S.ScheduleRequest, response: S.AddToCalendarResponse },
  recommendations_why_not: { query: S.WhyNotQuery, response: S.WhyNotResponse },
  recommendations_rate_link: { query: S.PublicRateQuery, response: S.PublicRateResponse },

  fit_title: { query: S.FitQuery, response: S.FitResponse },
  fit_rate_title: { body: S.RateTitleRequest, response: S.RateTitleResponse },

  watchlist_list: { response: S.WatchlistResponse },
  watchlist_add: { body: S.AddToWatchlistRequest, response: S.WatchlistChange },
  watchlist_remove: { response: S.WatchlistChange },

  delivery_unsubscribe: { query: S.UnsubscribeQuery, response: S.UnsubscribeResponse },
  delivery_unsubscribe_page: { query: S.UnsubscribeQuery, response: S.UnsubscribeResponse },
  feedback_submit: { body: S.FeedbackRequest, response: S.MessageResponse },

  // The upload is JSON (this body) or multipart: the route reads both (server imports.upload.ts).
  imports_create: { body: S.CreateImportRequest, response: S.ImportPreview },
  imports_list: { response: S.ImportListResponse },
  imports_get: { response: S.ImportPreview },
  imports_confirm: { body: S.ConfirmImportRequest, response: S.ImportSummary },
  imports_undo: { response: S.ImportSummary },

  sessions_list: { response: S.AccountSessionsResponse },
  sessions_revoke: { response: S.MessageResponse },
  sessions_sign_out: { response: S.MessageResponse },
  account_export: { query: S.AccountExportQuery },
  account_deletion_code: { response: S.DeletionCodeResponse },
  account_delete: { body: S.DeleteAccountRequest, response: S.MessageResponse },

  household_get: { response: S.HouseholdState },
  household_invite: { body: S.HouseholdInviteRequest, response: S.HouseholdState },
  household_invite_view: { body: S.HouseholdAcceptRequest, response: S.HouseholdInviteView },
  household_accept: { body: S.HouseholdAcceptRequest, response: S.HouseholdState },
  household_leave: { response: S.HouseholdState },
  household_together: { body: S.TogetherRequest, response: S.TogetherPick },
  household_together_rate: { body: S.TogetherRateRequest, response: S.TogetherPick },

  connections_list: { response: S.ConnectionsResponse },
  connections_users: { body: S.ServerUsersRequest, response: S.ServerUsersResponse },
  connections_connect: { body: S.ConnectRequest, response: S.ConnectionStatus },
  connections_device: { response: S.DeviceCodeResponse },
  connections_device_poll: { response: S.ConnectionStatus },
  connections_update: { body: S.UpdateConnectionRequest, response: S.ConnectionStatus },
  connections_sync: { response: S.ConnectionStatus },
  connections_disconnect: { query: S.DisconnectQuery, response: S.ConnectionStatus },
  connections_webhook: {},
});

export type RouteSchemaTable = typeof ROUTE_SCHEMAS;
