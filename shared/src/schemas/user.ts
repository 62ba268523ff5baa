import { z } from 'zod';
import { SubscriptionTier } from './common.js';
import { LOCALES } from '../i18n.js';
import { NO_TONIGHT } from '../tonight.js';
import { MaxAgeRating, NO_EXCLUSIONS, TonightConstraints } from './tonight.js';

/** How scheduled recommendations arrive; the calendar needs the lifetime plan and a connected calendar. */
export const DELIVERY_CHANNELS = ['email', 'calendar', 'both'] as const;
export const DeliveryChannel = z.enum(DELIVERY_CHANNELS);
export type DeliveryChannel = z.infer<typeof DeliveryChannel>;

/** The user as the API shows it. Secrets (password hash, calendar token) never leave the server. */
export const User = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  email_verified: z.boolean(),
  is_onboarded: z.boolean(),
  subscription_tier: SubscriptionTier,
  subscription_end_date: z.string().nullable(),
  /** True when a calendar refresh token is stored (its presence means connected). */
  calendar_connected: z.boolean(),
  calendar_enabled: z.boolean(),
  selected_days: z.array(z.number().int().min(1).max(7)),
  recommendation_frequency: z.string().nullable(),
  recommendation_day: z.number().int().nullable(),
  recommendation_time: z.string(),
  timezone: z.string(),
  /** ISO 3166-1 alpha-2; null until the user chose one (accounts from before countries). */
  country: z.string().nullable().default(null),
  ott_subscriptions: z.array(z.string()),
  preferred_languages: z.array(z.string()),
  email_delivery: z.boolean(),
  delivery_channel: DeliveryChannel.default('email'),
  has_password: z.boolean(),
  has_google: z.boolean(),
  created_at: z.string(),
  /** Tonight's remembered constraints (issue 19): what "Another pick" sends unless changed. */
  tonight: TonightConstraints.default(NO_TONIGHT),
  /** "Never show me": titles with these genres, keywords or people are never picked. */
  exclusions: z.object({ genres: z.array(z.string()), keywords: z.array(z.string()), people: z.array(z.string()) }).default(NO_EXCLUSIONS),
  /** The highest age rating accepted; null: no limit. */
  max_age_rating: MaxAgeRating.nullable().default(null),
  /** The language the product speaks to this person (issue 39); null: their browser's, until they choose. */
  ui_language: z.enum(LOCALES).nullable().default(null),
});
export type User = z.infer<typeof User>;
