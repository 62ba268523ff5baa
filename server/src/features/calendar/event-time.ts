// A wall-clock date and time in an IANA zone as RFC 3339 with the zone's offset, computed with
// Intl only. Google shows the event in `timeZone`; the offset makes the instant unambiguous.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock in timeZone at this instant, as a UTC timestamp of the same fields. */
function wallClockAt(instantMs: number, timeZone: string): number {
  const p: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instantMs))) p[part.type] = part.value;
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
}

const offsetAt = (instantMs: number, timeZone: string) => wallClockAt(instantMs, timeZone) - instantMs;

/**
 * The instant at which the wall clock in timeZone reads date + time. A time a DST jump skips
 * moves forward by the jump (02:30 -> 03:30); a repeated time takes its first occurrence.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const before = offsetAt(wall - 86_400_000, timeZone);
  const after = offsetAt(wall + 86_400_000, timeZone);
  const exact = [wall - before, wall - after].filter((t) => wallClockAt(t, timeZone) === wall);
  return new Date(exact.length ? Math.min(...exact) : wall - before);
}

/** 2024-03-10T19:00:00-04:00 */
export function rfc3339InZone(instant: Date, timeZone: string): string {
  const ms = Math.floor(instant.getTime() / 1000) * 1000;
  const offsetMinutes = Math.round(offsetAt(ms, timeZone) / 60_000);
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Today's date (YYYY-MM-DD) on the wall calendar of timeZone. */
export function localDate(now: Date, timeZone: string): string {
  return new Date(wallClockAt(now.getTime(), timeZone)).toISOString().slice(0, 10);
}
