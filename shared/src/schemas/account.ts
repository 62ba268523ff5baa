// Credentials and sessions: forgotten password, password and email changes, and the list of
// signed-in devices (docs/security.md, "Password reset" and "Sessions").
import { z } from 'zod';
import { Email, HistoryOrigin, SubscriptionTier } from './common.js';
import { VerificationCode } from './auth.js';
import { MaxAgeRating, TonightConstraints } from './tonight.js';
import { HouseholdExport } from './household.js';

const NewPassword = z.string({ error: 'New password is required' }).max(256, 'Password is too long');

/** POST /api/auth/forgot-password: the same answer whether or not the address has an account. */
export const ForgotPasswordRequest = z.object({ email: Email });
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequest>;

export const ForgotPasswordResponse = z.object({
  message: z.string(),
  retry_after_seconds: z.number().int(),
});
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponse>;

/** POST /api/auth/reset-password: answers an AuthResponse (signed in on this device). */
export const ResetPasswordRequest = z.object({
  email: Email,
  code: VerificationCode,
  new_password: NewPassword,
});
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;

/** PUT /api/settings/password */
export const ChangePasswordRequest = z.object({
  current_password: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(256),
  new_password: NewPassword,
});
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequest>;

/** POST /api/settings/email: a code goes to the new address. */
export const ChangeEmailRequest = z.object({
  new_email: Email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
});
export type ChangeEmailRequest = z.input<typeof ChangeEmailRequest>;

export const ChangeEmailResponse = z.object({
  message: z.string(),
  retry_after_seconds: z.number().int(),
});
export type ChangeEmailResponse = z.infer<typeof ChangeEmailResponse>;

/** POST /api/settings/email/verify */
export const VerifyEmailChangeRequest = z.object({ code: VerificationCode });
export type VerifyEmailChangeRequest = z.input<typeof VerifyEmailChangeRequest>;

export const SessionKind = z.enum(['web', 'extension']);
export type SessionKind = z.infer<typeof SessionKind>;

/** A signed-in web session or a connected browser extension. */
export const AccountSession = z.object({
  id: z.string(),
  kind: SessionKind,
  /** "Chrome on Windows", or the extension's browser name. */
  label: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** The session making this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;

export const AccountSessionsResponse = z.object({ sessions: z.array(AccountSession) });
export type AccountSessionsResponse = z.infer<typeof AccountSessionsResponse>;

/**
 * DELETE /api/account: the password for an account that has one, or else the code
 * POST /api/account/deletion-code emailed (accounts without a password, e.g. Google-only).
 */
export const DeleteAccountRequest = z
  .object({
    password: z.string().min(1, 'Enter your password').max(1024, 'Password is too long').optional(),
    code: z
      .string()
      .trim()
      .min(1, 'Enter the code we emailed you')
      .max(16, 'The code is 6 letters or digits')
      .transform((c) => c.toUpperCase())
      .optional(),
  })
  .strict()
  .refine((b) => (b.password === undefined) !== (b.code === undefined), { message: 'Send either your password or the emailed code' });
export type DeleteAccountRequest = z.input<typeof DeleteAccountRequest>;

export const DeletionCodeResponse = z.object({
  message: z.string(),
  /** Seconds until another code may be asked for. */
  cooldown_seconds: z.number().int().nonnegative(),
});
export type DeletionCodeResponse = z.infer<typeof DeletionCodeResponse>;

/** GET /api/account/export: the JSON (default), a CSV of ratings and history, or a CSV in Letterboxd's import format. */
export const AccountExportQuery = z.object({ format: z.enum(['json', 'csv', 'letterboxd']).optional() }).strict();
export type AccountExportQuery = z.input<typeof AccountExportQuery>;

const Rating = z.enum(['liked', 'disliked']).nullable();

/**
 * What finds a title again in any catalog (this one's imports, Letterboxd's, another service's):
 * its IMDb id, its TMDB id with TMDB's kind (TMDB numbers movies and TV apart), year and kind.
 * null when unknown; absent in exports made before they were added.
 */
const TitleIds = {
  imdb_id: z.string().nullable().default(null),
  tmdb_id: z.number().nullable().default(null),
  tmdb_kind: z.enum(['movie', 'tv']).nullable().default(null),
  year: z.number().nullable().default(null),
  kind: z.enum(['movie', 'series']).nullable().default(null),
};

/** Everything the server keeps about one account, without any secret (docs/product-decisions.md). */
export const AccountExport = z.object({
  format: z.literal('tonights-pick-account-export'),
  version: z.literal(1),
  exported_at: z.string(),
  profile: z.object({
    id: z.string(),
    email: z.string(),
    full_name: z.string().nullable(),
    email_verified: z.boolean(),
    has_password: z.boolean(),
    google_linked: z.boolean(),
    subscription_tier: SubscriptionTier,
    subscription_end_date: z.string().nullable(),
    timezone: z.string(),
    country: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  preferences: z.object({
    is_onboarded: z.boolean(),
    selected_genres: z.array(z.string()),
    preferred_languages: z.array(z.string()),
    ott_subscriptions: z.array(z.string()),
    /** Tonight's remembered constraints, "Never show me" and the age limit (issue 19). */
    tonight: TonightConstraints,
    exclusions: z.object({ genres: z.array(z.string()), keywords: z.array(z.string()), people: z.array(z.string()) }),
    max_age_rating: MaxAgeRating.nullable(),
  }),
  schedule: z.object({
    email_delivery: z.boolean(),
    delivery_channel: z.string(),
    selected_days: z.array(z.number()),
    recommendation_time: z.string(),
    recommendation_frequency: z.string().nullable(),
    recommendation_day: z.number().nullable(),
    timezone: z.string(),
  }),
  favourites: z.array(z.object({ title_id: z.string(), title: z.string().nullable(), position: z.number(), created_at: z.string() })),
  history: z.array(
    z.object({
      id: z.string(),
      seq: z.number(),
      title_id: z.string(),
      title: z.string(),
      status: z.string(),
      rating: Rating,
      rated_at: z.string().nullable(),
      mood: z.string().nullable(),
      platform: z.string().nullable(),
      reason: z.string(),
      created_at: z.string(),
      closed_at: z.string().nullable(),
      /** pick: issued by the engine; import: read from a history import (import_id names it); badge: rated from the extension's badge on a title page; together: a rated together pick. */
      origin: HistoryOrigin,
      import_id: z.string().nullable(),
      ...TitleIds,
    }),
  ),
  /** History imports: what was read and written, never the file's content. */
  imports: z.array(
    z.object({
      id: z.string(),
      source: z.string(),
      filename: z.string(),
      status: z.string(),
      rows_read: z.number(),
      unmatched_count: z.number(),
      counts: z.object({ likes: z.number(), dislikes: z.number(), watched: z.number(), watchlist: z.number(), already_in_history: z.number() }).nullable(),
      created_at: z.string(),
      confirmed_at: z.string().nullable(),
      undone_at: z.string().nullable(),
    }),
  ),
  ratings: z.array(z.object({ title_id: z.string(), title: z.string(), rating: z.enum(['liked', 'disliked']), rated_at: z.string().nullable() })),
  /** Titles saved for later, newest first (import_id: the import that added it, or null). */
  watchlist: z
    .array(z.object({ title_id: z.string(), title: z.string().nullable(), added_at: z.string(), import_id: z.string().nullable(), ...TitleIds }))
    .default([]),
  weekly_usage: z.array(z.object({ week_start: z.string(), used: z.number(), free_replacements: z.number() })),
  deliveries: z.array(
    z.object({
      local_date: z.string(),
      due_at: z.string(),
      status: z.string(),
      kind: z.string().nullable(),
      email_sent_at: z.string().nullable(),
      added_to_calendar: z.boolean(),
      created_at: z.string(),
      finished_at: z.string().nullable(),
    }),
  ),
  payments: z.array(
    z.object({ id: z.string(), status: z.string(), amount: z.number(), currency: z.string(), created_at: z.string(), paid_at: z.string().nullable(), refunded_at: z.string().nullable() }),
  ),
  feedback: z.array(z.object({ rating: z.number(), comment: z.string(), email: z.string().nullable(), page_url: z.string().nullable(), created_at: z.string() })),
  connected_browsers: z.array(z.object({ browser_name: z.string(), created_at: z.string(), last_used_at: z.string().nullable(), revoked_at: z.string().nullable() })),
  calendar: z.object({ connected: z.boolean(), account_email: z.string().nullable(), enabled: z.boolean(), needs_reconnect: z.boolean() }),
  analytics_events: z.array(z.object({ name: z.string(), path: z.string().nullable(), created_at: z.string() })),
  /** A pick for two: membership, invites sent and received, together picks asked for or rated. */
  household: HouseholdExport.default({ member: null, invites_sent: [], invites_received: [], together_picks: [] }),
});
export type AccountExport = z.infer<typeof AccountExport>;
