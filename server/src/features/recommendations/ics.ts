// The .ics download: one event as long as the title (shared eventMinutes) at a wall-clock time in
// the user's chosen timezone. The event is written in UTC, which every calendar shows at the right
// local time. Its words are in the user's language (shared/locales/server-calendar).
import { createEvent } from 'ics';
import { DEFAULT_LOCALE, eventMinutes, type Locale } from '@app/shared';
import { fieldError } from '../../http/errors.js';
import { localToday, zonedInstant } from '../../time/zoned-time.js';
import { translate } from '../../i18n/messages.js';

export interface IcsEvent {
  uid: string;
  title: string;
  year: number;
  platform: string | null;
  description: string;
  reason: string;
  start: Date;
  /** The title's runtime in minutes (a series' typical episode); null when unknown. */
  runtime: number | null;
  appUrl: string;
  now: Date;
  /** The language of the event's words (userLocale); English when not given. */
  locale?: Locale;
}

/** The instant of date + time in timeZone; a date already past there is a 400. */
export function scheduledStart(date: string, time: string, timeZone: string, now: Date): Date {
  if (date < localToday(now, timeZone)) throw fieldError('date', { key: 'server-errors.calendar.datePast' });
  return zonedInstant(date, time, timeZone);
}

export function icsFilename(title: string, date: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `tonights-pick-${slug || 'recommendation'}-${date}.ics`;
}

export function buildIcs(e: IcsEvent): string {
  const link = `${e.appUrl}/app/dashboard`;
  const locale = e.locale ?? DEFAULT_LOCALE;
  const values = { title: e.title, year: String(e.year), platform: e.platform ?? '', reason: e.reason, url: link };
  const description = [
    translate(locale, e.platform ? 'server-calendar.ics.headingPlatform' : 'server-calendar.ics.headingUnknown', values),
    e.description,
    translate(locale, 'server-calendar.ics.why', values),
    translate(locale, 'server-calendar.ics.open', values),
  ].join('\n\n');
  const { error, value } = createEvent({
    uid: `${e.uid}@tonights-pick`,
    productId: "tonights-pick/ics",
    title: translate(locale, 'server-calendar.ics.title', values),
    description,
    location: e.platform ?? undefined,
    url: link,
    start: e.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: e.start.getTime() + eventMinutes(e.runtime) * 60_000,
    endInputType: 'utc',
    endOutputType: 'utc',
    created: e.now.getTime(),
    status: 'CONFIRMED',
    busyStatus: 'FREE',
  });
  if (error || !value) throw error ?? new Error('ics produced no output');
  return value;
}
