import { z } from 'zod';
import { FEEDBACK_COMMENT_MAX } from '../constants.js';

export const FeedbackRequest = z.object({
  rating: z.boolean({ error: 'Please select thumbs up or down' }),
  comment: z.string().max(FEEDBACK_COMMENT_MAX, `Comment is at most ${FEEDBACK_COMMENT_MAX} characters`).default(''),
  email: z
    .union([z.literal(''), z.email({ error: 'Enter a valid email address' }).max(254)])
    .nullish(),
  page_url: z.string().max(2048).nullish(),
  user_agent: z.string().max(1024).nullish(),
});
export type FeedbackRequest = z.input<typeof FeedbackRequest>;

export const PublicRateQuery = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(2048),
  rating: z.enum(['like', 'dislike'], { error: "rating must be 'like' or 'dislike'" }),
});
export type PublicRateQuery = z.input<typeof PublicRateQuery>;

export const PublicRateResponse = z.object({
  message: z.string(),
  movie_title: z.string(),
  rating: z.boolean(),
});
export type PublicRateResponse = z.infer<typeof PublicRateResponse>;

/** What the web app needs to know about this server before sign-in. */
export const PublicConfig = z.object({
  google_client_id: z.string().nullable(),
  payments_enabled: z.boolean(),
  free_weekly_limit: z.number().int(),
  /** Free plan: replacements of a watched or disliked pick that do not count, per week. */
  free_replacements_weekly: z.number().int(),
  /** This instance shows TMDB data (a key is set, or titles came from TMDB): the footer and /about credit TMDB and JustWatch. */
  uses_tmdb: z.boolean().default(false),
  stats: z.object({
    platforms: z.number().int(),
    titles: z.number().int(),
    /** null while the instance is small (docs/product-decisions.md: the claim is left out). */
    users: z.number().int().nullable(),
  }),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export const ANALYTICS_EVENTS = ['page_view', 'onboarding_started', 'onboarding_completed'] as const;
export const AnalyticsEventRequest = z.object({
  name: z.enum(ANALYTICS_EVENTS),
  path: z.string().max(512).optional(),
  properties: z.record(z.string(), z.union([z.string().max(200), z.number(), z.boolean(), z.null()])).optional(),
});
export type AnalyticsEventRequest = z.input<typeof AnalyticsEventRequest>;

export const HealthResponse = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });
export type HealthResponse = z.infer<typeof HealthResponse>;
