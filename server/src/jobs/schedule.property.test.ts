// The schedule is read from what users saved (days, time, timezone), legacy rows included, and
// every scheduler tick runs it for every user: for any stored values and any instant it must end
// quickly with a well-formed answer, never throw.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { startWatchdog, withDeadline } from '../../test/support/deadline.js';
import { localDateTime, rfc3339InZone, zonedInstant, zonedTimeToUtc } from '../time/zoned-time.js';
import { deliveryDays, deliveryTime, dueSlot, possibleLocalDates } from './schedule.js';

const HANG_MS = 10_000;
const ZONES = Intl.supportedValuesOf('timeZone');
const zone = fc.oneof({ arbitrary: fc.constantFrom(...ZONES, 'UTC'), weight: 4 }, { arbitrary: fc.string({ maxLength: 64 }), weight: 1 });
/** Any instant from 1970 to 2200 (the scheduler's clock). */
const instant = fc.integer({ min: 0, max: 7_258_118_400_000 }).map((ms) => new Date(ms));
const day = fc.oneof(fc.integer({ min: -3, max: 10 }), fc.double(), fc.string({ maxLength: 3 }), fc.constant(null));
const selectedDays = fc.oneof(
  fc.array(day, { maxLength: 2_000 }).map((d) => JSON.stringify(d)),
  fc.string({ maxLength: 40 }),
  fc.constantFrom('[]', '{}', 'null', '[1,1,1,1]', '"1"'),
);
const fields = fc.record({
  selected_days: selectedDays,
  recommendation_frequency: fc.option(fc.oneof(fc.constantFrom('daily', 'weekdays', 'weekly', ' Daily '), fc.string({ maxLength: 12 }))),
  recommendation_day: fc.option(fc.integer({ min: -10, max: 10 })),
  recommendation_time: fc.oneof(fc.constantFrom('00:00', '23:59', '19:00', '24:00', '7pm'), fc.string({ maxLength: 6 })),
  timezone: zone,
  created_at: fc.oneof(instant.map((d) => d.toISOString()), fc.string({ maxLength: 10 })),
});

const isoDateRe = /^\d{4}-\d{2}-\d{2}$/;

describe('the schedule, for any stored values and instant', () => {
  beforeAll(startWatchdog);

  it('deliveryDays is a sorted set of days 1-7 and deliveryTime is HH:MM', () => {
    fc.assert(
      fc.property(fields, (u) => {
        const days = withDeadline(HANG_MS, 'deliveryDays', () => deliveryDays(u));
        expect(days).toEqual([...new Set(days)].sort((a, b) => a - b));
        for (const d of days) expect(d >= 1 && d <= 7 && Number.isInteger(d)).toBe(true);
        expect(deliveryTime(u)).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      }),
      { numRuns: 500 },
    );
  });

  it('dueSlot is null or a slot due at or before now, on a selected day, in a usable zone', () => {
    fc.assert(
      fc.property(fields, instant, (u, now) => {
        const slot = withDeadline(HANG_MS, 'dueSlot', () => dueSlot(u, now));
        if (!slot) return;
        expect(slot.dueAt.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(slot.localDate).toMatch(isoDateRe);
        expect(possibleLocalDates(now)).toContain(slot.localDate);
        expect(deliveryDays(u)).toContain(localDateTime(now, slot.timeZone).weekday);
        expect(slot.time).toBe(deliveryTime(u));
      }),
      { numRuns: 500 },
    );
  });

  it('zonedTimeToUtc lands on the asked wall time, or just after it when a DST jump skipped it', () => {
    const wall = fc.record({
      year: fc.integer({ min: 1970, max: 2200 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
      hour: fc.integer({ min: 0, max: 23 }),
      minute: fc.integer({ min: 0, max: 59 }),
    });
    fc.assert(
      fc.property(wall, fc.constantFrom(...ZONES), (w, tz) => {
        const at = withDeadline(HANG_MS, 'zonedTimeToUtc', () => zonedTimeToUtc(w, tz));
        expect(Number.isFinite(at.getTime())).toBe(true);
        const back = localDateTime(at, tz);
        const asked = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
        const got = Date.UTC(back.year, back.month - 1, back.day, back.hour, back.minute);
        // Equal, or moved forward by a skipped stretch (at most a day: Samoa skipped 2011-12-30).
        expect(got - asked).toBeGreaterThanOrEqual(0);
        expect(got - asked).toBeLessThanOrEqual(86_400_000);
        expect(rfc3339InZone(at, tz)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
      }),
      { numRuns: 500 },
    );
  });

  it('zonedInstant accepts every date and time the request schema lets through', () => {
    const date = fc.date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    const time = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    fc.assert(
      fc.property(date, time, fc.constantFrom(...ZONES), (d, t, tz) => {
        const at = withDeadline(HANG_MS, 'zonedInstant', () => zonedInstant(d, t, tz));
        expect(Number.isFinite(at.getTime())).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
