import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddToCalendarResponse, ALERT_TEXTS } from '@app/shared';
import { dialects } from './support/dialects.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { startFakeGoogleOAuth, type FakeGoogleOAuth } from './support/fake-google-oauth.js';
import { connect } from './support/calendar-flow.js';
import { failure, onboardedUser, setPlan } from './recommendations.helpers.js';

const NEXT_YEAR = new Date().getUTCFullYear() + 1;

describe.each(dialects)('POST /api/recommendations/add-to-calendar on %s', (dialect) => {
  let server: TestServer;
  let google: FakeGoogleOAuth;
  beforeAll(async () => {
    google = await startFakeGoogleOAuth();
    server = await startTestServer(dialect, { env: google.env() });
  });
  afterAll(async () => {
    await server?.close();
    await google?.close();
  });

  it('a free user is refused with 403 (lifetime only) and no event is created', async () => {
    const u = await onboardedUser(server);
    const rec = await u.api.recommendations.current();
    const err = await failure(u.api.recommendations.addToCalendar({ recommendation_id: rec.id, date: `${NEXT_YEAR}-06-14`, time: '19:00', timezone: 'UTC' }));
    expect(err.status).toBe(403);
    expect(google.events).toHaveLength(0);
  });

  it('a lifetime user without a connection gets the connect-your-calendar text; once connected, the event lands at the chosen local time, once', async () => {
    const u = await onboardedUser(server);
    await setPlan(server, u.userId, 'paid_lifetime');
    const rec = await u.api.recommendations.current();
    const request = { recommendation_id: rec.id, date: `${NEXT_YEAR}-06-14`, time: '19:00', timezone: 'Asia/Kolkata' };
    const notConnected = await failure(u.api.recommendations.addToCalendar(request));
    expect([notConnected.status, notConnected.detail]).toEqual([403, ALERT_TEXTS.addToCalendar]);

    await connect(Object.assign(u, { id: u.userId }), google);
    const added = AddToCalendarResponse.parse(await u.api.recommendations.addToCalendar(request));
    expect(added.event_id.length).toBeGreaterThan(0);
    const mine = google.events.filter((e) => e.body.summary === rec.movie_title);
    expect(mine).toHaveLength(1);
    const body = mine[0].body;
    expect(new Date(body.start.dateTime).toISOString()).toBe(`${NEXT_YEAR}-06-14T13:30:00.000Z`);
    // As long as the title, to the quarter hour.
    expect(new Date(body.end.dateTime).getTime() - new Date(body.start.dateTime).getTime()).toBe(Math.ceil(rec.runtime! / 15) * 15 * 60_000);
    expect(body.start.timeZone).toBe('Asia/Kolkata');
    expect(String(body.description)).toContain(rec.reason);

    // Sent again (a double click, a retry): still one event.
    const again = AddToCalendarResponse.parse(await u.api.recommendations.addToCalendar(request));
    expect(again.event_id).toBe(added.event_id);
    expect(google.events.filter((e) => e.body.summary === rec.movie_title)).toHaveLength(1);

    const past = await failure(u.api.recommendations.addToCalendar({ ...request, date: '2020-01-01' }));
    expect(past.status).toBe(400);
  });
});
