// Plex through the connected apps' service on each database, against the local Plex fake: connect,
// a "sync now" whose pass over the library spans several pulls (the library ends whole), then
// webhooks over the stored secret: a scrobble becomes "Watched on Plex" once (a replay changes
// nothing), library.new joins the library, a malformed body is a 400 with nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connections } from '../src/features/connections/connections.service.js';
import { plexAdapter } from '../src/features/connections/plex/plex.adapter.js';
import { libraryOf } from '../src/features/sync/library.repository.js';
import type { CatalogEntry as CatalogTitle } from '../src/catalog/catalog-title.js';
import { dialects } from './support/dialects.js';
import { plexWebhookBody, plexWebhookPayload, startFakePlex, type FakeItem, type FakePlex } from './support/fake-plex.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { onboardedUser, recommendationRows } from './recommendations.helpers.js';

describe.each(dialects)('Plex synced on %s', (dialect) => {
  let server: TestServer;
  let fake: FakePlex;
  beforeAll(async () => {
    [server, fake] = await Promise.all([startTestServer(dialect), startFakePlex()]);
  });
  afterAll(async () => {
    if (server) await server.running.services.history.coLikes.idle();
    await Promise.all([server?.close(), fake?.close()]);
  });

  /** Catalog titles whose name no other title has, so the fake's items match exactly one. */
  async function uniqueTitles(n: number): Promise<CatalogTitle[]> {
    const titles = await server.running.services.history.catalog.titles();
    const count = new Map<string, number>();
    for (const t of titles) count.set(t.title.toLowerCase(), (count.get(t.title.toLowerCase()) ?? 0) + 1);
    return titles.filter((t) => count.get(t.title.toLowerCase()) === 1 && t.year !== null).slice(0, n);
  }
  const item = (t: CatalogTitle, i: number, viewedAt: number | null): FakeItem => ({
    ratingKey: String(700 + i),
    type: t.kind === 'movie' ? 'movie' : 'show',
    title: t.title,
    year: t.year!,
    ...(viewedAt === null ? {} : t.kind === 'movie' ? { viewCount: 1, lastViewedAt: viewedAt } : { leafCount: 10, viewedLeafCount: 2, lastViewedAt: viewedAt }),
  });

  it('connects, pulls a library bigger than one pull whole, and takes webhooks once each', async () => {
    const titles = await uniqueTitles(8);
    expect(titles).toHaveLength(8);
    const viewedAt = 1_763_000_000;
    // Six items over two sections, three viewed; two titles left for the webhooks.
    const items = titles.slice(0, 6).map((t, i) => item(t, i, i % 2 === 0 ? viewedAt - i * 3600 : null));
    fake.sections = [
      { key: '1', type: 'movie', title: 'Movies', items: items.filter((i) => i.type === 'movie') },
      { key: '2', type: 'show', title: 'TV Shows', items: items.filter((i) => i.type === 'show') },
    ];
    const connections = new Connections(server.running.ctx, server.running.services.history, new Map([['plex', plexAdapter({ pageSize: 2, pagesPerPull: 1 })]]));
    const u = await onboardedUser(server);

    const connected = await connections.connect(u.userId, 'plex', { server_url: fake.url, token: fake.token });
    expect(connected).toMatchObject({ kind: 'plex', connected: true, account_name: 'alice on Living room', last_error: null });
    const secret = new URL(connected.webhook_url!).pathname.split('/').pop()!;

    const synced = await connections.syncNow(u.userId, 'plex');
    expect(synced).toMatchObject({ last_error: null, counts: { watched: 3, library: 6 } });
    const rows = await recommendationRows(server, u.userId);
    const byTitle = new Map(rows.map((r) => [r.title_id, r]));
    for (const [i, t] of titles.slice(0, 6).entries()) {
      if (i % 2 === 0) expect(byTitle.get(t.id)).toMatchObject({ status: 'watched', origin: 'plex', reason: 'Watched on Plex', created_at: new Date((viewedAt - i * 3600) * 1000).toISOString() });
      else expect(byTitle.has(t.id)).toBe(false);
    }
    const library = await libraryOf(server.running.ctx.db, u.userId);
    expect(library.map((l) => l.titleId).sort()).toEqual(titles.slice(0, 6).map((t) => t.id).sort());
    expect(library[0].url).toMatch(new RegExp(`^${fake.url}/web/index\\.html#!/server/${fake.machineIdentifier}/details\\?key=%2Flibrary%2Fmetadata%2F70\\d$`));

    // A scrobble of a title not yet seen: watched on Plex, once.
    const seventh = titles[6];
    const scrobble = plexWebhookBody(plexWebhookPayload('media.scrobble', { ...item(seventh, 6, viewedAt + 60), type: seventh.kind === 'movie' ? 'movie' : 'show' }));
    await connections.webhook('plex', secret, scrobble.body, scrobble.contentType);
    await connections.webhook('plex', secret, scrobble.body, scrobble.contentType);
    const after = (await recommendationRows(server, u.userId)).filter((r) => r.title_id === seventh.id);
    expect(after).toEqual([expect.objectContaining({ status: 'watched', origin: 'plex', created_at: new Date((viewedAt + 60) * 1000).toISOString() })]);

    // library.new joins the library; a forged secret and a malformed body write nothing.
    const eighth = titles[7];
    const added = plexWebhookBody(plexWebhookPayload('library.new', { ...item(eighth, 7, null) }, { serverUuid: fake.machineIdentifier }));
    await connections.webhook('plex', secret, added.body, added.contentType);
    expect((await connections.status(u.userId, 'plex')).counts.library).toBe(7);
    await expect(connections.webhook('plex', 'x'.repeat(43), scrobble.body, scrobble.contentType)).rejects.toMatchObject({ status: 404 });
    const before = (await recommendationRows(server, u.userId)).length;
    await expect(connections.webhook('plex', secret, Buffer.from('{"event":"media.scrobble"}'), 'application/json')).rejects.toMatchObject({
      status: 400,
      message: 'A Plex webhook is multipart/form-data',
    });
    expect((await recommendationRows(server, u.userId)).length).toBe(before);
  });
});
