import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ical from 'node-ical';
import { ErrorBody } from '@app/shared';
import { dialects } from './support/dialects.js';
import { rawRequest, startTestServer, TestClock, type TestServer } from './support/test-server.js';
import { failure, onboardedUser, type Onboarded } from './recommendations.helpers.js';

function onlyEvent(text: string): ical.VEvent {
  const events = Object.values(ical.sync.parseICS(text)).filter((c): c is ical.VEvent => c?.type === 'VEVENT');
  expect(events).toHaveLength(1);
  return events[0];
}

describe.each(dialects)('scheduling a recommendation on %s', (dialect) => {
  const clock = new TestClock(new Date('2025-06-11T12:00:00Z'));
  let server: TestServer;
  let u: Onboarded;
  let recId: string;
  let title: string;
  let runtime: number;
  beforeAll(async () => {
    server = await startTestServer(dialect, { clock, env: { APP_URL: 'https://picks.example.test' } });
    u = await onboardedUser(server);
    const rec = await u.api.recommendations.current();
    recId = rec.id;
    runtime = rec.runtime!;
    title = rec.movie_title;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("downloads an event as long as the title's runtime (to the quarter hour) at the chosen wall-clock time in the chosen timezone", async () => {
    const cases = [
      { timezone: 'Asia/Kolkata', date: '2025-06-20', time: '19:00', start: '2025-06-20T13:30:00.000Z' },
      { timezone: 'America/New_York', date: '2025-06-11', time: '21:15', start: '2025-06-12T01:15:00.000Z' },
      { timezone: 'America/New_York', date: '2025-12-01', time: '19:00', start: '2025-12-02T00:00:00.000Z' },
      { timezone: 'UTC', date: '2025-07-01', time: '00:00', start: '2025-07-01T00:00:00.000Z' },
    ];
    for (const c of cases) {
      const file = await u.api.recommendations.downloadIcs({ recommendation_id: recId, date: c.date, time: c.time, timezone: c.timezone });
      expect(file.contentType).toMatch(/^text\/calendar/);
      expect(file.filename).toMatch(new RegExp(`^tonights-pick-[a-z0-9-]+-${c.date}\\.ics$`));
      const ev = onlyEvent(file.text);
      expect(new Date(ev.start).toISOString()).toBe(c.start);
      expect(new Date(ev.end).getTime() - new Date(ev.start).getTime()).toBe(Math.ceil(runtime / 15) * 15 * 60_000);
      expect(String(ev.summary)).toContain(title);
      const description = String(ev.description);
      expect(description).toContain(title);
      expect(description).toContain('https://picks.example.test/app/dashboard');
    }
  });

  it('the raw response is an attachment with the title in its file name', async () => {
    const res = await fetch(
      `${server.url}/api/recommendations/download-ics?recommendation_id=${recId}&date=2025-06-12&time=20:00&timezone=Europe/London`,
      { headers: { authorization: `Bearer ${u.store.token}` } },
    );
    expect(res.status).toBe(200);
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="?tonights-pick-[a-z0-9-]+-2025-06-12\.ics"?$/);
    const slug = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
    if (slug) expect(disposition).toContain(slug.slice(0, 20));
    const text = await res.text();
    expect(text).toMatch(/^BEGIN:VCALENDAR/);
    expect(new Date(onlyEvent(text).start).toISOString()).toBe('2025-06-12T19:00:00.000Z');
  });

  it('a past date in that timezone, a bad timezone, date or time is a 400', async () => {
    // 2025-06-11T12:00Z is already 2025-06-12 in Kiritimati (UTC+14).
    const q = (o: Record<string, string>) => new URLSearchParams({ recommendation_id: recId, date: '2025-06-20', time: '19:00', timezone: 'UTC', ...o }).toString();
    const bad = [
      q({ date: '2025-06-10' }),
      q({ date: '2025-06-11', timezone: 'Pacific/Kiritimati' }),
      q({ timezone: 'Mars/Olympus' }),
      q({ date: '2025-02-30' }),
      q({ date: '20-06-2025' }),
      q({ time: '24:00' }),
      q({ time: '7pm' }),
      new URLSearchParams({ date: '2025-06-20', time: '19:00' }).toString(),
    ];
    for (const s of bad) {
      const res = await rawRequest(server.url, `/api/recommendations/download-ics?${s}`, { token: u.store.token! });
      expect(res.status, s).toBe(400);
      expect(ErrorBody.parse(res.body).detail.length).toBeGreaterThan(0);
    }
    const past = await rawRequest(server.url, `/api/recommendations/download-ics?${q({ date: '2025-06-10' })}`, { token: u.store.token! });
    expect(past.body.detail).toMatch(/past/);
    // Today is fine, even in a timezone where today began hours ago.
    const today = await rawRequest(server.url, `/api/recommendations/download-ics?${q({ date: '2025-06-11', timezone: 'America/Los_Angeles' })}`, { token: u.store.token! });
    expect(today.status).toBe(200);
  });

  it("another user's recommendation is not found; no token is 401", async () => {
    const other = await onboardedUser(server);
    const err = await failure(other.api.recommendations.downloadIcs({ recommendation_id: recId, date: '2025-06-20', time: '19:00' }));
    expect(err.status).toBe(404);
    const res = await rawRequest(server.url, `/api/recommendations/download-ics?recommendation_id=${recId}&date=2025-06-20&time=19:00`);
    expect(res.status).toBe(401);
  });

  it('POST /add-to-calendar on a server without Google: a clear 503, bad input 400, unknown id 404', async () => {
    const err = await failure(u.api.recommendations.addToCalendar({ recommendation_id: recId, date: '2025-06-20', time: '19:00', timezone: 'UTC' }));
    expect(err.status).toBe(503);
    expect(err.detail).toBe('Google Calendar is not configured on this server.');
    const bad = await rawRequest(server.url, '/api/recommendations/add-to-calendar', { body: JSON.stringify({ recommendation_id: recId, date: 'soon' }), token: u.store.token! });
    expect(bad.status).toBe(400);
    expect((await failure(u.api.recommendations.addToCalendar({ recommendation_id: 'nope', date: '2025-06-20', time: '19:00' }))).status).toBe(404);
  });
});
