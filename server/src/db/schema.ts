// Table types. Booleans are stored as 0/1 integers and times as ISO-8601 UTC text on both
// dialects, so one migration set and one set of queries serve SQLite and PostgreSQL.
// Repositories convert rows at their boundary; these shapes never reach clients.
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
}

/** An emailed sign-up code for one account and one browser (a hash of its tp_unlock cookie). */
export interface VerificationCodesTable {
  user_id: string;
  browser: string;
  code_hash: string;
  expires_at: string;
  attempts: number;
  sent_at: string;
}

/** An emailed sign-in code for one address and one browser (a hash of its tp_unlock cookie). */
export interface LoginUnlockCodesTable {
  email: string;
  browser: string;
  code_hash: string;
  expires_at: string;
  attempts: number;
  sent_at: string;
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

/** An emailed password reset code for one address (with or without an account) and one browser. */
export interface PasswordResetCodesTable {
  email: string;
  browser: string;
  code_hash: string;
  expires_at: string;
  attempts: number;
  sent_at: string;
}

/** The code sent to the address a signed-in user asked to move to. */
export interface EmailChangeCodesTable {
  user_id: string;
  new_email: string;
  code_hash: string;
  expires_at: string;
  attempts: number;
  sent_at: string;
}

export interface RateLimitHitsTable {
  bucket: string;
  window_start: string;
  hits: number;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  user_id: string | null;
  name: string;
  path: string | null;
  properties: string | null;
  created_at: string;
}

export interface AppSecretsTable {
  name: string;
  value: string;
}

/** One row rewritten by /healthz to prove writes still work. */
export interface HealthProbeTable {
  id: string;
  checked_at: string;
}

export interface PlatformsTable {
  name: string;
  slug: string;
  color: string;
  /** '' when the service has no search page we know (a provider only TMDB named). */
  search_url: string;
  hosts: string;
  /** JSON list of ISO country codes where the service operates; null: nearly everywhere, or unknown. */
  countries: string | null;
  tmdb_provider_id: number | null;
  /** TMDB logo path (under the image host), when TMDB gave one. */
  logo_path: string | null;
}

export interface TitlesTable {
  id: string;
  kind: string;
  title: string;
  original_title: string | null;
  year: number;
  end_year: number | null;
  genres: string;
  language: string;
  runtime: number | null;
  seasons: number | null;
  episode_runtime: number | null;
  /** A series' total episode count (null: unknown); only counts we are sure of (0024_title_episodes). */
  episodes: number | null;
  imdb_rating: number | null;
  rotten_tomatoes: number | null;
  fame: number;
  description: string;
  keywords: string;
  director: string | null;
  cast_members: string;
  source: string;
  catalog_version: number;
  created_at: string;
  updated_at: string;
  tmdb_id: number | null;
  /** "tt0111161" */
  imdb_id: string | null;
  /** TMDB image paths such as "/abc.jpg" (served from the image host). */
  poster_path: string | null;
  backdrop_path: string | null;
  /** YouTube video key of the trailer. */
  trailer_key: string | null;
  /** TMDB's audience average (0-10): shown only where no IMDb rating is known. */
  tmdb_rating: number | null;
  /** Votes behind the audience score (IMDb's, else TMDB's): popularity where fame is unknown. */
  vote_count: number | null;
  age_rating: string | null;
  /** Set when a source no longer lists the title: kept for history, never offered. */
  retired_at: string | null;
}

export interface TitleAvailabilityTable {
  title_id: string;
  platform: string;
  /** ISO 3166-1 alpha-2, or GLOBAL. */
  region: string;
  /** subscription | free | ads | rent | buy (OFFER_KINDS). */
  kind: string;
  /** YYYY-MM or YYYY-MM-DD: when the source said so. */
  as_of: string;
  /** Deep link to the title on that service or on the source's page, when known. */
  link: string | null;
  /** builtin | tmdb | streaming-csv | platform-flags: a source replaces only its own rows. */
  source: string;
}

export interface CatalogMetaTable {
  key: string;
  value: string;
}

export interface RecommendationsTable {
  id: string;
  user_id: string;
  seq: number;
  title_id: string;
  movie_title: string;
  /** active | watched | skipped */
  status: string;
  /** 1 liked, 0 disliked, null not rated */
  user_rating: number | null;
  rated_at: string | null;
  mood: string | null;
  platform: string | null;
  reason: string;
  score: number;
  created_at: string;
  closed_at: string | null;
  /** pick (issued by the engine) | import (read from a history import) | badge (rated from the extension's badge) | together (a rated together pick) */
  origin: Generated<string>;
  /** The import that wrote this row (undo deletes it); null for picks. */
  import_id: string | null;
  /** JSON list of the pick's notices ({code, mood, nearest_mood}: a mood nothing fits, little fits the taste); null for none. */
  notices?: string | null;
}

export interface ImportsTable {
  id: string;
  user_id: string;
  /** letterboxd | imdb | netflix | trakt */
  source: string;
  filename: string;
  file_hash: string;
  /** preview | confirmed | undone */
  status: string;
  rows_read: number;
  unmatched_count: number;
  /** JSON of ImportCounts: what confirming wrote. */
  applied: string | null;
  created_at: string;
  confirmed_at: string | null;
  undone_at: string | null;
}

export interface ImportItemsTable {
  import_id: string;
  position: number;
  name: string;
  year: number | null;
  title_id: string | null;
  /** JSON array of candidate title ids while ambiguous. */
  candidates: string | null;
  source_rating: string | null;
  /** 1 like, 0 dislike, null neither */
  liked: number | null;
  watched: number;
  watchlist: number;
  happened_at: string | null;
}

export interface WatchlistTable {
  user_id: string;
  title_id: string;
  added_at: string;
  import_id: string | null;
}

export interface RecommendationQuotaTable {
  user_id: string;
  week_start: string;
  /** Issues that counted against the weekly limit. */
  used: number;
  /** Free replacements of a watched or disliked pick (did not count; capped per week). */
  free_replacements: Generated<number>;
}

export interface UserFavouritesTable {
  user_id: string;
  title_id: string;
  position: number;
  created_at: string;
}

export interface PaymentOrdersTable {
  id: string;
  /** null once the account was deleted: the order is kept for accounting (docs/product-decisions.md). */
  user_id: string | null;
  stripe_session_id: string;
  /** pending | paid | refunded | expired | failed */
  status: string;
  /** minor units (cents) */
  amount: number;
  currency: string;
  stripe_payment_intent: string | null;
  created_at: string;
  paid_at: string | null;
  refunded_at: string | null;
}

export interface ProcessedEventsTable {
  event_id: string;
  type: string;
  processed_at: string;
}

export interface CalendarOauthStatesTable {
  state_hash: string;
  user_id: string;
  code_verifier: string;
  redirect_uri: string;
  expires_at: string;
  created_at: string;
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

export interface FeedbackTable {
  id: Generated<number>;
  rating: number;
  comment: string;
  email: string | null;
  page_url: string | null;
  user_agent: string | null;
  created_at: string;
}

export interface DeliveriesTable {
  id: string;
  user_id: string;
  /** YYYY-MM-DD on the user's wall calendar; unique per user. */
  local_date: string;
  due_at: string;
  /** pending | sent | skipped | failed */
  status: string;
  /** recommendation | upgrade */
  kind: string | null;
  attempts: number;
  lease_until: string | null;
  recommendation_id: string | null;
  email_sent_at: string | null;
  calendar_event_id: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export interface CatalogSyncItemsTable {
  source: string;
  /** movie | tv */
  kind: string;
  external_id: number;
  /** pending | done | failed */
  status: string;
  /** discover | changed | refresh */
  reason: string;
  attempts: number;
  error: string | null;
  run_id: string | null;
  title_id: string | null;
  /** YYYY-MM-DD of the offers last merged. */
  offers_as_of: string | null;
  queued_at: string;
  updated_at: string;
}

export interface JobLeasesTable {
  name: string;
  holder: string | null;
  lease_until: string | null;
  /** YYYY-MM-DD (UTC) of the last finished run. */
  last_run_date: string | null;
  last_error: string | null;
  updated_at: string;
}

/** An emailed code confirming the deletion of an account without a password. */
export interface AccountDeletionCodesTable {
  user_id: string;
  code_hash: string;
  expires_at: string;
  attempts: number;
  sent_at: string;
}

export interface Database {
  users: UsersTable;
  verification_codes: VerificationCodesTable;
  login_unlock_codes: LoginUnlockCodesTable;
  sessions: SessionsTable;
  password_reset_codes: PasswordResetCodesTable;
  email_change_codes: EmailChangeCodesTable;
  rate_limit_hits: RateLimitHitsTable;
  analytics_events: AnalyticsEventsTable;
  app_secrets: AppSecretsTable;
  health_probe: HealthProbeTable;
  platforms: PlatformsTable;
  titles: TitlesTable;
  title_availability: TitleAvailabilityTable;
  catalog_meta: CatalogMetaTable;
  recommendations: RecommendationsTable;
  recommendation_quota: RecommendationQuotaTable;
  user_favourites: UserFavouritesTable;
  payment_orders: PaymentOrdersTable;
  processed_events: ProcessedEventsTable;
  calendar_oauth_states: CalendarOauthStatesTable;
  extension_tokens: ExtensionTokensTable;
  feedback: FeedbackTable;
  deliveries: DeliveriesTable;
  catalog_sync_items: CatalogSyncItemsTable;
  job_leases: JobLeasesTable;
  account_deletion_codes: AccountDeletionCodesTable;
  imports: ImportsTable;
  import_items: ImportItemsTable;
  watchlist: WatchlistTable;
  households: HouseholdsTable;
  household_invites: HouseholdInvitesTable;
  together_picks: TogetherPicksTable;
  together_ratings: TogetherRatingsTable;
}

/** Two accounts that ask for picks together (migration 0026). */
export interface HouseholdsTable {
  id: string;
  /** The member who invited. */
  owner_id: string;
  partner_id: string;
  created_at: string;
}

export interface HouseholdInvitesTable {
  id: string;
  inviter_id: string;
  /** Lower-case address the invite was sent to. */
  email: string;
  /** SHA-256 (hex) of the emailed token; never the token. */
  token_hash: string;
  /** pending | accepted | revoked */
  status: string;
  created_at: string;
  expires_at: string;
  closed_at: string | null;
}

export interface TogetherPicksTable {
  id: string;
  household_id: string;
  asked_by: string;
  title_id: string;
  movie_title: string;
  platform: string | null;
  /** 'both' or the member's user id whose service `platform` is; null: availability unknown. */
  platform_owner: string | null;
  reason: string;
  score: number;
  created_at: string;
}

export interface TogetherRatingsTable {
  pick_id: string;
  user_id: string;
  /** 1 liked, 0 disliked */
  rating: number;
  rated_at: string;
  recommendation_id: string;
}
