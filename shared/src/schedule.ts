// Scheduling rules that the web app and the extension both run (docs/product-decisions.md,
// "Defaults and scheduling"): the dialog's first date and time, the timezone list and search, an
// event's length, and Google Calendar's event template link. Pure functions of their arguments;
// `now` is always passed in.
import { CALENDAR_EVENT_HOURS, TIMEZONE_CHOICES } from './constants.js';
import type { Recommendation } from './schemas/recommendations.js';
import { knownZone, zonedFormat } from './intl-cache.js';

const DATE_PARTS: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const CLOCK_PARTS: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const INSTANT_PARTS: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' };

/** Today's date (YYYY-MM-DD) in a timezone. */
export function todayIn(timezone: string, now = new Date()): string {
  return zonedFormat('date', 'en-CA', timezone, DATE_PARTS).format(now);
}

/** A zone this runtime's Intl knows (every IANA name, aliases included), else false. */
export function isKnownTimezone(tz: string | null | undefined): tz is string {
  return !!tz && tz.length <= 64 && knownZone(tz);
}

export interface TimezoneOption {
  value: string;
  label: string;
  /** Older names of the same zone, found by the search but never listed. */
  also?: readonly string[];
}

/**
 * Older names of the 12 featured zones (tzdata's "backward" links). Some runtimes list one of them
 * instead of, or beside, the featured name: Node 20 and Chromium list Asia/Calcutta and not
 * Asia/Kolkata, and report Asia/Calcutta as the browser's zone. The list shows the featured name
 * once; a stored older name means the featured zone.
 */
const LEGACY_NAMES: Readonly<Record<string, string>> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'US/Pacific': 'America/Los_Angeles',
  'US/Mountain': 'America/Denver',
  Navajo: 'America/Denver',
  'America/Shiprock': 'America/Denver',
  'US/Central': 'America/Chicago',
  'US/Eastern': 'America/New_York',
  GB: 'Europe/London',
  'GB-Eire': 'Europe/London',
  'Europe/Belfast': 'Europe/London',
  Singapore: 'Asia/Singapore',
  Japan: 'Asia/Tokyo',
  'Australia/ACT': 'Australia/Sydney',
  'Australia/Canberra': 'Australia/Sydney',
  'Australia/NSW': 'Australia/Sydney',
  'Etc/UTC': 'UTC',
  'Etc/UCT': 'UTC',
  UCT: 'UTC',
  'Etc/Universal': 'UTC',
  Universal: 'UTC',
  'Etc/Zulu': 'UTC',
  Zulu: 'UTC',
};

/** The featured name of a zone given by an older name (Asia/Calcutta: Asia/Kolkata); any other zone unchanged. */
export function featuredZoneName(tz: string): string {
  return Object.hasOwn(LEGACY_NAMES, tz) ? LEGACY_NAMES[tz] : tz;
}

const FEATURED: TimezoneOption[] = TIMEZONE_CHOICES.map((t) => ({
  value: t.value,
  label: t.value === t.label ? t.label : `${t.label} (${t.value})`,
  also: Object.keys(LEGACY_NAMES).filter((old) => LEGACY_NAMES[old] === t.value),
}));

function allZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
}

let cached: TimezoneOption[] | null = null;
/** The 12 featured zones (TIMEZONE_CHOICES; docs/product-decisions.md, "Defaults and scheduling") first, then every other IANA zone this runtime knows (older names of the 12 left out), A to Z. */
export function timezoneOptions(): TimezoneOption[] {
  if (cached) return cached;
  const featured = new Set(FEATURED.map((o) => o.value));
  const rest = allZones()
    .filter((z) => !featured.has(featuredZoneName(z)))
    .sort()
    .map((z) => ({ value: z, label: z.replaceAll('_', ' ') }));
  cached = [...FEATURED, ...rest];
  return cached;
}

const fold = (s: string) => s.toLowerCase().replace(/[_/()\-,.]+/g, ' ').trim();

/** Options whose name, city or older name contains every word typed ("new york", "berlin", "europe/ber", "calcutta"). */
export function filterTimezones(query: string, options = timezoneOptions()): TimezoneOption[] {
  const words = fold(query).split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return options;
  return options.filter((o) => {
    const hay = [o.label, o.value, ...(o.also ?? [])].map(fold).join(' ');
    return words.every((w) => hay.includes(w));
  });
}

/** ISO weekday (1 = Monday ... 7 = Sunday) of a YYYY-MM-DD date. */
function isoWeekday(date: string): number {
  const d = new Date(`${date}T12:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The wall-clock time (HH:MM) now in a timezone. */
function timeIn(timezone: string, now: Date): string {
  const parts = zonedFormat('clock', 'en-GB', timezone, CLOCK_PARTS).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return `${get('hour')}:${get('minute')}`;
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
const clockOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The latest start offered tonight once the profile's time has passed: a film then ends near midnight. */
const LAST_START_TONIGHT = '22:30';

/**
 * The start still possible tonight once the profile's time has passed: the next quarter hour at
 * least 15 minutes away (time to sit down), if that is no later than 22:30; else null.
 */
function laterTonight(clock: string): string | null {
  const start = Math.ceil((minutesOf(clock) + 15) / 15) * 15;
  return start <= minutesOf(LAST_START_TONIGHT) ? clockOf(start) : null;
}

/**
 * The schedule dialog's first date and time (docs/product-decisions.md): on a chosen day (or any
 * day, when none is chosen), today at the profile's time while it is still ahead, else today at a
 * later time still possible tonight (laterTonight); otherwise the next chosen day at the profile's
 * time (within a week; with no day selected, tomorrow).
 */
export function prefillSchedule(opts: { now: Date; timezone: string; time: string; days: number[] }): { date: string; time: string } {
  const today = todayIn(opts.timezone, opts.now);
  const days = new Set(opts.days);
  if (days.size === 0 || days.has(isoWeekday(today))) {
    const clock = timeIn(opts.timezone, opts.now);
    if (clock < opts.time) return { date: today, time: opts.time };
    const later = laterTonight(clock);
    if (later) return { date: today, time: later };
  }
  for (let i = 1; i <= 7; i++) {
    const d = addDays(today, i);
    if (days.size === 0 || days.has(isoWeekday(d))) return { date: d, time: opts.time };
  }
  return { date: addDays(today, 1), time: opts.time };
}

/**
 * A calendar event's length in minutes: the title's runtime (a series' is its typical episode),
 * rounded up to the quarter hour, or CALENDAR_EVENT_HOURS when the catalog does not know it.
 */
export function eventMinutes(runtime: number | null | undefined): number {
  if (!runtime || runtime <= 0) return CALENDAR_EVENT_HOURS * 60;
  return Math.ceil(Math.min(runtime, 24 * 60) / 15) * 15;
}

/** The UTC instant of a wall-clock date and time in a timezone (DST-correct to the minute). */
export function zonedToUtc(date: string, time: string, timezone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  // Two passes: the offset at the guess, then at the corrected instant (enough across a DST change).
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const parts = zonedFormat('instant', 'en-US', timezone, INSTANT_PARTS).formatToParts(new Date(guess));
    const n = (t: string) => Number(parts.find((p) => p.type === t)?.value);
    const shown = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
    guess += wall - shown;
  }
  return new Date(guess);
}

const googleStamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/**
 * Google Calendar's event template link (no OAuth: Google's own page asks the user to save it),
 * an event of `minutes` like the .ics file and the connected calendar.
 */
export function googleCalendarUrl(e: { title: string; details: string; location?: string | null; date: string; time: string; timezone: string; minutes: number }): string {
  const start = zonedToUtc(e.date, e.time, e.timezone);
  const end = new Date(start.getTime() + e.minutes * 60_000);
  const q = new URLSearchParams({ action: 'TEMPLATE', text: e.title, dates: `${googleStamp(start)}/${googleStamp(end)}`, details: e.details });
  if (e.location) q.set('location', e.location);
  return `https://calendar.google.com/calendar/render?${q.toString()}`;
}

/**
 * Google's event page for a pick, worded like the .ics file the server writes; `appUrl` is where
 * the event's "Open Tonight's Pick" line points (the web app's dashboard).
 */
export function pickCalendarUrl(rec: Recommendation, when: { date: string; time: string; timezone: string; appUrl: string }): string {
  const where = rec.platform ? `Watch on ${rec.platform}` : 'Availability unknown';
  const details = [`${rec.movie_title} (${rec.year}) - ${where}`, rec.movie_description, `Why: ${rec.reason}`, `Open Tonight's Pick: ${when.appUrl}`].join('\n\n');
  return googleCalendarUrl({ title: `Tonight's Pick: ${rec.movie_title}`, details, location: rec.platform, date: when.date, time: when.time, timezone: when.timezone, minutes: eventMinutes(rec.runtime) });
}

/** Said on the free plan where the connected calendar's button would be (docs/product-decisions.md). */
export const CALENDAR_LIFETIME_TEXT = 'Lifetime feature: picks added straight to your connected Google Calendar, and on your chosen days automatically.';
