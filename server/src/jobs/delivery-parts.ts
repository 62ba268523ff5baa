// The pieces one delivery is made of: which channels a user gets, the mail context (links and
// unsubscribe), the user's pick for the day, and the calendar event's start.
import { ROUTES } from '@app/shared';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { userLocale, type Message } from '../i18n/messages.js';
import { googleClientOf } from '../features/calendar/calendar.access.js';
import type { DeliveryMailContext } from '../features/delivery/delivery.emails.js';
import { signUnsubscribeToken } from '../features/delivery/unsubscribe-token.js';
import { issueRecommendation } from '../features/recommendations/issue.js';
import type { History } from '../features/history/history.js';
import { activeRecommendation, type RecommendationRow } from '../features/history/history.repository.js';
import { isoDate, localDateTime, localToday } from '../time/zoned-time.js';
import type { UserRow } from '../features/users/users.repository.js';
import { deliveryDays } from './schedule.js';

export interface Slot {
  localDate: string;
  timeZone: string;
  /** HH:MM */
  time: string;
  dueAt: Date;
}

/**
 * The calendar gets the event when auto-schedule is on (calendar_enabled: the lifetime plan, a
 * connected calendar, Google configured on the server); connecting turns it on, and turning it
 * off is how a calendar user says "email only". delivery_channel 'calendar' then drops the email
 * ("instead of"); 'both' and the default 'email' keep it ("as well as"). Whoever cannot get the
 * event gets the email, so choosing the calendar never means silently getting nothing.
 * Without SMTP_URL mail only reaches the log: nothing is emailed (a pick nobody sees would still
 * spend the free plan's quota).
 */
export function channelsFor(ctx: AppContext, user: UserRow): { calendar: boolean; email: boolean; mailable: boolean } {
  const calendar =
    user.subscription_tier === 'paid_lifetime' &&
    Boolean(user.calendar_enabled) &&
    user.calendar_refresh_token !== null &&
    googleClientOf(ctx.config) !== null;
  const mailable = ctx.config.smtpUrl !== null;
  return { calendar, email: mailable && (!calendar || user.delivery_channel !== 'calendar'), mailable };
}

/** "Tonight's Pick <no-reply@example.com>" -> mailto:no-reply@example.com?subject=unsubscribe */
export function unsubscribeMailto(mailFrom: string): string | null {
  const address = (/<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim();
  return /^[^\s@<>]+@[^\s@<>]+$/.test(address) ? `mailto:${address}?subject=unsubscribe` : null;
}

export function mailContext(ctx: AppContext, user: UserRow, slot: Slot): DeliveryMailContext {
  const token = signUnsubscribeToken(ctx.secrets.jwt, user.id, ctx.clock.now());
  return {
    appUrl: ctx.config.appUrl,
    to: user.email,
    unsubscribeUrl: `${ctx.config.appUrl}${ROUTES.delivery_unsubscribe_page.path}?${new URLSearchParams({ token }).toString()}`,
    unsubscribePageUrl: `${ctx.config.appUrl}/unsubscribe?${new URLSearchParams({ token }).toString()}`,
    unsubscribeMailto: unsubscribeMailto(ctx.config.mailFrom),
    schedule: { days: deliveryDays(user), time: slot.time, timeZone: slot.timeZone },
    locale: userLocale(user),
  };
}

/** Poster URLs are relative to the API origin; mail needs them absolute. */
export function absoluteUrl(appUrl: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${appUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

export type DayPick =
  | { kind: 'pick'; row: RecommendationRow }
  | { kind: 'refused'; detail: string | Message; expired: boolean }
  | { kind: 'nothing_left'; detail: string | Message };

/**
 * The day's recommendation. An unrated one the user already got earlier today (say from the
 * dashboard at 18:55) is tonight's pick: the email repeats it instead of skipping it and
 * spending another of the week's picks. Otherwise a new one is issued under the plan's rules.
 */
export async function pickForDay(ctx: AppContext, history: History, user: UserRow, slot: Slot): Promise<DayPick> {
  const active = await activeRecommendation(ctx.db, user.id);
  if (active && active.user_rating === null && localToday(new Date(active.created_at), slot.timeZone) === slot.localDate) {
    return { kind: 'pick', row: active };
  }
  try {
    return { kind: 'pick', row: (await issueRecommendation(ctx, history, user, { previous: 'skip', scheduled: true })).row };
  } catch (err) {
    if (err instanceof HttpError && err.status === 402) return { kind: 'refused', detail: err.said ?? err.message, expired: err.extra.expired === true };
    if (err instanceof HttpError && err.status === 409) return { kind: 'nothing_left', detail: err.said ?? err.message };
    throw err;
  }
}

const QUARTER_HOUR = 15 * 60_000;

/**
 * The event starts at the scheduled time; a delivery caught up late starts at the next quarter
 * hour instead (an event that ended before it was added helps nobody), unless that is tomorrow.
 */
export function eventTime(slot: Slot, now: Date): string {
  if (now.getTime() - slot.dueAt.getTime() <= QUARTER_HOUR) return slot.time;
  const start = localDateTime(new Date(Math.ceil(now.getTime() / QUARTER_HOUR) * QUARTER_HOUR), slot.timeZone);
  if (isoDate(start.year, start.month, start.day) !== slot.localDate) return slot.time;
  return `${String(start.hour).padStart(2, '0')}:${String(start.minute).padStart(2, '0')}`;
}
