// Google Calendar against a local server that behaves like Google's OAuth and Calendar APIs:
// plan gate, connect -> add event -> disconnect, toggling, a revoked grant, idempotent inserts.
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest';
import { CalendarAuthUrlResponse, CalendarStatus, MessageResponse, User } from '@app/shared';
import { dialects } from './support/dialects.js';
import { startTestServer, TestClock, type TestServer } from './support/test-server.js';
import { startFakeGoogleOAuth, type FakeGoogleOAuth } from './support/fake-google-oauth.js';
import { apiError, connect, signUpUser, userRow, type SignedIn, thrown } from './support/calendar-flow.js';
import { addRecommendationToCalendar, type CalendarEventRequest } from '../src/features/calendar/calendar.events.js';

// Access tokens carry real-time expiry, so the test clock starts at the real now.
const NOW = new Date().toISOString();
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const JUNE = `${NEXT_YEAR}-06-14`;
const DECEMBER = `${NEXT_YEAR}-12-02`;
const TWO_DAYS_AGO = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);

const recommendation: CalendarEventRequest['recommendation'] = {
  id: 'rec-1',
  movie_title: 'The Quiet Harbour',
  year: 2021,
  platform: 'Netflix',
  movie_description: 'A lighthouse keeper and a stranded sailor share one long winter.',
  reason: 'Because you liked slow, warm dramas.',
  watch_url: 'https://www.netflix.com/search?q=The%20Quiet%20Harbour',
};


describe.each(dialects)('google calendar on %s', (dialect) => {
  let server: TestServer;
  let google: FakeGoogleOAuth;
  const clock = new TestClock(new Date(NOW));

  beforeAll(async () => {
    google = await startFakeGoogleOAuth();
    server = await startTestServer(dialect, { env: google.env(), clock });
  });
  afterAll(async () => {
    await server?.close();
    await google?.close();
  });
  beforeEach(() => {
    clock.set(NOW);
    google.options.omitRefreshToken = false;
    google.options.failRevoke = false;
  });

  const add = async (c: SignedIn, over: Partial<CalendarEventRequest> = {}) =>
    addRecommendationToCalendar(server.running.ctx, await userRow(server, c.id), { recommendation, date: JUNE, time: '19:00', timezone: 'Europe/Paris', ...over });

  it('is locked for a free user: 403 with a clear detail, nothing stored', async () => {
    const c = await signUpUser(server, 'free_trial');
    const status = CalendarStatus.parse(await c.api.calendar.status());
    expect(status).toEqual({ has_refresh_token: false, calendar_enabled: false, account_email: null, available: true, needs_reconnect: false });
    const e1 = await apiError(c.api.calendar.authUrl());
    expect([e1.status, e1.detail]).toEqual([403, 'Calendar integration is part of the lifetime plan.']);
    const e2 = await apiError(c.api.calendar.connect({ code: 'x', state: 'y' }));
    expect(e2.status).toBe(403);
    const e3 = await apiError(c.api.calendar.update({ calendar_enabled: true }));
    expect(e3.status).toBe(403);
    const e4 = await thrown(add(c));
    expect([e4.status, e4.message]).toEqual([403, 'Calendar integration is part of the lifetime plan.']);
    const pending = await server.running.ctx.db.selectFrom('calendar_oauth_states').selectAll().where('user_id', '=', c.id).execute();
    expect(pending).toEqual([]);
  });

  it('builds a minimal offline authorisation URL with a bound state and PKCE S256', async () => {
    const c = await signUpUser(server);
    const { authorization_url } = CalendarAuthUrlResponse.parse(await c.api.calendar.authUrl());
    const url = new URL(authorization_url);
    expect(`${url.origin}${url.pathname}`).toBe(google.env().GOOGLE_AUTH_URL);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      response_type: 'code',
      client_id: google.clientId,
      redirect_uri: `${server.running.ctx.config.appUrl}/app/settings`,
      scope: 'openid email https://www.googleapis.com/auth/calendar.events',
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      code_challenge_method: 'S256',
    });
    expect(q.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await server.running.ctx.db.selectFrom('calendar_oauth_states').selectAll().where('user_id', '=', c.id).execute();
    expect(rows).toHaveLength(1);
    // Stored hashed and for 10 minutes; the verifier stays on the server and matches the challenge.
    expect(JSON.stringify(rows)).not.toContain(q.state);
    expect(rows[0].expires_at).toBe(new Date(Date.parse(NOW) + 10 * 60_000).toISOString());
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(rows[0].code_verifier).digest('base64url')).toBe(q.code_challenge);
    expect(authorization_url).not.toContain(rows[0].code_verifier);
  });

  it('connect -> add an event in the requested zone -> toggle -> disconnect (revoked at Google)', async () => {
    const c = await signUpUser(server);
    const status = await connect(c, google);
    const gmail = `${c.email.split('@')[0]}@gmail.test`;
    expect(status).toEqual({ has_refresh_token: true, calendar_enabled: true, account_email: gmail, available: true, needs_reconnect: false });
    expect(CalendarStatus.parse(await c.api.calendar.status())).toEqual(status);
    expect(User.parse(await c.api.settings.profile())).toMatchObject({ calendar_connected: true, calendar_enabled: true });

    const added = await add(c);
    expect(added.event_id).toBeTruthy();
    expect(added.event_link).toMatch(/^https:\/\/www\.google\.com\/calendar\/event\?eid=/);
    const event = google.events.find((e) => e.id === added.event_id)!;
    expect(event.accountEmail).toBe(gmail);
    expect(event.calendarId).toBe('primary');
    expect(event.body.summary).toBe('The Quiet Harbour');
    expect(event.body.start).toEqual({ dateTime: `${JUNE}T19:00:00+02:00`, timeZone: 'Europe/Paris' });
    expect(event.body.end).toEqual({ dateTime: `${JUNE}T21:00:00+02:00`, timeZone: 'Europe/Paris' });
    expect(event.body.description).toContain('Watch on Netflix');
    expect(event.body.description).toContain(recommendation.movie_description);
    expect(event.body.description).toContain(`${server.running.ctx.config.appUrl}/app/dashboard`);

    // Winter in New York: the offset follows the date, not today.
    const winter = await add(c, { date: DECEMBER, time: '20:30', timezone: 'America/New_York' });
    const w = google.events.find((e) => e.id === winter.event_id)!;
    expect(w.body.start).toEqual({ dateTime: `${DECEMBER}T20:30:00-05:00`, timeZone: 'America/New_York' });
    expect(w.body.end).toEqual({ dateTime: `${DECEMBER}T22:30:00-05:00`, timeZone: 'America/New_York' });

    const past = await thrown(add(c, { date: TWO_DAYS_AGO }));
    expect([past.status, past.message]).toEqual([400, 'The date cannot be in the past']);

    expect(await c.api.calendar.update({ calendar_enabled: false })).toMatchObject({ has_refresh_token: true, calendar_enabled: false });
    expect(await c.api.calendar.update({ calendar_enabled: true })).toMatchObject({ calendar_enabled: true });

    const [refreshToken] = google.refreshTokensOf(gmail);
    expect(MessageResponse.parse(await c.api.calendar.disconnect())).toEqual({ message: 'Google Calendar disconnected' });
    expect(google.revocations).toContain(refreshToken);
    expect(google.isRevoked(refreshToken)).toBe(true);
    expect(await c.api.calendar.status()).toEqual({ has_refresh_token: false, calendar_enabled: false, account_email: null, available: true, needs_reconnect: false });
    const row = await userRow(server, c.id);
    expect([row.calendar_refresh_token, row.calendar_account_email, row.calendar_enabled]).toEqual([null, null, 0]);

    const afterwards = await thrown(add(c));
    expect([afterwards.status, afterwards.message]).toEqual([403, 'Failed to add to calendar. Please enable calendar integration in settings.']);
    const toggle = await apiError(c.api.calendar.update({ calendar_enabled: true }));
    expect([toggle.status, toggle.detail]).toEqual([400, 'Connect Google Calendar first.']);
  });

  it('keeps nothing when Google returns no refresh token', async () => {
    const c = await signUpUser(server);
    google.options.omitRefreshToken = true;
    const status = await connect(c, google);
    // The web app shows 'Calendar connection incomplete. Token was not saved' for this answer.
    expect(status).toEqual({ has_refresh_token: false, calendar_enabled: false, account_email: null, available: true, needs_reconnect: false });
    const row = await userRow(server, c.id);
    expect([row.calendar_refresh_token, row.calendar_account_email, row.calendar_enabled]).toEqual([null, null, 0]);
  });

  it('refuses a grant without calendar access, and revokes what Google issued', async () => {
    const c = await signUpUser(server);
    const revokedBefore = google.revocations.length;
    const err = await apiError(connect(c, google, { grantScopes: ['openid', 'email'] }));
    expect([err.status, err.detail]).toEqual([400, 'Google Calendar access was not granted. Please connect again and allow access to your calendar.']);
    expect(google.revocations.length).toBe(revokedBefore + 1);
    expect((await userRow(server, c.id)).calendar_refresh_token).toBeNull();
  });

  it('a refresh token Google no longer accepts disconnects the calendar and asks to reconnect', async () => {
    const c = await signUpUser(server);
    const first = await connect(c, google);
    google.revokeAccount(first.account_email!);
    const err = await thrown(add(c));
    expect(err.status).toBe(409);
    expect(err.message).toBe('Your Google Calendar connection has expired or was revoked. Please reconnect your calendar in Settings.');
    expect(err.extra).toMatchObject({ needs_reconnect: true });
    const status = await c.api.calendar.status();
    expect(status).toEqual({ has_refresh_token: false, calendar_enabled: false, account_email: first.account_email, available: true, needs_reconnect: true });
    expect((await userRow(server, c.id)).calendar_refresh_token).toBeNull();
    // Asking again answers the same, without calling Google.
    const again = await thrown(add(c));
    expect(again.status).toBe(409);

    const back = await connect(c, google);
    expect(back).toMatchObject({ has_refresh_token: true, calendar_enabled: true, needs_reconnect: false });
    expect((await add(c)).event_id).toBeTruthy();
  });

  it('disconnect deletes the token even when Google cannot revoke it', async () => {
    const c = await signUpUser(server);
    await connect(c, google);
    google.options.failRevoke = true;
    await c.api.calendar.disconnect();
    expect((await userRow(server, c.id)).calendar_refresh_token).toBeNull();
    expect(await c.api.calendar.status()).toMatchObject({ has_refresh_token: false, needs_reconnect: false });
    // Disconnecting twice is harmless.
    expect(await c.api.calendar.disconnect()).toEqual({ message: 'Google Calendar disconnected' });
  });

  it('the same idempotency key adds one event however often it is retried', async () => {
    const c = await signUpUser(server);
    await connect(c, google);
    const first = await add(c, { idempotencyKey: `scheduled:rec-1:${JUNE}` });
    const second = await add(c, { idempotencyKey: `scheduled:rec-1:${JUNE}` });
    expect(second).toEqual({ event_id: first.event_id, event_link: null });
    expect(google.events.filter((e) => e.id === first.event_id)).toHaveLength(1);
  });

  it('answers 401 without a token and 400 for a malformed body', async () => {
    const anon = server.client();
    expect((await apiError(anon.api.calendar.status())).status).toBe(401);
    const c = await signUpUser(server);
    const res = await fetch(`${server.url}/api/settings/calendar/connect`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.store.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code: 42 }),
    });
    expect(res.status).toBe(400);
    const put = await fetch(`${server.url}/api/settings/calendar`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${c.store.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ calendar_enabled: 'yes' }),
    });
    expect(put.status).toBe(400);
    // The profile routes on /api/settings still answer next to the calendar ones.
    expect((await c.api.settings.profile()).email).toBe(c.email);
  });
});
