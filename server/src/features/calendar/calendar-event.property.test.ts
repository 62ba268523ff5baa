// The Google Calendar event is built from the request's date, time and zone and the pick's texts:
// for anything the request schema lets through it must end quickly with an event whose start and
// end are RFC 3339 times two hours apart, as Google's API requires.
import { ScheduleRequest } from '@app/shared';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { startWatchdog, withDeadline } from '../../../test/support/deadline.js';
import { buildCalendarEvent } from './calendar.events.js';

const HANG_MS = 10_000;
const ZONES = Intl.supportedValuesOf('timeZone');
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
const text = fc.string({ unit: 'grapheme', maxLength: 200 });
const dayOf = (min: string, max: string) => fc.date({ min: new Date(min), max: new Date(max), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
/** Dates as the request schema accepts them (any real YYYY-MM-DD), and the near future. */
const date = fc.oneof(dayOf('2020-01-01T00:00:00Z', '9999-12-31T00:00:00Z'), dayOf('2024-01-01T00:00:00Z', '2110-12-31T00:00:00Z'));
const time = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

describe('buildCalendarEvent, for any schema-valid request', () => {
  beforeAll(startWatchdog);

  it('starts and ends at RFC 3339 times in the asked zone, two hours apart', () => {
    fc.assert(
      fc.property(date, time, fc.constantFrom(...ZONES), text, text, text, fc.option(text), (d, t, timezone, title, description, reason, platform) => {
        if (!ScheduleRequest.safeParse({ recommendation_id: 'r1', date: d, time: t, timezone }).success) return; // a 400 before the event
        const recommendation = { id: 'r1', movie_title: title, year: 2001, platform, movie_description: description, reason };
        const event = withDeadline(HANG_MS, 'buildCalendarEvent', () => buildCalendarEvent('https://tp.example', { recommendation, date: d, time: t, timezone }));
        expect(event.start.dateTime).toMatch(RFC3339);
        expect(event.end.dateTime).toMatch(RFC3339);
        expect(event.start.timeZone).toBe(timezone);
        expect(Date.parse(event.end.dateTime) - Date.parse(event.start.dateTime)).toBe(2 * 3_600_000);
      }),
      // The last evening the schema accepts, in zones behind and ahead of UTC.
      { numRuns: 300, examples: [['9999-12-31', '23:00', 'UTC', 'a', 'b', 'c', null], ['9999-12-30', '23:59', 'Etc/GMT+12', 'a', 'b', 'c', null], ['9999-12-31', '10:00', 'Pacific/Kiritimati', 'a', 'b', 'c', null]] },
    );
  });
});
