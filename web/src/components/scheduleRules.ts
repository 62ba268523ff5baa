import { ALERT_TEXTS, DEFAULT_TIMEZONE, TIMEZONE_CHOICES } from '@app/shared';

/** Today's date (YYYY-MM-DD) in a timezone. */
export function todayIn(timezone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export const PAST_DATE_TEXT = 'The date cannot be in the past. Please pick today or a later date.';

/** Spec section 5: a date is required, and it cannot be in the past (in the chosen timezone). */
export function scheduleError(date: string, timezone: string, now = new Date()): string | null {
  if (!date) return ALERT_TEXTS.selectDate;
  if (date < todayIn(timezone, now)) return PAST_DATE_TEXT;
  return null;
}

/** The user's timezone when it is one of the 12 choices, otherwise UTC (the default). */
export function defaultTimezone(userTimezone: string | undefined): string {
  return TIMEZONE_CHOICES.some((t) => t.value === userTimezone) ? (userTimezone as string) : DEFAULT_TIMEZONE;
}
