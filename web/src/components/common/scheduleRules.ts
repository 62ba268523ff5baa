import { ALERT_TEXTS, DEFAULT_TIMEZONE, featuredZoneName, isKnownTimezone, todayIn } from '@app/shared';

export { todayIn, isKnownTimezone, prefillSchedule, zonedToUtc, googleCalendarUrl, timezoneOptions, filterTimezones, type TimezoneOption } from '@app/shared';

export const PAST_DATE_TEXT = 'The date cannot be in the past. Please pick today or a later date.';

/** docs/screens.md, "Form rules": a date is required, and it cannot be in the past (in the chosen timezone). */
export function scheduleError(date: string, timezone: string, now = new Date()): string | null {
  if (!date) return ALERT_TEXTS.selectDate;
  if (date < todayIn(timezone, now)) return PAST_DATE_TEXT;
  return null;
}

/** The user's timezone when the browser knows it (an older name read as the listed one: Asia/Calcutta is Asia/Kolkata), otherwise UTC (the default). */
export function defaultTimezone(userTimezone: string | undefined): string {
  return isKnownTimezone(userTimezone) ? featuredZoneName(userTimezone) : DEFAULT_TIMEZONE;
}

/** This browser's zone (docs/product-decisions.md: the default at sign-up and onboarding). */
export function browserTimezone(): string {
  try {
    return defaultTimezone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return DEFAULT_TIMEZONE;
  }
}
