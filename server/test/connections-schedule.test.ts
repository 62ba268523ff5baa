// The connected apps' scheduled pulls (jobs/connections-pull-job.ts) under the per-connection
// lease: a pull killed mid-way (here: stalled, as an instance that stopped answering) is taken
// over by a second service instance once its lease expires, which resumes from the stored cursor;
// the stalled one then writes nothing; "sync now" never starts a second pull of a connection; a
// rejected key stops the schedule until the user reconnects; a 429 waits for its Retry-After.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConnectionPulls } from '../src/jobs/connections-pull-job.js';
import { Connections } from '../src/features/connections/connections.service.js';
import { PULL_LEASE_MS } from '../src/features/connections/connection-pull.js';
import { dialects } from './support/dialects.js';
import { startTestServer, TestClock, type TestServer } from './support/test-server.js';
import { onboardedUser, recommendationRows } from './recommendations.helpers.js';
import { stall, startFakeApp, testAdapter, type FakeApp, type FakeTitle } from './connections.helpers.js';

const MINUTE = 60_000;

describe.each(dialects)('scheduled pulls of connected apps on %s', (dialect) => {
  const clock = new TestClock(new Date('2026-12-01T20:00:00Z'));
  let server: TestServer;
  let titles: FakeTitle[];
  let app: FakeApp;
  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
    server.running.services.connections.adapters.set('jellyfin', testAdapter('jellyfin'));
    titles = (await server.running.services.catalog.titles()).slice(10, 14).map((t) => ({ title: t.title, year: t.year, kind: t.kind }));
  });
  afterAll(async () => {
    await server?.running.services.history.coLikes.idle();
    await server?.close();
    await app?.close();
  });

  const connectionRow = (userId: string) => server.running.ctx.db.selectFrom('connections').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
  /** A second instance on the same database: its own service, clock and lease holder. */
  function secondInstance(at: TestClock) {
    const ctx = { ...server.running.ctx, clock: at };
    const { history, connections } = server.running.services;
    return { ctx, services: { connections: new Connections(ctx, history, connections.adapters) } };
  }

  it('resumes a pull killed mid-way from its cursor on another instance, once the lease expires; the stalled pull writes nothing', async () => {
    app = await startFakeApp([titles.slice(0, 2), titles.slice(2, 3), titles.slice(3, 4)]);
    const u = await onboardedUser(server);
    await u.api.connections.connect('jellyfin', { server_url: app.url, api_key: app.key, user_id: 'u1' });
    const stalled = stall(app, '1');
    const first = runConnectionPulls(server.running.ctx, server.running.services, { holder: 'instance-a' });
    await stalled.reached;
    // Page 0 is written and its cursor stored before page 1 was asked for.
    expect((await connectionRow(u.userId)).cursor).toBe('1');
    expect((await recommendationRows(server, u.userId)).filter((r) => r.origin === 'jellyfin')).toHaveLength(2);

    // While the lease is held, neither "sync now" nor another instance's tick starts a second pull.
    await u.api.connections.sync('jellyfin');
    const other = secondInstance(new TestClock(clock.now()));
    expect(await runConnectionPulls(other.ctx, other.services, { holder: 'instance-b' })).toEqual({ done: 0, more: 0, failed: 0, lost: 0 });
    expect(app.cursorsAsked).toEqual([null, '1']);

    // Past the lease, the second instance takes over from the stored cursor and reads to the end.
    const later = secondInstance(new TestClock(new Date(clock.now().getTime() + PULL_LEASE_MS + MINUTE)));
    expect(await runConnectionPulls(later.ctx, later.services, { holder: 'instance-b' })).toEqual({ done: 1, more: 0, failed: 0, lost: 0 });
    expect(app.cursorsAsked).toEqual([null, '1', '1', '2']);
    const done = await connectionRow(u.userId);
    expect([done.cursor, done.sync_holder, done.last_error]).toEqual([null, null, null]);

    // The stalled pull wakes up: it lost the lease, so it stores nothing and writes no more.
    stalled.release();
    expect(await first).toEqual({ done: 0, more: 0, failed: 0, lost: 1 });
    expect(await connectionRow(u.userId)).toEqual(done);
    const rows = (await recommendationRows(server, u.userId)).filter((r) => r.origin === 'jellyfin');
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.title_id)).size).toBe(4);
    await u.api.connections.disconnect('jellyfin', { keep: true });
  });

  it('waits out a 429 for its Retry-After, and stops scheduling a connection whose key the app rejects', async () => {
    const u = await onboardedUser(server);
    await u.api.connections.connect('jellyfin', { server_url: app.url, api_key: app.key, user_id: 'u1' });
    app.retryAfter = 120;
    await runConnectionPulls(server.running.ctx, server.running.services);
    const limited = await connectionRow(u.userId);
    expect(limited.next_sync_at).toBe(new Date(clock.now().getTime() + 120_000).toISOString());
    expect(limited.last_error).toBe('Jellyfin asked us to slow down; the sync continues later');
    app.retryAfter = null;

    app.key = 'rotated-key-0123456789';
    clock.advance(3 * MINUTE);
    await runConnectionPulls(server.running.ctx, server.running.services);
    const rejected = await connectionRow(u.userId);
    expect([rejected.last_error, rejected.next_sync_at]).toEqual(['Jellyfin rejected the key; reconnect', null]);
    expect((await u.api.connections.list()).integrations[0].last_error).toBe('Jellyfin rejected the key; reconnect');
    clock.advance(60 * MINUTE);
    const asked = app.cursorsAsked.length;
    await runConnectionPulls(server.running.ctx, server.running.services);
    expect(app.cursorsAsked.length).toBe(asked);
  });
});
