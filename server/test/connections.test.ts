// Connected apps through the API (docs/product-decisions.md, "What you watch elsewhere"): list,
// connect (a refused key is a 400 with a detail and stores nothing), sync now, webhooks (a forged
// secret is a 404 that writes nothing, a malformed body a 400, a replay changes nothing), and
// disconnect keeping or removing what the app brought in. The app is a local HTTP server
// (connections.helpers.ts) behind an adapter registered on the running server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_KINDS } from '@app/shared';
import { dialects } from './support/dialects.js';
import { rawRequest, startTestServer, type TestServer } from './support/test-server.js';
import { onboardedUser, recommendationRows } from './recommendations.helpers.js';
import { startFakeApp, testAdapter, type FakeApp, type FakeTitle } from './connections.helpers.js';

describe.each(dialects)('connected apps on %s', (dialect) => {
  let server: TestServer;
  let app: FakeApp;
  let titles: FakeTitle[];
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { APP_URL: 'https://pick.example' } });
    server.running.services.connections.adapters.set('jellyfin', testAdapter('jellyfin'));
    titles = (await server.running.services.catalog.titles()).slice(0, 6).map((t) => ({ title: t.title, year: t.year, kind: t.kind }));
    app = await startFakeApp([titles.slice(0, 2), titles.slice(2, 3)]);
  });
  afterAll(async () => {
    await server?.running.services.history.coLikes.idle();
    await server?.close();
    await app?.close();
  });

  const db = () => server.running.ctx.db;
  const connectBody = () => ({ server_url: app.url, api_key: app.key, user_id: 'u1' });
  /** What a user's requests may have written: their history rows and sync events. */
  async function written(userId: string) {
    const rows = await recommendationRows(server, userId);
    const events = await db().selectFrom('sync_events').select(['event_key']).where('user_id', '=', userId).execute();
    return JSON.stringify({ rows: rows.map((r) => [r.title_id, r.status, r.user_rating, r.origin]), events: events.map((e) => e.event_key).sort() });
  }
  const webhookLimits = async () =>
    JSON.stringify(await db().selectFrom('rate_limit_hits').select(['bucket', 'hits']).where('bucket', 'like', 'connections-webhook:%').orderBy('bucket').execute());

  it('lists every kind in order, connects with a good key and shows the connection with its webhook URL', async () => {
    const u = await onboardedUser(server);
    const before = await u.api.connections.list();
    expect(before.integrations.map((i) => [i.kind, i.connected, i.webhook_url])).toEqual(CONNECTION_KINDS.map((k) => [k, false, null]));
    // Trakt needs the server's own Trakt app (unset here): listed as unavailable, and connecting it is a 404, not a failure.
    expect(before.integrations.map((i) => [i.kind, i.available])).toEqual(CONNECTION_KINDS.map((k) => [k, k !== 'trakt']));
    const trakt = await rawRequest(server.url, '/api/integrations/trakt/device', { token: u.store.token!, body: '{}' });
    expect([trakt.status, trakt.body.detail]).toEqual([404, 'Trakt is not available on this server']);

    expect(await u.api.connections.users('jellyfin', { server_url: app.url, api_key: app.key })).toEqual({ users: [{ id: 'u1', name: 'alice' }] });
    const status = await u.api.connections.connect('jellyfin', connectBody());
    expect(status).toMatchObject({ kind: 'jellyfin', connected: true, account_name: 'u1 on Living room', server_url: app.url, last_error: null });
    expect(status.webhook_url).toMatch(/^https:\/\/pick\.example\/api\/integrations\/webhooks\/jellyfin\/[A-Za-z0-9_-]{43}$/);

    const after = await u.api.connections.list();
    expect(after.integrations.map((i) => [i.kind, i.connected])).toEqual(CONNECTION_KINDS.map((k) => [k, k === 'jellyfin']));
    // The credentials are sealed: neither the key nor the secret is in the row as text.
    const row = await db().selectFrom('connections').selectAll().where('user_id', '=', u.userId).executeTakeFirstOrThrow();
    expect(row.credentials).not.toContain(app.key);
    expect(row.credentials).not.toContain(status.webhook_url!.split('/').at(-1));
  });

  it('refuses a key the app rejects with a 400 that says so, and stores nothing', async () => {
    const u = await onboardedUser(server);
    const res = await rawRequest(server.url, '/api/integrations/jellyfin', { token: u.store.token!, body: JSON.stringify({ ...connectBody(), api_key: 'wrong' }) });
    expect([res.status, res.body.code, res.body.detail]).toEqual([400, 'validation_error', 'The test app rejected the API key']);
    const missing = await rawRequest(server.url, '/api/integrations/jellyfin', { token: u.store.token!, body: JSON.stringify({ server_url: app.url }) });
    expect([missing.status, missing.body.errors?.[0]?.path]).toEqual([400, 'api_key']);
    const metadata = await rawRequest(server.url, '/api/integrations/jellyfin', { token: u.store.token!, body: JSON.stringify({ ...connectBody(), server_url: 'http://169.254.169.254' }) });
    expect([metadata.status, metadata.body.errors?.[0]?.path]).toEqual([400, 'server_url']);
    expect(await db().selectFrom('connections').selectAll().where('user_id', '=', u.userId).execute()).toEqual([]);
    expect((await u.api.connections.list()).integrations.every((i) => !i.connected)).toBe(true);
  });

  it('syncs now: every page of the pull becomes history with its origin, and counts show it', async () => {
    const u = await onboardedUser(server);
    const sync = await rawRequest(server.url, '/api/integrations/jellyfin/sync', { token: u.store.token!, body: '{}' });
    expect([sync.status, sync.body.code]).toEqual([409, 'conflict']);
    await u.api.connections.connect('jellyfin', connectBody());
    const status = await u.api.connections.sync('jellyfin');
    expect(status.last_sync_at).not.toBeNull();
    expect(status.counts.watched).toBe(3);
    const rows = (await recommendationRows(server, u.userId)).filter((r) => r.origin === 'jellyfin');
    expect(rows.map((r) => r.status)).toEqual(['watched', 'watched', 'watched']);
    // Read to the end: the next pull starts over from the app's first page, and a replay changes nothing.
    const before = await written(u.userId);
    await u.api.connections.sync('jellyfin');
    expect(await written(u.userId)).toBe(before);
  });

  it('takes a webhook once: a replay changes nothing, a forged secret is a 404 and a malformed body a 400, neither writing anything', async () => {
    const u = await onboardedUser(server);
    const { webhook_url } = await u.api.connections.connect('jellyfin', connectBody());
    const path = new URL(webhook_url!).pathname;
    const event = JSON.stringify({ Event: 'PlaybackStop', Name: titles[4].title, Year: titles[4].year, Type: titles[4].kind, At: '2026-11-30T20:00:00Z' });
    const first = await rawRequest(server.url, path, { body: event });
    expect(first.status).toBe(204);
    const once = await written(u.userId);
    expect(once).toContain('jellyfin');

    expect((await rawRequest(server.url, path, { body: event })).status).toBe(204);
    expect(await written(u.userId)).toBe(once);

    const forged = `${path.slice(0, path.lastIndexOf('/') + 1)}${'A'.repeat(43)}`;
    const other = JSON.stringify({ Event: 'PlaybackStop', Name: titles[5].title, Year: titles[5].year, Type: titles[5].kind, At: '2026-11-30T21:00:00Z' });
    const limits = await webhookLimits();
    const refused = await rawRequest(server.url, forged, { body: other });
    expect([refused.status, refused.body.code]).toEqual([404, 'not_found']);
    const wrongKind = await rawRequest(server.url, path.replace('/jellyfin/', '/plex/'), { body: other });
    expect(wrongKind.status).toBe(404);
    // Not even a rate-limit count: an unknown secret writes nothing at all.
    expect(await webhookLimits()).toBe(limits);
    const malformed = await rawRequest(server.url, path, { body: '{"Event":"PlaybackStop"', headers: { 'content-type': 'text/plain' } });
    expect([malformed.status, malformed.body.code, malformed.body.detail]).toEqual([400, 'bad_request', 'The webhook body is not JSON']);
    const notAnEvent = await rawRequest(server.url, path, { body: JSON.stringify({ Event: 'Something' }) });
    expect(notAnEvent.status).toBe(400);
    // The refusals left the history and events as they were (the two 400s count towards the secret's limit only).
    expect(await written(u.userId)).toBe(once);
  });

  it('disconnects at once: keep=true keeps what came in, keep=false removes it', async () => {
    const u = await onboardedUser(server);
    await u.api.connections.connect('jellyfin', connectBody());
    const { webhook_url } = await u.api.connections.sync('jellyfin');
    const kept = await u.api.connections.disconnect('jellyfin', { keep: true });
    expect(kept).toMatchObject({ connected: false, webhook_url: null, counts: { watched: 3 } });
    expect(await db().selectFrom('connections').selectAll().where('user_id', '=', u.userId).execute()).toEqual([]);
    // The old webhook URL opens nothing any more.
    expect((await rawRequest(server.url, new URL(webhook_url!).pathname, { body: '{}' })).status).toBe(404);
    expect((await recommendationRows(server, u.userId)).filter((r) => r.origin === 'jellyfin')).toHaveLength(3);

    await u.api.connections.connect('jellyfin', connectBody());
    const removed = await u.api.connections.disconnect('jellyfin', { keep: false });
    expect(removed).toMatchObject({ connected: false, counts: { watched: 0, rated: 0, library: 0 } });
    expect((await recommendationRows(server, u.userId)).filter((r) => r.origin === 'jellyfin')).toEqual([]);
  });
});
