import { describe, expect, it } from 'vitest';
import { TIMEZONE_CHOICES } from './constants.js';
import { eventMinutes, featuredZoneName, filterTimezones, googleCalendarUrl, prefillSchedule, timezoneOptions, zonedToUtc } from './schedule.js';

const WEEKDAYS = [1, 2, 3, 4, 5];

describe('prefillSchedule', () => {
  const at = (now: string, timezone: string, days = WEEKDAYS, time = '19:00') => prefillSchedule({ now: new Date(now), timezone, time, days });

  it("is today at the profile's time when it is still ahead today in the profile zone", () => {
    // Wednesday 2026-11-25 17:00 UTC = 18:00 in Berlin: 19:00 is still ahead.
    expect(at('2026-11-25T17:00:00Z', 'Europe/Berlin')).toEqual({ date: '2026-11-25', time: '19:00' });
  });

  it('is tonight at the next quarter hour at least 15 minutes away once the time has passed, until 22:30', () => {
    // 18:30 UTC = 19:30 in Berlin: 19:45 tonight.
    expect(at('2026-11-25T18:30:00Z', 'Europe/Berlin')).toEqual({ date: '2026-11-25', time: '19:45' });
    // 21:16 in Berlin: 21:45 (21:31 is not on a quarter hour).
    expect(at('2026-11-25T20:16:00Z', 'Europe/Berlin')).toEqual({ date: '2026-11-25', time: '21:45' });
    // Exactly at the time counts as passed: a quarter of an hour later.
    expect(at('2026-11-25T19:00:00Z', 'UTC')).toEqual({ date: '2026-11-25', time: '19:15' });
    // 22:15 still offers 22:30; 22:16 no longer does.
    expect(at('2026-11-25T22:15:00Z', 'UTC')).toEqual({ date: '2026-11-25', time: '22:30' });
    expect(at('2026-11-25T22:16:00Z', 'UTC')).toEqual({ date: '2026-11-26', time: '19:00' });
    // A late profile time still ahead is kept; once passed, tomorrow at it.
    expect(at('2026-11-25T22:40:00Z', 'UTC', WEEKDAYS, '23:30')).toEqual({ date: '2026-11-25', time: '23:30' });
    expect(at('2026-11-25T23:31:00Z', 'UTC', WEEKDAYS, '23:30')).toEqual({ date: '2026-11-26', time: '23:30' });
  });

  it('is the next selected day at the profile time when tonight is too late', () => {
    // Friday 23:00 in Berlin: the weekend is not selected, so Monday.
    expect(at('2026-11-27T22:00:00Z', 'Europe/Berlin')).toEqual({ date: '2026-11-30', time: '19:00' });
    // Only Sundays, asked on a Sunday at 23:00: a week later.
    expect(at('2026-11-29T23:00:00Z', 'UTC', [7])).toEqual({ date: '2026-12-06', time: '19:00' });
  });

  it('reads the day and the hour in the profile zone, not in UTC', () => {
    // 2026-11-25 23:30 UTC is already Thursday 08:30 in Tokyo: 19:00 is ahead there, on Thursday.
    expect(at('2026-11-25T23:30:00Z', 'Asia/Tokyo').date).toBe('2026-11-26');
    // The same instant is Wednesday 15:30 in Los Angeles: today.
    expect(at('2026-11-25T23:30:00Z', 'America/Los_Angeles').date).toBe('2026-11-25');
  });

  it('skips today when today is not a selected day, even with the time ahead', () => {
    // Saturday 2026-11-28 10:00 in London, Saturday not selected: Monday.
    expect(at('2026-11-28T10:00:00Z', 'Europe/London')).toEqual({ date: '2026-11-30', time: '19:00' });
  });
});

describe('eventMinutes', () => {
  it("is the runtime rounded up to the quarter hour, 2 hours when it is unknown", () => {
    expect(eventMinutes(116)).toBe(120);
    expect(eventMinutes(45)).toBe(45);
    expect(eventMinutes(22)).toBe(30);
    expect(eventMinutes(169)).toBe(180);
    expect(eventMinutes(null)).toBe(120);
    expect(eventMinutes(0)).toBe(120);
  });
});

describe('googleCalendarUrl', () => {
  const parse = (url: string) => {
    const u = new URL(url);
    const [start, end] = u.searchParams.get('dates')!.split('/');
    const iso = (s: string) => new Date(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`);
    return { u, start: iso(start), end: iso(end), raw: u.searchParams.get('dates')! };
  };
  const wallClock = (d: Date, timeZone: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d).replace(',', '');

  it("is Google's event template with an event of the given length in UTC at the chosen local time", () => {
    const { u, start, end, raw } = parse(googleCalendarUrl({ title: "Tonight's Pick: Arrival", details: 'Why: you liked Interstellar', location: 'Netflix', date: '2026-12-01', time: '19:00', timezone: 'Europe/Berlin', minutes: 120 }));
    expect(`${u.origin}${u.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(u.searchParams.get('action')).toBe('TEMPLATE');
    expect(u.searchParams.get('text')).toBe("Tonight's Pick: Arrival");
    expect(u.searchParams.get('details')).toBe('Why: you liked Interstellar');
    expect(u.searchParams.get('location')).toBe('Netflix');
    expect(raw).toMatch(/^\d{8}T\d{6}Z\/\d{8}T\d{6}Z$/);
    expect(start.toISOString()).toBe('2026-12-01T18:00:00.000Z');
    expect(end.getTime() - start.getTime()).toBe(2 * 3_600_000);
  });

  it('keeps the wall-clock time on both sides of a DST change, in every featured zone', () => {
    // New York: 8 March 2026 is the spring change, 1 November the autumn one; Sydney changes in April and October.
    for (const date of ['2026-03-07', '2026-03-09', '2026-10-31', '2026-11-02', '2026-04-06', '2026-10-05', '2026-06-21']) {
      for (const { value: timezone } of TIMEZONE_CHOICES) {
        const { start } = parse(googleCalendarUrl({ title: 't', details: 'd', date, time: '20:30', timezone, minutes: 120 }));
        expect(wallClock(start, timezone), `${date} ${timezone}`).toBe(`${date} 20:30`);
      }
    }
    expect(zonedToUtc('2026-03-09', '19:00', 'America/New_York').toISOString()).toBe('2026-03-09T23:00:00.000Z');
    expect(zonedToUtc('2026-03-07', '19:00', 'America/New_York').toISOString()).toBe('2026-03-08T00:00:00.000Z');
  });

  it('leaves the location out when the platform is unknown', () => {
    expect(new URL(googleCalendarUrl({ title: 't', details: 'd', location: null, date: '2026-12-01', time: '19:00', timezone: 'UTC', minutes: 120 })).searchParams.has('location')).toBe(false);
  });
});

describe('timezone list', () => {
  it("is every IANA zone the browser knows, the 12 featured zones first", () => {
    const all = timezoneOptions();
    expect(all.slice(0, 12).map((o) => o.value)).toEqual(TIMEZONE_CHOICES.map((t) => t.value));
    const values = new Set(all.map((o) => o.value));
    for (const z of ['Europe/Berlin', 'America/Sao_Paulo', 'Pacific/Auckland', 'Africa/Nairobi']) expect(values.has(z), z).toBe(true);
    expect(all.length).toBeGreaterThan(300);
    expect(values.size).toBe(all.length);
  });

  it('finds zones by city or region, ignoring case, underscores and slashes', () => {
    expect(filterTimezones('berlin').map((o) => o.value)).toEqual(['Europe/Berlin']);
    expect(filterTimezones('new york').map((o) => o.value)).toContain('America/New_York');
    expect(filterTimezones('Europe/Par').map((o) => o.value)).toContain('Europe/Paris');
    expect(filterTimezones('KOLKATA')[0].value).toBe('Asia/Kolkata');
    expect(filterTimezones('no such place')).toEqual([]);
    expect(filterTimezones('   ')).toHaveLength(timezoneOptions().length);
  });

  it('lists each featured zone once, without the older name this runtime may list beside it', () => {
    // Node 20 and Chromium list Asia/Calcutta (not Asia/Kolkata): the user would see Kolkata twice.
    const values = timezoneOptions().map((o) => o.value);
    expect(values).not.toContain('Asia/Calcutta');
    // Whatever this runtime lists: no option but the featured one is the same zone as a featured zone.
    const canonical = (tz: string) => new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
    const featured = new Map(TIMEZONE_CHOICES.map((t) => [canonical(t.value), t.value]));
    const doubles = values.filter((v) => featured.has(canonical(v)) && featured.get(canonical(v)) !== v);
    expect(doubles).toEqual([]);
  });

  it('finds a featured zone by its older name, and reads a stored older name as the featured zone', () => {
    expect(filterTimezones('calcutta').map((o) => o.value)).toEqual(['Asia/Kolkata']);
    expect(featuredZoneName('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(featuredZoneName('US/Pacific')).toBe('America/Los_Angeles');
    expect(featuredZoneName('Europe/Berlin')).toBe('Europe/Berlin');
    expect(featuredZoneName('toString')).toBe('toString');
  });
});
