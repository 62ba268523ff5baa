import { z } from 'zod';
import { CountryCode, DayOfWeek, IanaTimezone, SubscriptionTier, TimeOfDay } from './common.js';
import { DeliveryChannel } from './user.js';
import { LOCALES } from '../i18n.js';
import { TonightProfileUpdate } from './tonight.js';

export const UpdateProfileRequest = z
  .object({
    full_name: z.string().trim().max(100, 'Full name is at most 100 characters').nullable(),
    selected_days: z
      .array(DayOfWeek)
      .min(1, 'Keep at least one day selected')
      .max(7)
      .refine((d) => new Set(d).size === d.length, 'Days must not repeat'),
    recommendation_time: TimeOfDay,
    timezone: IanaTimezone,
    country: CountryCode,
    ott_subscriptions: z.array(z.string().min(1).max(60)).max(30),
    preferred_languages: z.array(z.string().min(1).max(40)).min(1, 'Select at least one language').max(30),
    email_delivery: z.boolean(),
    delivery_channel: DeliveryChannel,
    ui_language: z.enum(LOCALES),
    ...TonightProfileUpdate,
  })
  .partial()
  .strict();
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequest>;

export const CalendarAuthUrlResponse = z.object({ authorization_url: z.string() });
export type CalendarAuthUrlResponse = z.infer<typeof CalendarAuthUrlResponse>;

export const CalendarConnectRequest = z.object({
  code: z.string().min(1, 'code is required').max(2048),
  state: z.string().max(512).optional(),
});
export type CalendarConnectRequest = z.input<typeof CalendarConnectRequest>;

export const CalendarStatus = z.object({
  has_refresh_token: z.boolean(),
  calendar_enabled: z.boolean(),
  account_email: z.string().nullable(),
  available: z.boolean(),
  needs_reconnect: z.boolean(),
});
export type CalendarStatus = z.infer<typeof CalendarStatus>;

export const UpdateCalendarRequest = z.object({ calendar_enabled: z.boolean() });
export type UpdateCalendarRequest = z.input<typeof UpdateCalendarRequest>;

export const UpdateSubscriptionRequest = z.object({ subscription_tier: SubscriptionTier });
export type UpdateSubscriptionRequest = z.input<typeof UpdateSubscriptionRequest>;
