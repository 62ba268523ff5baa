// The .ics download: one event as long as the title (shared eventMinutes) at a wall-clock time in
// the user's chosen timezone. The event is written in UTC, which every calendar shows at the right
// local time.
import { createEvent } from 'ics';
import { eventMinutes } from '@app/shared';
import { fieldError } from '../../http/errors.js';
import { localToday, zonedInstant } from '../../time/zoned-time.js';

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
}

/** The instant of date + time in timeZone; a date already past there is a 400. */
export function scheduledStart(date: string, time: string, timeZone: string, now: Date): Date {
  if (date < localToday(now, timeZone)) throw fieldError('date', 'The date cannot be in the past');
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
  const where = e.platform ? `Watch on ${e.platform}` : 'Availability unknown';
  const description = [`${e.title} (${e.year}) - ${where}`, e.description, `Why: ${e.reason}`, `Open Tonight's Pick: ${link}`].join('\n\n');
  const { error, value } = createEvent({
    uid: `${e.uid}@tonights-pick`,
    productId: "tonights-pick/ics",
    title: `Tonight's Pick: ${e.title}`,
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
