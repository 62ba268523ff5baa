// The free plan's week (docs/product-decisions.md): Monday 00:00 to the next Monday 00:00 on the user's own
// wall clock. The quota counter is keyed by the local date of that Monday, so a user who changes
// timezone mid-week keeps the same counter instead of getting a fresh one.
import { addDays, isoDate, localDateTime, usableTimezone, zonedTimeToUtc } from '../../time/zoned-time.js';

export interface WeeklyWindow {
  /** Local Monday, YYYY-MM-DD: the key of the quota counter. */
  weekStart: string;
  /** The instant the week began (Monday 00:00 local). */
  start: Date;
  /** The instant the next week begins (the following Monday 00:00 local). */
  end: Date;
}

// A zone's window holds for every instant inside it, so the last one per zone is reused
// (Intl formatting is the costly part of a quota check).
const lastWindow = new Map<string, WeeklyWindow>();

export function weeklyWindow(now: Date, timeZone: string | null | undefined): WeeklyWindow {
  const tz = usableTimezone(timeZone);
  const cached = lastWindow.get(tz);
  if (cached && cached.start.getTime() <= now.getTime() && now.getTime() < cached.end.getTime()) return cached;
  const window = computeWindow(now, tz);
  lastWindow.set(tz, window);
  return window;
}

function computeWindow(now: Date, tz: string): WeeklyWindow {
  const local = localDateTime(now, tz);
  const monday = addDays(local, 1 - local.weekday);
  const nextMonday = addDays(monday, 7);
  return {
    weekStart: isoDate(monday.year, monday.month, monday.day),
    start: zonedTimeToUtc(monday, tz),
    end: zonedTimeToUtc(nextMonday, tz),
  };
}
