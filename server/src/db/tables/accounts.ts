// Accounts: the user row, web sessions, connected browser extensions, calendar sign-in states.
// Shapes as stored: booleans 0/1, times ISO-8601 UTC text (see ../schema.ts).
import type { Generated } from 'kysely';

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string | null;
  full_name: string | null;
  email_verified: number;
  google_sub: string | null;
  is_onboarded: number;
  subscription_tier: string;
  subscription_end_date: string | null;
  calendar_refresh_token: string | null;
  calendar_account_email: string | null;
  calendar_enabled: number;
  /** 1 after Google refused the refresh token (revoked): Settings asks to reconnect. */
  calendar_needs_reconnect: Generated<number>;
  selected_days: string;
  recommendation_frequency: string | null;
  recommendation_day: number | null;
  recommendation_time: string;
  timezone: string;
  /** ISO 3166-1 alpha-2: where-to-watch is answered for this country; null until chosen. */
  country: string | null;
  ott_subscriptions: string;
  preferred_languages: string;
  selected_genres: string;
  email_delivery: number;
  /** email | calendar | both: how scheduled recommendations arrive. */
  delivery_channel: Generated<string>;
  tokens_valid_after: number;
  created_at: string;
  updated_at: string;
  /** Bumped by every write to the user's history (lockUser): names the taste a server may cache. */
  taste_rev: Generated<number>;
  /** Tonight's remembered constraints (0025): null when unset; tonight_finish is 0/1. */
  tonight_max_minutes: number | null;
  tonight_kind: string | null;
  tonight_exploration: number | null;
  tonight_finish: Generated<number>;
  /** JSON {genres, keywords, people}; null: none. */
  exclusions: string | null;
  /** One of MAX_AGE_RATINGS; null: no limit. */
  max_age_rating: string | null;
  /** One of LOCALES; null until set (issue 39). */
  ui_language: string | null;
}

/** A signed-in web session: the access token's `sid` (docs/security.md, "Sessions"). */
export interface SessionsTable {
  id: string;
  user_id: string;
  user_agent: string | null;
  created_at: string;
  /** Written at most once a minute per session. */
  last_used_at: string;
}

export interface ExtensionTokensTable {
  id: string;
  user_id: string;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  nonce_hash: string;
  browser_name: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface CalendarOauthStatesTable {
  state_hash: string;
  user_id: string;
  code_verifier: string;
  redirect_uri: string;
  expires_at: string;
  created_at: string;
}
