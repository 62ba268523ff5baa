// GET /api/account/export: a user downloads everything the server keeps about them, as JSON and as
// a CSV of ratings and history, and nothing secret is in it.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomBytes } from 'node:crypto';
import { AccountExport, ApiError } from '@app/shared';
import { dialects } from './support/dialects.js';
import { rawRequest, startTestServer, TestClock, type TestServer } from './support/test-server.js';
import { startFakeGoogleOAuth, type FakeGoogleOAuth } from './support/fake-google-oauth.js';
import { startFakeStripe, stripeEnv, type FakeStripe } from './support/fake-stripe.js';
import { connect } from './support/calendar-flow.js';
import { onboardedUser, setPlan } from './recommendations.helpers.js';
import { runAt } from './scheduler.helpers.js';

describe.each(dialects)('account export on %s', (dialect) => {
  let server: TestServer;
  let google: FakeGoogleOAuth;
  let stripe: FakeStripe;
  const clock = new TestClock(new Date('2026-11-23T08:00:00Z')); // a Monday

  beforeAll(async () => {
    google = await startFakeGoogleOAuth();
    stripe = await startFakeStripe();
    server = await startTestServer(dialect, { clock, env: { ...google.env(), ...stripeEnv(stripe) } });
  });
  afterAll(async () => {
    await server?.close();
    await google?.close();
    await stripe?.close();
  });

  it('holds every kind of data of the account and no token, hash or refresh token', async () => {
    const u = await onboardedUser(server, { timezone: 'Europe/Berlin' });
    const first = await u.api.recommendations.current();
    await u.api.recommendations.rate({ movie_title: first.movie_title, rating: true, recommendation_id: first.id });
    const second = await u.api.recommendations.next({ previous: 'watched' });
    const order = await u.api.payments.createOrder({ billing_period: 'lifetime' });
    const ext = await u.api.extension.createToken({ nonce: randomBytes(24).toString('base64url'), browser_name: 'Firefox on the laptop' });
    await u.api.feedback.submit({ rating: true, comment: 'Lovely picks', email: u.email });
    await u.api.analytics.event({ name: 'page_view', path: '/app/settings' });
    await u.api.settings.updateProfile({ selected_days: [1, 2, 3, 4, 5], recommendation_time: '10:00', email_delivery: true });
    await setPlan(server, u.userId, 'paid_lifetime');
    const calendar = await connect(Object.assign(u, { id: u.userId }), google, { email: 'film.fan@gmail.test' });
    expect(calendar.has_refresh_token).toBe(true);
    await runAt(server, clock, '2026-11-23T09:05:00Z'); // 10:05 in Berlin: today's scheduled pick goes out

    const file = await u.api.account.exportData();
    expect(file.filename).toBe('tonights-pick-export-2026-11-23.json');
    expect(file.contentType).toMatch(/^application\/json/);
    const data = AccountExport.parse(JSON.parse(file.text));

    expect(data.profile).toMatchObject({ id: u.userId, email: u.email, full_name: 'Test User', has_password: true, google_linked: false, subscription_tier: 'paid_lifetime', timezone: 'Europe/Berlin' });
    expect(data.preferences).toMatchObject({ is_onboarded: true, selected_genres: ['Drama', 'Thriller'], preferred_languages: ['English'] });
    expect(data.schedule).toMatchObject({ email_delivery: true, selected_days: [1, 2, 3, 4, 5], recommendation_time: '10:00' });
    expect(data.favourites).toHaveLength(3);
    expect(data.favourites.every((f) => f.title)).toBe(true);
    const history = data.history.map((h) => h.id);
    expect(history).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(data.history.find((h) => h.id === first.id)).toMatchObject({ title: first.movie_title, rating: 'liked', status: 'watched' });
    expect(data.ratings).toEqual([expect.objectContaining({ title: first.movie_title, rating: 'liked' })]);
    expect(data.weekly_usage.length).toBeGreaterThan(0);
    expect(data.deliveries).toEqual([expect.objectContaining({ local_date: '2026-11-23', status: 'sent' })]);
    expect(data.payments).toEqual([expect.objectContaining({ id: order.order_id, status: 'pending', amount: 5900 })]);
    expect(data.feedback).toEqual([expect.objectContaining({ comment: 'Lovely picks', email: u.email })]);
    expect(data.connected_browsers).toEqual([expect.objectContaining({ browser_name: 'Firefox on the laptop', revoked_at: null })]);
    expect(data.calendar).toEqual({ connected: true, account_email: 'film.fan@gmail.test', enabled: true, needs_reconnect: false });
    expect(data.analytics_events).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'page_view', path: '/app/settings' })]));

    // No secret, in any form the database or Google holds it.
    const row = await server.running.ctx.db.selectFrom('users').selectAll().where('id', '=', u.userId).executeTakeFirstOrThrow();
    const tokenRows = await server.running.ctx.db.selectFrom('extension_tokens').select(['token_hash', 'nonce_hash']).where('user_id', '=', u.userId).execute();
    const secrets = [
      row.password_hash!,
      row.calendar_refresh_token!,
      ...google.refreshTokensOf('film.fan@gmail.test'),
      ext.token,
      u.store.token!,
      server.running.ctx.secrets.jwt,
      ...tokenRows.flatMap((t) => [t.token_hash, t.nonce_hash]),
    ];
    expect(secrets.every((s) => typeof s === 'string' && s.length > 10)).toBe(true);
    for (const s of secrets) expect(file.text.includes(s), `a secret (${s.slice(0, 6)}...) is in the export`).toBe(false);
    expect(file.text).not.toMatch(/password_hash|token_hash|refresh_token|scrypt\$/);

    // The CSV: one line per recommendation, readable in a spreadsheet.
    const csv = await u.api.account.exportData({ format: 'csv' });
    expect(csv.filename).toBe('tonights-pick-history-2026-11-23.csv');
    expect(csv.contentType).toMatch(/^text\/csv/);
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('recommended_at,title,title_id,status,rating,rated_at,mood,platform,reason,closed_at,imdb_id,tmdb_id,tmdb_kind,year,kind');
    expect(lines).toHaveLength(data.history.length + 1);
    expect(csv.text).toContain(first.movie_title.includes(',') ? `"${first.movie_title}"` : first.movie_title);
    expect(lines.some((l) => l.includes(',liked,'))).toBe(true);
    for (const s of secrets) expect(csv.text.includes(s)).toBe(false);
  }, 60_000);

  it('answers attachments, refuses a bad format with 400, anonymous callers with 401, and too many exports with 429', async () => {
    const u = await onboardedUser(server);
    const raw = await rawRequest(server.url, '/api/account/export', { token: u.store.token! });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-disposition')).toMatch(/^attachment; filename="?tonights-pick-export-\d{4}-\d{2}-\d{2}\.json"?$/);
    expect(raw.headers.get('cache-control')).toBe('no-store');
    const bad = await rawRequest(server.url, '/api/account/export?format=xml', { token: u.store.token! });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/format/);
    expect((await rawRequest(server.url, '/api/account/export')).status).toBe(401);

    for (let i = 1; i < 20; i++) await u.api.account.exportData(i % 2 ? { format: 'csv' } : {});
    const refused = await u.api.account.exportData().catch((e: ApiError) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(429);
    expect((refused as ApiError).retryAfterSeconds).toBeGreaterThan(0);
    // Another account is not limited by this one's downloads.
    const other = await onboardedUser(server);
    expect((await other.api.account.exportData()).filename).toMatch(/\.json$/);
  }, 60_000);
});
