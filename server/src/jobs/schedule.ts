// When a user's scheduled recommendation is due: pure functions of the user's schedule and an
// instant. Wall-clock times are resolved in the user's zone on the day itself, so 19:00 in New
// York is 19:00 local on both sides of a DST change.
import { SCHEDULE_DEFAULTS } from '@app/shared';
import { isoDate, localDateTime, usableTimezone, zonedTimeToUtc } from '../time/zoned-time.js';

export interface ScheduleFields {
  selected_days: string;
  recommendation_frequency: string | null;
  recommendation_day: number | null;
  recommendation_time: string;
  timezone: string;
  created_at: string;
}

export interface DueSlot {
  /** YYYY-MM-DD on the user's wall calendar. */
  localDate: string;
  dueAt: Date;
  timeZone: string;
  time: string;
}

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];
const isDay = (d: unknown): d is number => Number.isInteger(d) && (d as number) >= 1 && (d as number) <= 7;

/**
 * Days 1-7 (Monday = 1). selected_days wins; rows from before it existed carry only the legacy
 * recommendation_frequency ('daily', 'weekdays', 'weekly') and recommendation_day (1-7, or 0 for
 * Sunday as JavaScript counts).
 */
export function deliveryDays(u: Pick<ScheduleFields, 'selected_days' | 'recommendation_frequency' | 'recommendation_day'>): number[] {
  let selected: unknown = [];
  try {
    selected = JSON.parse(u.selected_days);
  } catch {
    /* legacy or broken: fall through */
  }
  const days = Array.isArray(selected) ? [...new Set(selected.filter(isDay))] : [];
  if (days.length) return days.sort((a, b) => a - b);
  const frequency = (u.recommendation_frequency ?? '').trim().toLowerCase();
  if (frequency === 'daily') return ALL_DAYS;
  if (frequency === 'weekdays') return [1, 2, 3, 4, 5];
  const day = u.recommendation_day === 0 ? 7 : u.recommendation_day;
  return isDay(day) ? [day] : [];
}

/** HH:MM, or the default for a stored value we cannot read. */
export function deliveryTime(u: Pick<ScheduleFields, 'recommendation_time'>): string {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(u.recommendation_time) ? u.recommendation_time : SCHEDULE_DEFAULTS.recommendationTime;
}

/**
 * Today's slot when it is due at `now`: today (in the user's zone) is a delivery day and its time
 * has passed. Only today counts: a slot missed on an earlier day is never delivered late. A slot
 * from before the account existed is not due either (no mail minutes after signing up).
 */
export function dueSlot(u: ScheduleFields, now: Date): DueSlot | null {
  const timeZone = usableTimezone(u.timezone);
  const local = localDateTime(now, timeZone);
  if (!deliveryDays(u).includes(local.weekday)) return null;
  const time = deliveryTime(u);
  const [hour, minute] = time.split(':').map(Number);
  const dueAt = zonedTimeToUtc({ year: local.year, month: local.month, day: local.day, hour, minute }, timeZone);
  if (dueAt.getTime() > now.getTime()) return null;
  const created = Date.parse(u.created_at);
  if (Number.isFinite(created) && dueAt.getTime() < created) return null;
  return { localDate: isoDate(local.year, local.month, local.day), dueAt, timeZone, time };
}

/** The local dates any zone can be on at `now` (UTC-12 to UTC+14): the day before, of and after. */
export function possibleLocalDates(now: Date): string[] {
  return [-1, 0, 1].map((d) => new Date(now.getTime() + d * 86_400_000).toISOString().slice(0, 10));
}
