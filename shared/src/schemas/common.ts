import { z } from 'zod';
import { MOOD_VALUES, SUBSCRIPTION_TIERS, TIMEZONE_CHOICES } from '../constants.js';
import { isCountryCode } from '../countries.js';
import { knownZone } from '../intl-cache.js';

/** Every error of the API: `{ detail, ... }` (docs/architecture.md). */
export const ErrorBody = z.object({
  detail: z.string(),
  code: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  expired: z.boolean().optional(),
  limit_reached: z.boolean().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const Email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }))
  .transform((e) => e.toLowerCase());

export const IanaTimezone = z.string().min(1).max(64).refine(knownZone, { message: 'Unknown timezone' });
export const TimezoneChoice = z.enum(TIMEZONE_CHOICES.map((t) => t.value) as [string, ...string[]]);

/** An ISO 3166-1 alpha-2 code of COUNTRIES ("in" is read as IN). */
export const CountryCode = z
  .string({ error: 'country must be a two-letter country code such as IN or US' })
  .trim()
  .max(8, 'country must be a two-letter country code such as IN or US')
  .transform((c) => c.toUpperCase())
  .refine(isCountryCode, { message: 'Unknown country: use a two-letter ISO 3166-1 code such as IN or US' });

export const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM (24-hour)');
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
    message: 'Not a real date',
  });

export const SubscriptionTier = z.enum(SUBSCRIPTION_TIERS);
export const Mood = z.enum(MOOD_VALUES);
export const Kind = z.enum(['movie', 'series']);
export type Kind = z.infer<typeof Kind>;

export const DayOfWeek = z.number().int().min(1).max(7);
export type SubscriptionTier = z.infer<typeof SubscriptionTier>;
export type Mood = z.infer<typeof Mood>;

/** Where a history row came from: a pick, an import, the badge, a together pick, or a source that syncs (shared/src/connections.ts). */
export const HISTORY_ORIGINS = ['pick', 'import', 'badge', 'together', 'jellyfin', 'emby', 'plex', 'trakt', 'extension'] as const;
export const HistoryOrigin = z.enum(HISTORY_ORIGINS);
