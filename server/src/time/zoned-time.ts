// Wall-clock time in an IANA timezone, computed with Intl only (no date library): the weekly
// quota window, schedules, .ics files and calendar events all need "this local time, as a UTC instant".

export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 1 = Monday ... 7 = Sunday */
  weekday: number;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimezone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** A stored timezone we cannot use (legacy data) falls back to UTC rather than failing. */
export function usableTimezone(timeZone: string | null | undefined): string {
  return timeZone && isValidTimezone(timeZone) ? timeZone : 'UTC';
}

export function localDateTime(instant: Date, timeZone: string): LocalDateTime {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday],
  };
}

/** Milliseconds the zone is ahead of UTC at this instant (+05:30 -> 19_800_000). */
function offsetAt(instant: number, timeZone: string): number {
  const l = localDateTime(new Date(instant), timeZone);
  const asUtc = Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which the wall clock in timeZone shows this date and time. A time skipped by a
 * DST jump resolves to the same offset shift forward (02:30 on a spring-forward night -> 03:30).
 * A repeated time (fall back) resolves to its first occurrence.
 */
export function zonedTimeToUtc(
  date: { year: number; month: number; day: number; hour?: number; minute?: number },
  timeZone: string,
): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, date.hour ?? 0, date.minute ?? 0);
  // Try the offsets in force a day either side: one of them is right unless the time was skipped.
  const candidates = [offsetAt(wall - 86_400_000, timeZone), offsetAt(wall + 86_400_000, timeZone)];
  const matches = candidates.map((o) => wall - o).filter((t) => wall - offsetAt(t, timeZone) === t);
  if (matches.length) return new Date(Math.min(...matches));
  // Skipped wall time: apply the offset from before the jump, which lands after it.
  return new Date(wall - candidates[0]);
}

/** YYYY-MM-DD of a calendar date (no timezone involved). */
export function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The calendar date that is `days` after the given one. */
export function addDays(date: { year: number; month: number; day: number }, days: number) {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Today's date in the zone, as YYYY-MM-DD. */
export function localToday(now: Date, timeZone: string): string {
  const l = localDateTime(now, timeZone);
  return isoDate(l.year, l.month, l.day);
}

/** The instant at which the wall clock in timeZone reads `date` (YYYY-MM-DD) at `time` (HH:MM). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return zonedTimeToUtc({ year, month, day, hour, minute }, timeZone);
}

/** RFC 3339 with the zone's offset at that instant, e.g. 2024-03-10T19:00:00-04:00. */
export function rfc3339InZone(instant: Date, timeZone: string): string {
  const ms = Math.floor(instant.getTime() / 1000) * 1000;
  const offsetMinutes = Math.round(offsetAt(ms, timeZone) / 60_000);
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
