// When a user's scheduled recommendation is due: pure functions of the user's schedule and an
// instant. Wall-clock times are resolved in the user's zone on the day itself, so 19:00 in New
// York is 19:00 local on both sides of a DST change.
import { isoDate, localDateTime, usableTimezone, zonedTimeToUtc } from '../time/zoned-time.js';
import { deliveryDays, deliveryTime, type SlotFields } from '../time/delivery-slots.js';

export { deliveryDays, deliveryTime, nextDeliveryAt } from '../time/delivery-slots.js';
export type ScheduleFields = SlotFields;

export interface DueSlot {
  /** YYYY-MM-DD on the user's wall calendar. */
  localDate: string;
  dueAt: Date;
  timeZone: string;
  time: string;
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
