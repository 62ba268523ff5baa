// Puts a recommendation into the user's Google Calendar: a fresh access token from the stored
// refresh token, then one event as long as the title (shared eventMinutes) at the requested
// wall-clock time and zone, its words in the user's language (shared/locales/server-calendar).
import { createHash } from 'node:crypto';
import type { Recommendation } from '@app/shared';
import { DEFAULT_LOCALE, eventMinutes, type Locale } from '@app/shared';
import type { AppContext } from '../../context.js';
import { fieldError, forbidden, serviceUnavailable } from '../../http/errors.js';
import { TokenCipherError } from '../../integrations/crypto/token-cipher.js';
import { insertEvent, GoogleCalendarError, type NewCalendarEvent } from '../../integrations/google/calendar.js';
import { refreshAccessToken, GoogleOAuthError } from '../../integrations/google/oauth.js';
import type { UserRow } from '../users/users.repository.js';
import { CALENDAR_TEXTS, calendarCipher, reconnectRequired, requireGoogle, requireLifetime, tokenAssociatedData, upstreamFailed } from './calendar.access.js';
import { markNeedsReconnect, replaceSealedToken } from './calendar.repository.js';
import { localToday, rfc3339InZone, zonedInstant } from '../../time/zoned-time.js';
import { translate, userLocale } from '../../i18n/messages.js';

export type CalendarRecommendation = Pick<Recommendation, 'id' | 'movie_title' | 'year' | 'platform' | 'movie_description' | 'reason'> & {
  watch_url?: string | null;
  /** Minutes (a series' typical episode); unknown or left out: the default length. */
  runtime?: number | null;
};

export interface CalendarEventRequest {
  recommendation: CalendarRecommendation;
  /** YYYY-MM-DD and HH:MM on the wall clock of `timezone` (an IANA name). */
  date: string;
  time: string;
  timezone: string;
  /** The same key always names the same event, so a retried insert cannot add a second one. */
  idempotencyKey?: string;
}

export interface AddedEvent {
  event_id: string;
  /** Google's link to the event; null when the event already existed (idempotent retry). */
  event_link: string | null;
}

/** The first line of the event's description: the title, its year and where it streams, as known. */
function heading(locale: Locale, r: CalendarRecommendation): string {
  const values = { title: r.movie_title, year: String(r.year), platform: r.platform ?? '' };
  if (r.year > 0) return translate(locale, r.platform ? 'server-calendar.event.headingYearPlatform' : 'server-calendar.event.headingYear', values);
  return r.platform ? translate(locale, 'server-calendar.event.headingPlatform', values) : r.movie_title;
}

export function buildCalendarEvent(appUrl: string, req: CalendarEventRequest, locale: Locale = DEFAULT_LOCALE): NewCalendarEvent {
  const r = req.recommendation;
  const start = zonedInstant(req.date, req.time, req.timezone);
  const end = new Date(start.getTime() + eventMinutes(r.runtime) * 60_000);
  const link = `${appUrl}/app/dashboard`;
  const description = [
    heading(locale, r),
    r.movie_description,
    r.reason ? translate(locale, 'server-calendar.event.why', { reason: r.reason }) : '',
    r.watch_url ? translate(locale, 'server-calendar.event.where', { url: r.watch_url }) : '',
    translate(locale, 'server-calendar.event.open', { url: link }),
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    summary: r.movie_title,
    description,
    ...(r.platform ? { location: r.platform } : {}),
    start: { dateTime: rfc3339InZone(start, req.timezone), timeZone: req.timezone },
    end: { dateTime: rfc3339InZone(end, req.timezone), timeZone: req.timezone },
    source: { title: "Tonight's Pick", url: link },
    // A film night should not make the user look busy to colleagues.
    transparency: 'transparent',
  };
}

/** base32hex (0-9a-v) as Google requires for client ids; hex is a subset. */
const eventIdFor = (userId: string, key: string) => createHash('sha256').update(`${userId}\n${key}`).digest('hex').slice(0, 40);

async function accessTokenFor(ctx: AppContext, user: UserRow, sealed: string): Promise<string> {
  const client = requireGoogle(ctx);
  const cipher = calendarCipher(ctx);
  let refreshToken: string;
  try {
    const opened = cipher.open(sealed, tokenAssociatedData(user.id));
    refreshToken = opened.plaintext;
    if (opened.stale) await replaceSealedToken(ctx.db, user.id, sealed, cipher.seal(refreshToken, tokenAssociatedData(user.id)));
  } catch (err) {
    if (!(err instanceof TokenCipherError)) throw err;
    // A missing key is an operator problem, not the user's: keep the token, say it is temporary.
    ctx.logger.error({ err, userId: user.id }, 'calendar token could not be opened');
    throw serviceUnavailable(CALENDAR_TEXTS.unavailable);
  }
  try {
    return (await refreshAccessToken(ctx.config.google.tokenUrl, client, refreshToken)).accessToken;
  } catch (err) {
    if (err instanceof GoogleOAuthError && err.error === 'invalid_grant') {
      ctx.logger.info({ userId: user.id }, 'google refused the refresh token; calendar needs reconnecting');
      await markNeedsReconnect(ctx.db, user.id, sealed, ctx.clock.now());
      throw reconnectRequired();
    }
    ctx.logger.error({ err }, 'google token refresh failed');
    throw upstreamFailed();
  }
}

/**
 * Adds a 2-hour event for this recommendation to the user's primary Google Calendar.
 * 403 when the plan or the connection does not allow it, 409 when the user must reconnect,
 * 502/503 when Google or the server's key cannot be used. Never a 500 for Google's answers.
 */
export async function addRecommendationToCalendar(ctx: AppContext, user: UserRow, req: CalendarEventRequest): Promise<AddedEvent> {
  requireGoogle(ctx);
  requireLifetime(user);
  const sealed = user.calendar_refresh_token;
  if (sealed === null) {
    if (user.calendar_needs_reconnect) throw reconnectRequired();
    throw forbidden(CALENDAR_TEXTS.notConnected);
  }
  if (req.date < localToday(ctx.clock.now(), req.timezone)) {
    throw fieldError('date', { key: 'server-errors.calendar.datePast' });
  }
  const event = buildCalendarEvent(ctx.config.appUrl, req, userLocale(user));
  if (req.idempotencyKey) event.id = eventIdFor(user.id, req.idempotencyKey);

  const accessToken = await accessTokenFor(ctx, user, sealed);
  try {
    const created = await insertEvent(ctx.config.google.calendarUrl, accessToken, event);
    return { event_id: created.id, event_link: created.htmlLink };
  } catch (err) {
    if (err instanceof GoogleCalendarError && err.status === 409 && event.id) return { event_id: event.id, event_link: null };
    ctx.logger.error({ err }, 'google calendar event insert failed');
    throw upstreamFailed();
  }
}
