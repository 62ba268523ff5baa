// Every quota check computes the user's week from the stored timezone: for any zone (legacy or
// unknown ones included) and any instant it must end quickly with a week that holds the instant.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { startWatchdog, withDeadline } from '../../../test/support/deadline.js';
import { localDateTime, usableTimezone } from '../../time/zoned-time.js';
import { weeklyWindow } from './weekly-window.js';

const HANG_MS = 10_000;
const ZONES = Intl.supportedValuesOf('timeZone');

describe('weeklyWindow, for any zone and instant', () => {
  beforeAll(startWatchdog);

  it('holds the instant, starts on a Monday at midnight local time and lasts about a week', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 7_258_118_400_000 }).map((ms) => new Date(ms)),
        fc.oneof(fc.constantFrom(...ZONES), fc.string({ maxLength: 64 }), fc.constant(null)),
        (now, tz) => {
          const w = withDeadline(HANG_MS, 'weeklyWindow', () => weeklyWindow(now, tz));
          expect(w.start.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(now.getTime()).toBeLessThan(w.end.getTime());
          // 7 days, give or take a DST shift or a skipped day (Samoa, 2011).
          expect(Math.abs(w.end.getTime() - w.start.getTime() - 7 * 86_400_000)).toBeLessThanOrEqual(86_400_000);
          const start = localDateTime(w.start, usableTimezone(tz));
          expect(start.weekday).toBe(1);
          expect(start.hour * 60 + start.minute).toBeLessThanOrEqual(60); // 00:00, or 01:00 where DST skipped midnight
          expect(w.weekStart).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        },
      ),
      { numRuns: 500 },
    );
  });
});
