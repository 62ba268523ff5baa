import { DEFAULT_TIMEZONE, featuredZoneName, isKnownTimezone, todayIn } from '@app/shared';
import { i18n } from '../../i18n/i18n';

export { todayIn, isKnownTimezone, prefillSchedule, zonedToUtc, googleCalendarUrl, timezoneOptions, filterTimezones, type TimezoneOption } from '@app/shared';

/** The English of common.schedule.pastDate (the catalog's message: a test holds them equal). */
export const PAST_DATE_TEXT = 'The date cannot be in the past. Please pick today or a later date.';

/**
 * docs/screens.md, "Form rules": a date is required, and it cannot be in the past (in the chosen
 * timezone). The text is in the page's language (the component that shows it re-renders with it).
 */
export function scheduleError(date: string, timezone: string, now = new Date()): string | null {
  if (!date) return i18n._('common.schedule.selectDate');
  if (date < todayIn(timezone, now)) return i18n._('common.schedule.pastDate');
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
