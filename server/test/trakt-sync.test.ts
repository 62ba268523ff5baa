// A Trakt pull written through the one way in (sync.service.ts), on both databases: what the
// person watched and rated on Trakt becomes their history, dated as Trakt dates it and named
// "Watched on Trakt"; the same pull again (a replay after a lost cursor) changes nothing, and an
// unchanged account brings nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../src/catalog/catalog.store.js';
import { createTraktAdapter } from '../src/features/connections/trakt/trakt.adapter.js';
import { recordEvents } from '../src/features/sync/sync.service.js';
import { dialects } from './support/dialects.js';
import { startFakeTrakt, type FakeTrakt, type Media } from './support/fake-trakt.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { onboardedUser, recommendationRows } from './recommendations.helpers.js';

const asTrakt = (t: CatalogEntry, n: number): Media => ({ title: t.title, year: t.year, ids: { trakt: 70_000 + n, slug: `t-${n}`, tmdb: t.tmdbId, imdb: t.imdbId } });

describe.each(dialects)('a Trakt pull into the history on %s', (dialect) => {
  let server: TestServer;
  let fake: FakeTrakt;
  beforeAll(async () => {
    [server, fake] = await Promise.all([startTestServer(dialect), startFakeTrakt()]);
  });
  afterAll(async () => {
    if (server) await server.running.services.history.coLikes.idle();
    await Promise.all([server?.close(), fake?.close()]);
  });

  it('writes plays and ratings once, dated by Trakt; a replayed pull and an unchanged account change nothing', async () => {
    const history = server.running.services.history;
    const u = await onboardedUser(server);
    const held = new Set((await recommendationRows(server, u.userId)).map((r) => r.title_id));
    const titles = (await history.catalog.titles()).filter((t) => !held.has(t.id) && !t.retired && t.year > 0);
    const [film, rated] = titles.filter((t) => t.kind === 'movie');
    const show = titles.find((t) => t.kind === 'series')!;
    fake.addUser('dana');
    fake.watch('dana', 'movie', asTrakt(film, 1), '2025-04-01T20:00:00.000Z');
    fake.watch('dana', 'show', asTrakt(show, 2), '2025-04-02T20:00:00.000Z', { season: 1, number: 1 });
    fake.watch('dana', 'show', asTrakt(show, 2), '2025-04-03T20:00:00.000Z', { season: 1, number: 2 });
    fake.rate('dana', 'movie', asTrakt(rated, 3), 9);

    const a = createTraktAdapter({ apiUrl: fake.url, clientId: fake.clientId, clientSecret: fake.clientSecret, sleep: async () => {} });
    const code = await a.deviceStart!({ now: new Date() });
    fake.approve(code.userCode, 'dana');
    const connected = await a.devicePoll!(code.deviceCode, { now: new Date() });
    if (connected === 'pending') throw new Error('pending');

    const now = () => server.running.ctx.clock.now();
    const first = await a.pull(connected.credentials, null, { now: now() });
    const counts = await recordEvents(history, u.userId, 'trakt', first.events, now());
    expect(counts).toEqual({ received: 3, written: 3, duplicates: 0, unmatched: 0 });
    const rows = await recommendationRows(server, u.userId);
    const row = (t: CatalogEntry) => rows.filter((r) => r.title_id === t.id);
    expect(row(film)).toHaveLength(1);
    expect(row(film)[0]).toMatchObject({ status: 'watched', origin: 'trakt', reason: 'Watched on Trakt', created_at: '2025-04-01T20:00:00.000Z' });
    expect(row(show)).toHaveLength(1);
    expect(row(show)[0]).toMatchObject({ status: 'watched', origin: 'trakt', created_at: '2025-04-03T20:00:00.000Z' });
    expect(row(rated)[0]).toMatchObject({ origin: 'trakt', user_rating: 1 });

    // The cursor was lost (a kill before it was stored): the whole pull again changes nothing.
    const replay = await a.pull(connected.credentials, null, { now: now() });
    expect(await recordEvents(history, u.userId, 'trakt', replay.events, now())).toEqual({ received: 3, written: 0, duplicates: 3, unmatched: 0 });
    expect(await recommendationRows(server, u.userId)).toEqual(rows);

    fake.reset();
    const idle = await a.pull(connected.credentials, first.cursor, { now: now() });
    expect(idle.events).toEqual([]);
    expect(fake.gets().map((r) => r.path)).toEqual(['/sync/last_activities']);
  });
});
