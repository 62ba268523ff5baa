// The next delivery instant is what the scheduler's index is ordered by: for every IANA zone, any
// schedule and any instant (DST changes included), it must be the very slot the scheduler's own
// definition of "due" (jobs/schedule.ts, dueSlot) would send next, and never one too early or late.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dueSlot } from '../jobs/schedule.js';
import { deliveryDays, nextDeliveryAt, type SlotFields } from './delivery-slots.js';
import { localDateTime } from './zoned-time.js';

const ZONES = [...Intl.supportedValuesOf('timeZone'), 'UTC'];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Instants where some zone's UTC offset changes in 2026-2027: where a wrong next slot would hide. */
function offsetChanges(zone: string): Date[] {
  const out: Date[] = [];
  const offset = (ms: number) => {
    const l = localDateTime(new Date(ms), zone);
    return Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute) - Math.floor(ms / 60_000) * 60_000;
  };
  const start = Date.UTC(2026, 0, 1);
  for (let ms = start; ms < start + 730 * DAY && out.length < 8; ms += DAY) {
    if (offset(ms) !== offset(ms + DAY)) out.push(new Date(ms));
  }
  return out;
}

const schedule = fc.record({
  days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
  hour: fc.integer({ min: 0, max: 23 }),
  minute: fc.constantFrom(0, 1, 15, 30, 45, 59),
});

function fieldsOf(s: { days: number[]; hour: number; minute: number }, timezone: string, createdAt = '2020-01-01T00:00:00.000Z'): SlotFields {
  const time = `${String(s.hour).padStart(2, '0')}:${String(s.minute).padStart(2, '0')}`;
  return { selected_days: JSON.stringify(s.days), recommendation_frequency: null, recommendation_day: null, recommendation_time: time, timezone, created_at: createdAt };
}

/** The next slot as the scheduler would find it: the first minute after `after` at which dueSlot gives a new slot. */
function nextByScanning(u: SlotFields, after: Date): number | null {
  const first = Math.floor(after.getTime() / 60_000) * 60_000 + 60_000;
  const before = dueSlot(u, after)?.dueAt.getTime();
  for (let ms = first; ms <= first + 9 * DAY; ms += 60_000) {
    const slot = dueSlot(u, new Date(ms));
    if (slot && slot.dueAt.getTime() !== before && slot.dueAt.getTime() > after.getTime()) return slot.dueAt.getTime();
  }
  return null;
}

function check(u: SlotFields, after: Date): void {
  const next = nextDeliveryAt(u, after);
  expect(next, `${u.timezone} ${u.recommendation_time} ${u.selected_days} after ${after.toISOString()}`).not.toBeNull();
  const at = next!.getTime();
  expect(at).toBeGreaterThan(after.getTime());
  // Due from that instant on, as that very slot, and not a moment before.
  expect(dueSlot(u, next!)?.dueAt.getTime()).toBe(at);
  expect(dueSlot(u, new Date(at - 1))?.dueAt.getTime()).not.toBe(at);
  // On a chosen day of the zone's calendar.
  expect(deliveryDays(u)).toContain(localDateTime(next!, u.timezone).weekday);
}

describe('nextDeliveryAt', () => {
  it('is, in every IANA zone, the slot dueSlot delivers next (around every offset change of 2026-2027 too)', () => {
    const rng = fc.sample(fc.tuple(schedule, fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 0, 1) })), ZONES.length * 3);
    let n = 0;
    for (const zone of ZONES) {
      for (let i = 0; i < 3; i++) {
        const [s, ms] = rng[n++];
        check(fieldsOf(s, zone), new Date(ms));
      }
      // Around each offset change: the hours before and after, at the schedule's own wall time too.
      for (const change of offsetChanges(zone)) {
        for (const hour of [0, 1, 2, 3, 12, 23]) {
          const s = { days: [1, 2, 3, 4, 5, 6, 7], hour, minute: 30 };
          for (const d of [-DAY, -2 * HOUR, 0, 2 * HOUR, DAY]) check(fieldsOf(s, zone), new Date(change.getTime() + d));
        }
      }
    }
  });

  it('agrees with a minute-by-minute scan of dueSlot, for any schedule, zone and instant', () => {
    fc.assert(
      fc.property(schedule, fc.constantFrom(...ZONES), fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 0, 1) }), (s, zone, ms) => {
        const u = fieldsOf(s, zone);
        expect(nextDeliveryAt(u, new Date(ms))?.getTime()).toBe(nextByScanning(u, new Date(ms)));
      }),
      { numRuns: 25 },
    );
  });

  it('never names a slot from before the account existed, and is null without a day', () => {
    fc.assert(
      fc.property(schedule, fc.constantFrom(...ZONES), fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) }), fc.integer({ min: 0, max: 20 * DAY }), (s, zone, ms, ahead) => {
        const created = new Date(ms + ahead);
        const next = nextDeliveryAt(fieldsOf(s, zone, created.toISOString()), new Date(ms));
        expect(next!.getTime()).toBeGreaterThanOrEqual(created.getTime());
      }),
      { numRuns: 200 },
    );
    expect(nextDeliveryAt({ ...fieldsOf({ days: [1], hour: 19, minute: 0 }, 'UTC'), selected_days: '[]', recommendation_day: 9 }, new Date())).toBeNull();
  });
});
