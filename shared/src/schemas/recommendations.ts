import { z } from 'zod';
import { DEFAULT_TIMEZONE } from '../constants.js';
import { SYNC_ORIGINS } from '../connections.js';
import { HistoryOrigin, IanaTimezone, IsoDate, Kind, Mood, TimeOfDay } from './common.js';
import { Exploration, MaxMinutes } from './tonight.js';

export const SubscriptionWarning = z.object({
  message: z.string(),
  expired: z.boolean(),
  limit_reached: z.boolean(),
});
export type SubscriptionWarning = z.infer<typeof SubscriptionWarning>;

/**
 * One place to watch a title: a service, how (subscription, free, ads, rent, buy, or `library`: a
 * copy on the user's own media server, `platform` naming it, "Jellyfin") and where.
 */
export const WatchOption = z.object({
  platform: z.string(),
  kind: z.enum(['subscription', 'free', 'ads', 'rent', 'buy', 'library']),
  /** ISO 3166-1 alpha-2, or GLOBAL. */
  region: z.string(),
  /** Outside the user's country: shown as "elsewhere", never as watchable here. */
  elsewhere: z.boolean(),
  /** One of the user's services. */
  yours: z.boolean(),
  link: z.string().nullable(),
  logo_url: z.string().nullable(),
  /** The offer comes from TMDB's watch-provider data, which JustWatch supplies: credit them. */
  from_justwatch: z.boolean().default(false),
});
export type WatchOption = z.infer<typeof WatchOption>;

/**
 * What a pick says plainly beside its reason (texts: pickNoticeText). mood_unmet: nothing on the
 * user's services fits the mood asked for (`mood`); `nearest_mood` is the closest mood that has a
 * title there, null when none has. low_fit: little on the user's services fits their taste tonight.
 */
export const PickNotice = z.object({
  code: z.enum(['mood_unmet', 'low_fit']),
  mood: Mood.nullable(),
  nearest_mood: Mood.nullable(),
});
export type PickNotice = z.infer<typeof PickNotice>;

export const Recommendation = z.object({
  id: z.string(),
  title_id: z.string(),
  kind: Kind,
  movie_title: z.string(),
  /** The title's original name, beside a movie_title in the viewer's language that differs from it; null otherwise (and always for English). */
  original_title: z.string().nullable().default(null),
  movie_description: z.string(),
  reason: z.string(),
  year: z.number().int(),
  end_year: z.number().int().nullable(),
  genre: z.string(),
  genres: z.array(z.string()),
  language: z.string(),
  /** Minutes: the film's length, or a series' typical episode. */
  runtime: z.number().int().nullable(),
  seasons: z.number().int().nullable(),
  rotten_tomatoes: z.number().int().nullable(),
  imdb_rating: z.number().nullable(),
  /** TMDB's audience average (0-10): the card shows it where no IMDb rating is known. */
  tmdb_rating: z.number().nullable().default(null),
  /** A service it streams on in the user's country (or GLOBAL): one of the user's, when they have any; else null. */
  platform: z.string().nullable(),
  /** The country where_to_watch answers for; null until the user chose one (any region counts). */
  region: z.string().nullable().default(null),
  /** Streamable offers in `region` first (the user's services first), then rent/buy there; when it streams nowhere there, where it streams elsewhere. */
  where_to_watch: z.array(WatchOption).default([]),
  platform_logo_url: z.string().nullable(),
  /** The platform's search page for this title, or null when the platform is unknown. */
  watch_url: z.string().nullable(),
  /** TMDB's poster (absolute URL) when known, else ours (relative to the API origin). */
  poster_url: z.string(),
  /** Our generated poster: what to show when poster_url fails to load. */
  poster_fallback_url: z.string(),
  /** The title's trailer on YouTube, or null when unknown. */
  trailer_url: z.string().nullable(),
  director: z.string().nullable(),
  cast: z.array(z.string()),
  is_rated: z.boolean(),
  user_rating: z.boolean().nullable(),
  status: z.enum(['active', 'watched', 'skipped']),
  mood: Mood.nullable(),
  created_at: z.string(),
  /** pick: issued by the engine; import: read from a history import (its reason names the source); badge: rated from the extension's badge on a title page; together: a together pick the user rated (its reason names both). */
  origin: HistoryOrigin.default('pick'),
  /** Where a connected app or the extension saw it watched ("Watched on Jellyfin"); null when marked watched here, or not watched. */
  watched_on: z.enum(SYNC_ORIGINS).nullable().default(null),
  /** The title is on the user's watchlist. */
  saved: z.boolean().default(false),
  /** What the card says plainly about this pick (a mood nothing fits, little fits the taste); empty for most picks. */
  notices: z.array(PickNotice).default([]),
  subscription_warning: SubscriptionWarning.nullable(),
});
export type Recommendation = z.infer<typeof Recommendation>;

export const NewRecommendationRequest = z
  .object({
    previous: z.enum(['skip', 'watched']).optional(),
    mood: Mood.optional(),
    platform: z.string().min(1).max(60).optional(),
    /** Tonight's constraints: a field sent is remembered for the next picks (null clears it); a field left out uses the remembered one. */
    kind: Kind.nullable().optional(),
    max_minutes: MaxMinutes.nullable().optional(),
    finish_tonight: z.boolean({ error: 'finish_tonight must be true or false' }).optional(),
    exploration: Exploration.nullable().optional(),
  })
  .strict();
export type NewRecommendationRequest = z.input<typeof NewRecommendationRequest>;

export const RateRequest = z.object({
  movie_title: z.string().min(1, 'movie_title is required').max(300),
  rating: z.boolean({ error: 'rating must be true (liked) or false (disliked)' }),
  genre: z.string().max(200).optional(),
  year: z.number().int().optional(),
  recommendation_id: z.string().max(64).optional(),
});
export type RateRequest = z.input<typeof RateRequest>;

export const RateResponse = z.object({ message: z.string(), recommendation: Recommendation });
export type RateResponse = z.infer<typeof RateResponse>;

export const HistoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type HistoryQuery = z.input<typeof HistoryQuery>;

export const HistoryResponse = z.object({
  recommendations: z.array(Recommendation),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type HistoryResponse = z.infer<typeof HistoryResponse>;

/**
 * The last day a pick can be scheduled: an evening event on 9999-12-31 ends in year 10000, which
 * neither an .ics file (RFC 5545) nor Google's API (RFC 3339) can write.
 */
export const LAST_SCHEDULE_DATE = '9999-12-30';

export const ScheduleRequest = z.object({
  recommendation_id: z.string().min(1, 'recommendation_id is required').max(64),
  date: IsoDate.refine((d) => d <= LAST_SCHEDULE_DATE, { message: 'Pick an earlier date' }),
  time: TimeOfDay,
  timezone: IanaTimezone.default(DEFAULT_TIMEZONE),
});
export type ScheduleRequest = z.input<typeof ScheduleRequest>;

export const AddToCalendarResponse = z.object({
  message: z.string(),
  event_id: z.string(),
  event_link: z.string().nullable(),
});
export type AddToCalendarResponse = z.infer<typeof AddToCalendarResponse>;
