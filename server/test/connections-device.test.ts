// A device-flow app (Trakt's way in) through the connections service, on both databases: the
// device code stays on the server, sealed with its expiry (the browser gets only what to type and
// where), the status says pending until the person approves, an expired code is refused in words;
// push back is a Trakt setting only, and sends our history's changes once each, never what the app
// itself brought in. The app is the local test app (connections.helpers.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { rawRequest, startTestServer, TestClock, type TestServer } from './support/test-server.js';
import { onboardedUser, recommendationRows } from './recommendations.helpers.js';
import { DEVICE_CODE, startFakeApp, testAdapter, testDeviceAdapter, type FakeApp } from './connections.helpers.js';

describe.each(dialects)('a device-flow connection on %s', (dialect) => {
  const clock = new TestClock(new Date('2026-12-01T20:00:00Z'));
  let server: TestServer;
  let app: FakeApp;
  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
    app = await startFakeApp();
    server.running.services.connections.adapters.set('trakt', testDeviceAdapter(app));
    server.running.services.connections.adapters.set('jellyfin', testAdapter('jellyfin'));
  });
  afterAll(async () => {
    await server?.close();
    await app?.close();
  });

  it('keeps the device code on the server, sealed, says pending until approved, then connects', async () => {
    app.approved = false;
    const u = await onboardedUser(server);
    const token = u.store.token!;
    const early = await rawRequest(server.url, '/api/integrations/trakt/device/poll', { token, body: '{}' });
    expect([early.status, early.body.detail]).toEqual([409, 'Start connecting Trakt first']);

    const started = await rawRequest(server.url, '/api/integrations/trakt/device', { token, body: '{}' });
    expect(started.body).toEqual({ user_code: 'ABCD1234', verification_url: `${app.url}/activate`, expires_at: '2026-12-01T20:10:00.000Z', interval: 5 });
    expect(JSON.stringify(started.body)).not.toContain(DEVICE_CODE);
    const stored = await server.running.ctx.db.selectFrom('connection_device_codes').selectAll().where('user_id', '=', u.userId).executeTakeFirstOrThrow();
    expect(stored.device_code).not.toContain(DEVICE_CODE);

    const listed = (await u.api.connections.list()).integrations.find((i) => i.kind === 'trakt')!;
    expect([listed.connected, listed.pending]).toEqual([false, true]);
    const pending = await rawRequest(server.url, '/api/integrations/trakt/device/poll', { token, body: '{}' });
    expect([pending.body.connected, pending.body.pending]).toEqual([false, true]);
    expect(JSON.stringify(pending.body)).not.toContain(DEVICE_CODE);

    app.approved = true;
    const connected = await u.api.connections.devicePoll();
    expect(connected).toMatchObject({ kind: 'trakt', connected: true, account_name: 'alice', webhook_url: null, push_back: false });
    expect(await server.running.ctx.db.selectFrom('connection_device_codes').selectAll().where('user_id', '=', u.userId).execute()).toEqual([]);

    // Push back is Trakt's opt-in, and only Trakt's.
    expect((await u.api.connections.update('trakt', { push_back: true })).push_back).toBe(true);
    await u.api.connections.connect('jellyfin', { server_url: app.url, api_key: app.key, user_id: 'u1' });
    const notTrakt = await rawRequest(server.url, '/api/integrations/jellyfin', { method: 'PATCH', token, body: JSON.stringify({ push_back: true }) });
    expect([notTrakt.status, notTrakt.body.code]).toEqual([400, 'bad_request']);
  });

  it('pushes back, when asked, what changed here since the last push, and never what the app brought in', async () => {
    app.approved = true;
    const u = await onboardedUser(server);
    const [theirs] = (await server.running.services.catalog.titles()).slice(20, 21);
    app.pages = [[{ title: theirs.title, year: theirs.year, kind: theirs.kind }]];
    await u.api.connections.device();
    await u.api.connections.devicePoll();
    const pick = await u.api.recommendations.next();
    await u.api.recommendations.rate({ movie_title: pick.movie_title, rating: true, recommendation_id: pick.id });

    // Off by default: a sync pushes nothing.
    await u.api.connections.sync('trakt');
    expect(app.pushed).toEqual([]);
    expect((await recommendationRows(server, u.userId)).some((r) => r.origin === 'trakt')).toBe(true);

    await u.api.connections.update('trakt', { push_back: true });
    await u.api.connections.sync('trakt');
    const liked = (await recommendationRows(server, u.userId)).find((r) => r.id === pick.id)!;
    const title = (await server.running.services.catalog.titles()).find((t) => t.id === liked.title_id)!;
    expect(app.pushed).toEqual([{ kind: title.kind, tmdbId: title.tmdbId, imdbId: title.imdbId, watchedAt: null, liked: true }]);
    // Pushed once: the next sync has nothing new to send.
    await u.api.connections.sync('trakt');
    expect(app.pushed).toHaveLength(1);
    app.pages = [];
    app.pushed = [];
  });

  it('refuses an expired code in words and forgets it', async () => {
    app.approved = false;
    const u = await onboardedUser(server);
    await u.api.connections.device();
    clock.advance(11 * 60_000);
    const expired = await rawRequest(server.url, '/api/integrations/trakt/device/poll', { token: u.store.token!, body: '{}' });
    expect([expired.status, expired.body.detail]).toEqual([409, 'The code expired: start connecting Trakt again']);
    expect((await u.api.connections.list()).integrations.find((i) => i.kind === 'trakt')?.pending).toBe(false);
    expect(await server.running.ctx.db.selectFrom('connection_device_codes').selectAll().where('user_id', '=', u.userId).execute()).toEqual([]);
  });
});
