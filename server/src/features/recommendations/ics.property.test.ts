// The .ics download takes a date, a time and a timezone from the request and a title, description
// and reason from the catalog and the engine: for anything the request schema lets through it must
// answer quickly with a calendar file or a 400, never a 500 or a hang. Rating links arrive from
// anyone's mail client: any text must come back as a verdict, never an exception.
import { ScheduleRequest } from '@app/shared';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { startWatchdog, withDeadline } from '../../../test/support/deadline.js';
import { HttpError } from '../../http/errors.js';
import { buildIcs, icsFilename, scheduledStart } from './ics.js';
import { signRatingToken, verifyRatingToken } from './rating-link.js';

const HANG_MS = 10_000;
const ZONES = Intl.supportedValuesOf('timeZone');
const text = fc.string({ unit: 'grapheme', maxLength: 300 });
const now = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });
/** Dates as the request schema accepts them: any real YYYY-MM-DD. */
const dayOf = (min: string, max: string) => fc.date({ min: new Date(min), max: new Date(max), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const date = fc.oneof(dayOf('0000-01-01T00:00:00Z', '9999-12-31T00:00:00Z'), dayOf('2020-01-01T00:00:00Z', '2110-12-31T00:00:00Z'));
const time = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

describe('the .ics download, for any request the schema accepts', () => {
  beforeAll(startWatchdog);

  it('is a calendar file, or a 400 for a past date', () => {
    fc.assert(
      fc.property(date, time, fc.constantFrom(...ZONES), now, text, text, text, fc.option(text), (d, t, tz, at, title, description, reason, platform) => {
        const req = ScheduleRequest.safeParse({ recommendation_id: 'r1', date: d, time: t, timezone: tz });
        if (!req.success) return; // the route answers 400 before reaching the file
        let start: Date;
        try {
          start = withDeadline(HANG_MS, 'scheduledStart', () => scheduledStart(d, t, tz, at));
        } catch (err) {
          expect(err).toBeInstanceOf(HttpError);
          expect((err as HttpError).status).toBe(400);
          return;
        }
        const body = withDeadline(HANG_MS, 'buildIcs', () =>
          buildIcs({ uid: 'r1', title, year: 2000, platform, description, reason, start, runtime: null, appUrl: 'https://tp.example', now: at }),
        );
        expect(body).toMatch(/^BEGIN:VCALENDAR\r?\n/);
        expect(body).toContain('END:VEVENT');
        // RFC 5545 date-times: eight-digit dates (a year past 9999 cannot be written).
        for (const m of body.matchAll(/^DT(?:START|END|STAMP):(.*)$/gm)) expect(m[1].trim()).toMatch(/^\d{8}T\d{6}Z$/);
        expect(icsFilename(title, d)).toMatch(/^tonights-pick-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.ics$/);
      }),
      { numRuns: 300, examples: [['9999-12-31', '23:00', 'UTC', new Date('2026-01-01T00:00:00Z'), 'a', 'b', 'c', null], ['9999-12-30', '23:59', 'Etc/GMT+12', new Date('2026-01-01T00:00:00Z'), 'a', 'b', 'c', null]] },
    );
  });
});

describe('rating links, for any token text', () => {
  beforeAll(startWatchdog);

  it('are rejected unless we signed them, and ours round-trip', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 2_000 }), fc.stringMatching(/^[A-Za-z0-9_-]{1,200}\.[A-Za-z0-9_-]{43}$/)), now, (token, at) => {
        const check = withDeadline(HANG_MS, 'verifyRatingToken', () => verifyRatingToken('secret', token, at));
        expect(check.ok).toBe(false);
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), fc.string({ minLength: 1, maxLength: 64 }), now, (rec, user, at) => {
        expect(verifyRatingToken('secret', signRatingToken('secret', rec, user, 'like', at), at)).toEqual({ ok: true, recommendationId: rec, userId: user, rating: 'like' });
      }),
      { numRuns: 200 },
    );
  });
});
