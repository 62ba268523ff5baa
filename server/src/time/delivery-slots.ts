// A person's delivery slots as instants: which days (Monday = 1) and which wall-clock time, and the
// next slot after an instant. Pure; the scheduler (jobs/schedule.ts) and the users' repository,
// which keeps each user's next slot in delivery_schedule, share it. A slot is resolved in the
// user's zone on its own day, so 19:00 in New York is 19:00 local on both sides of a DST change.
import { SCHEDULE_DEFAULTS } from '@app/shared';
import { addDays, localDateTime, usableTimezone, zonedTimeToUtc } from './zoned-time.js';

export interface SlotFields {
  selected_days: string;
  recommendation_frequency: string | null;
  recommendation_day: number | null;
  recommendation_time: string;
  timezone: string;
  created_at: string;
}

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];
const isDay = (d: unknown): d is number => Number.isInteger(d) && (d as number) >= 1 && (d as number) <= 7;

/**
 * Days 1-7 (Monday = 1). selected_days wins; rows from before it existed carry only the legacy
 * recommendation_frequency ('daily', 'weekdays', 'weekly') and recommendation_day (1-7, or 0 for
 * Sunday as JavaScript counts).
 */
export function deliveryDays(u: Pick<SlotFields, 'selected_days' | 'recommendation_frequency' | 'recommendation_day'>): number[] {
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
export function deliveryTime(u: Pick<SlotFields, 'recommendation_time'>): string {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(u.recommendation_time) ? u.recommendation_time : SCHEDULE_DEFAULTS.recommendationTime;
}

/**
 * The first slot strictly after `after` (and not before the account existed), or null when the
 * schedule has no day. Looks at the local date of `after` and the eight after it: every weekday
 * comes round within them, whatever the zone's offset or a DST change does to the local date.
 */
export function nextDeliveryAt(u: SlotFields, after: Date): Date | null {
  const days = deliveryDays(u);
  if (!days.length) return null;
  const timeZone = usableTimezone(u.timezone);
  const [hour, minute] = deliveryTime(u).split(':').map(Number);
  const created = Date.parse(u.created_at);
  const from = Number.isFinite(created) && created > after.getTime() ? new Date(created - 1) : after;
  const local = localDateTime(from, timeZone);
  for (let d = 0; d <= 8; d++) {
    const date = addDays(local, d);
    const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() || 7;
    if (!days.includes(weekday)) continue;
    const at = zonedTimeToUtc({ ...date, hour, minute }, timeZone);
    // A wall time a DST jump skips is taken just after the jump; when that is already the next
    // day (Nuuk's 23:30 on the night it springs forward) the day has no slot, as dueSlot says.
    if (localDateTime(at, timeZone).day !== date.day) continue;
    if (at.getTime() > from.getTime()) return at;
  }
  return null;
}
