// Every business constant (docs/product-decisions.md), in one place.
// Server, web and extension import these; nothing else hard-codes them.

export const FREE_WEEKLY_LIMIT_DEFAULT = 3;
/**
 * Free plan: replacing a pick the user could not use (marked "Already Watched", or disliked) is
 * free this many times per week (the quota's week); after that a replacement counts. A server
 * setting like the limit (FREE_REPLACEMENTS_WEEKLY); this is its default.
 */
export const FREE_REPLACEMENTS_WEEKLY_DEFAULT = 5;

export const PRICING = {
  lifetimePriceUsd: 59,
  lifetimeOriginalPriceUsd: 79,
  lifetimeSavingsUsd: 20,
  lifetimeLabel: 'Early bird - save $20',
  currency: 'usd',
} as const;

export const ONBOARDING_LIMITS = {
  genresMin: 2,
  genresMax: 5,
  genresLabel: 'Pick 2 to 5',
  languagesMin: 1,
  favouritesMin: 3,
  favouritesMax: 20,
  /**
   * "Import instead of picking": a user whose history holds at least this many imported titles
   * may finish onboarding with fewer favourites (none at all).
   */
  importedInsteadOfFavourites: 3,
} as const;

export const VERIFICATION = {
  codeLength: 6,
  codeAlphabet: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  resendCooldownSeconds: 60,
  codeTtlMinutes: 15,
  maxWrongAttempts: 5,
} as const;

/** Emailed password reset codes: the verification codes' kind (length, attempts, cooldown), valid longer. */
export const PASSWORD_RESET = {
  codeTtlMinutes: 30,
} as const;

export const SCHEDULE_DEFAULTS = {
  recommendationTime: '19:00',
  selectedDays: [1, 2, 3, 4, 5] as number[],
  timezone: 'UTC',
} as const;

/** A calendar event's length when the title's runtime is unknown (docs/product-decisions.md, "Defaults and scheduling"). */
export const CALENDAR_EVENT_HOURS = 2;
export const DEFAULT_TIMEZONE = 'UTC';

export const TIMEZONE_CHOICES = [
  { value: 'America/Los_Angeles', label: 'Los Angeles' },
  { value: 'America/Denver', label: 'Denver' },
  { value: 'America/Chicago', label: 'Chicago' },
  { value: 'America/New_York', label: 'New York' },
  { value: 'Europe/London', label: 'London' },
  { value: 'Europe/Paris', label: 'Paris' },
  { value: 'Asia/Dubai', label: 'Dubai' },
  { value: 'Asia/Kolkata', label: 'Kolkata' },
  { value: 'Asia/Singapore', label: 'Singapore' },
  { value: 'Asia/Tokyo', label: 'Tokyo' },
  { value: 'Australia/Sydney', label: 'Sydney' },
  { value: 'UTC', label: 'UTC' },
] as const;

export const FEEDBACK_COMMENT_MAX = 500;
export const MINIMUM_AGE = 13;
export const SUPPORT_REPLY_HOURS = '24-48';
export const REFUND = { days: 7, businessDaysMin: 5, businessDaysMax: 10 } as const;

export const PASSWORD_RULES = {
  minLength: 8,
  hint: 'At least 8 characters with uppercase, lowercase, digit and special character',
} as const;

/** The fixed genre vocabulary of the catalog and of onboarding. */
export const GENRES = [
  'Action', 'Adventure', 'Animation', 'Comedy', 'Crime', 'Documentary', 'Drama', 'Family', 'Fantasy',
  'History', 'Horror', 'Music', 'Mystery', 'Romance', 'Science Fiction', 'Thriller', 'War', 'Western',
] as const;
export type Genre = (typeof GENRES)[number];

/** ISO 639-1 code (Cantonese: "cn", as TMDB does) -> the name users see and the API speaks. */
export const LANGUAGE_NAMES = {
  en: 'English', hi: 'Hindi', es: 'Spanish', ko: 'Korean', ja: 'Japanese', fr: 'French', de: 'German',
  ta: 'Tamil', te: 'Telugu', ml: 'Malayalam', pt: 'Portuguese', it: 'Italian', tr: 'Turkish',
  zh: 'Mandarin', da: 'Danish', sv: 'Swedish', no: 'Norwegian', bn: 'Bengali', kn: 'Kannada',
  mr: 'Marathi', pl: 'Polish', th: 'Thai', cn: 'Cantonese', fa: 'Persian',
} as const;
export type LanguageCode = keyof typeof LANGUAGE_NAMES;

export const MOODS = [
  { value: 'light', label: 'Light' },
  { value: 'feel-good', label: 'Feel-good' },
  { value: 'thrilling', label: 'Thrilling' },
  { value: 'dark', label: 'Dark' },
  { value: 'thoughtful', label: 'Thoughtful' },
  { value: 'romantic', label: 'Romantic' },
  { value: 'scary', label: 'Scary' },
  { value: 'family', label: 'Family' },
] as const;
export type MoodValue = (typeof MOODS)[number]['value'];
export const MOOD_VALUES = MOODS.map((m) => m.value) as [MoodValue, ...MoodValue[]];

export const SUBSCRIPTION_TIERS = ['free_trial', 'paid_lifetime', 'paid_monthly', 'paid_yearly'] as const;


/** Browser storage keys (docs/screens.md, "Browser storage"). */
export const STORAGE_KEYS = {
  token: 'token',
  /** The language this browser shows (issue 39): the profile's ui_language once signed in, else the browser's. */
  locale: 'ui_language',
  user: 'user',
  pendingVerificationEmail: 'pendingVerificationEmail',
  pendingBillingPeriod: 'pending_billing_period',
  pendingSubscriptionId: 'pending_subscription_id',
  pendingUpgradeRedirect: 'pending_upgrade_redirect',
  /** A household invite link opened signed out: its token, until the accept page is shown signed in. */
  pendingHouseholdInvite: 'pending_household_invite',
} as const;

export const FEEDBACK_BODY_LIMIT_BYTES = 16 * 1024;

/** Export and deletion of an account (docs/product-decisions.md, "Your data: export and deletion"). */
export const ACCOUNT_DATA = {
  /** Exports (JSON or CSV) per account per hour. */
  exportsPerHour: 20,
  /** Wrong passwords or codes per account per 15 minutes before DELETE /api/account answers 429. */
  deletionAttemptsPerWindow: 10,
  deletionWindowMinutes: 15,
} as const;

/** History imports: files larger than this are refused before they are read (bytes). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** tonights_pick: this product's own account export (JSON), from this or another server. */
export const IMPORT_SOURCES = ['letterboxd', 'imdb', 'netflix', 'trakt', 'tonights_pick'] as const;
/** The 400 of an upload whose source is none of them (the schema's and the multipart reader's). */
export const IMPORT_SOURCE_PROBLEM = `source must be one of ${IMPORT_SOURCES.join(', ')}`;
/** Each import source as people call it (previews, errors, the history's "Imported from"). */
export const IMPORT_SOURCE_NAMES: Record<(typeof IMPORT_SOURCES)[number], string> = { letterboxd: 'Letterboxd', imdb: 'IMDb', netflix: 'Netflix', trakt: 'Trakt', tonights_pick: "Tonight's Pick" };
/**
 * Per-user bounds of history imports (docs/product-decisions.md, "Bring your taste"). A real user
 * sends a file or two per service, a few retries at most: 20 an hour is never met but by a script.
 * A preview beyond the newest 3 unconfirmed ones replaces the oldest (as if it had been discarded).
 */
export const IMPORT_LIMITS = { uploadsPerHour: 20, storedPreviews: 3 } as const;

/** A pick for two (docs/product-decisions.md, "A pick for two"). */
export const HOUSEHOLD = {
  /** An emailed invite works once, until this many days after it was sent. */
  inviteTtlDays: 7,
  /** Invites one account may send per hour (each sends a mail). */
  invitesPerHour: 10,
} as const;
