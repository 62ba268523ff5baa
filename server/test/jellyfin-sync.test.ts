// Jellyfin and Emby through the connected apps' service on each database, against the local fake
// of their API: connect by API key and user, a "sync now" whose full pass spans several pulls (the
// library ends whole, the played titles are "Watched on Jellyfin" dated as the server dates them),
// then webhooks over the stored secret: a PlaybackStop played to the end is watched once (a
// replay changes nothing), ItemAdded joins the library, a malformed body is a 400 with nothing
// written; Emby's playback.stop the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connections } from '../src/features/connections/connections.service.js';
import { mediaServerAdapter } from '../src/features/connections/jellyfin/jellyfin.adapter.js';
import { JELLYFIN_WEBHOOK_TEMPLATE } from '../src/features/connections/jellyfin/webhook.js';
import { libraryOf } from '../src/features/sync/library.repository.js';
import type { CatalogEntry as CatalogTitle } from '../src/catalog/catalog-title.js';
import { dialects } from './support/dialects.js';
import { dashed, embyPayload, renderTemplate, startFakeJellyfin, type FakeItem, type FakeJellyfin } from './support/fake-jellyfin.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { onboardedUser, recommendationRows } from './recommendations.helpers.js';

describe.each(dialects)('Jellyfin and Emby synced on %s', (dialect) => {
  let server: TestServer;
  let jellyfin: FakeJellyfin;
  let emby: FakeJellyfin;
  beforeAll(async () => {
    [server, jellyfin, emby] = await Promise.all([startTestServer(dialect), startFakeJellyfin('jellyfin'), startFakeJellyfin('emby')]);
  });
  afterAll(async () => {
    if (server) await server.running.services.history.coLikes.idle();
    await Promise.all([server?.close(), jellyfin?.close(), emby?.close()]);
  });

  /** Catalog titles whose name no other title has, of a kind, so each fake item matches exactly one. */
  async function uniqueTitles(kind: 'movie' | 'series', n: number, skip = 0): Promise<CatalogTitle[]> {
    const titles = await server.running.services.history.catalog.titles();
    const count = new Map<string, number>();
    for (const t of titles) count.set(t.title.toLowerCase(), (count.get(t.title.toLowerCase()) ?? 0) + 1);
    return titles.filter((t) => t.kind === kind && count.get(t.title.toLowerCase()) === 1 && t.year !== null).slice(skip, skip + n);
  }
  /** The fake's fixture items renamed after catalog titles (movies 0-4, series 5-7), ids by name and year only. */
  async function castAsCatalog(fake: FakeJellyfin): Promise<CatalogTitle[]> {
    const cast = [...(await uniqueTitles('movie', 5)), ...(await uniqueTitles('series', 3))];
    cast.forEach((t, i) => Object.assign(fake.items[i], { Name: t.title, ProductionYear: t.year, ProviderIds: {} } satisfies Partial<FakeItem>));
    return cast;
  }

  it('connects Jellyfin, pulls a library bigger than one pull whole, and takes webhooks once each', async () => {
    const cast = await castAsCatalog(jellyfin);
    const connections = new Connections(server.running.ctx, server.running.services.history, new Map([['jellyfin', mediaServerAdapter('jellyfin', { pageSize: 3, pagesPerPull: 1 })]]));
    const u = await onboardedUser(server);
    const connected = await connections.connect(u.userId, 'jellyfin', { server_url: jellyfin.url, api_key: jellyfin.apiKey, user_id: jellyfin.users.alice.Id });
    expect(connected).toMatchObject({ kind: 'jellyfin', connected: true, account_name: 'alice on Living room', last_error: null });
    const secret = new URL(connected.webhook_url!).pathname.split('/').pop()!;

    const synced = await connections.syncNow(u.userId, 'jellyfin');
    // Played (movies 0 and 2, series 5); a favourite never played (movie 1, series 7) is saved for
    // later; Arcane's place (6), half watched, and the unplayed ones are not.
    expect(synced).toMatchObject({ last_error: null, counts: { watched: 3, library: 8 } });
    const rows = new Map((await recommendationRows(server, u.userId)).map((r) => [r.title_id, r]));
    expect(rows.get(cast[0].id)).toMatchObject({ status: 'watched', origin: 'jellyfin', reason: 'Watched on Jellyfin', created_at: '2026-11-20T21:14:07.000Z' });
    expect(rows.get(cast[5].id)).toMatchObject({ status: 'watched', origin: 'jellyfin' });
    expect(rows.get(cast[6].id)?.status).not.toBe('watched');
    expect(rows.has(cast[1].id)).toBe(false);
    expect((await u.api.watchlist.list()).items.map((i) => i.title_id)).toEqual(expect.arrayContaining([cast[1].id, cast[7].id]));
    const library = await libraryOf(server.running.ctx.db, u.userId);
    expect(library).toHaveLength(8);
    expect(library.find((l) => l.titleId === cast[0].id)?.url).toBe(`${jellyfin.url}/web/index.html#!/details?id=${jellyfin.items[0].Id}&serverId=${jellyfin.serverId}`);

    // PlaybackStop played to the end of a movie not yet seen: watched on Jellyfin, once.
    const [fresh, added] = await uniqueTitles('movie', 2, 5);
    const stop = renderTemplate(JELLYFIN_WEBHOOK_TEMPLATE, {
      NotificationType: 'PlaybackStop',
      UtcTimestamp: '2026-12-01T21:14:07.1750827Z',
      UserId: dashed(jellyfin.users.alice.Id),
      ItemId: dashed('c'.repeat(32)),
      ItemType: 'Movie',
      Name: fresh.title,
      Year: fresh.year,
      PlayedToCompletion: true,
    });
    await connections.webhook('jellyfin', secret, Buffer.from(stop), 'application/json');
    await connections.webhook('jellyfin', secret, Buffer.from(stop), 'application/json');
    const after = (await recommendationRows(server, u.userId)).filter((r) => r.title_id === fresh.id);
    expect(after).toEqual([expect.objectContaining({ status: 'watched', origin: 'jellyfin', created_at: '2026-12-01T21:14:07.175Z' })]);

    // The server posts every user's plays to the one address: bob's play is not alice's history.
    const [bobs] = await uniqueTitles('movie', 1, 9);
    const play = (user: string) =>
      renderTemplate(JELLYFIN_WEBHOOK_TEMPLATE, { NotificationType: 'PlaybackStop', UtcTimestamp: '2026-12-01T22:00:00.0000000Z', UserId: dashed(user), ItemId: dashed('e'.repeat(32)), ItemType: 'Movie', Name: bobs.title, Year: bobs.year, PlayedToCompletion: true });
    await connections.webhook('jellyfin', secret, Buffer.from(play(jellyfin.users.bob.Id)), 'application/json');
    expect((await recommendationRows(server, u.userId)).some((r) => r.title_id === bobs.id)).toBe(false);
    // The same play by alice is hers.
    await connections.webhook('jellyfin', secret, Buffer.from(play(jellyfin.users.alice.Id)), 'application/json');
    expect((await recommendationRows(server, u.userId)).some((r) => r.title_id === bobs.id)).toBe(true);
    // Settings shows the template to paste beside the address.
    expect((await connections.status(u.userId, 'jellyfin')).webhook_template).toBe(JELLYFIN_WEBHOOK_TEMPLATE);

    // ItemAdded joins the library; a forged secret and a malformed body write nothing.
    const item = renderTemplate(JELLYFIN_WEBHOOK_TEMPLATE, { NotificationType: 'ItemAdded', ServerUrl: jellyfin.url, ServerId: jellyfin.serverId, ItemId: dashed('d'.repeat(32)), ItemType: 'Movie', Name: added.title, Year: added.year });
    await connections.webhook('jellyfin', secret, Buffer.from(item), 'application/json');
    expect((await connections.status(u.userId, 'jellyfin')).counts.library).toBe(9);
    await expect(connections.webhook('jellyfin', 'x'.repeat(43), Buffer.from(stop), 'application/json')).rejects.toMatchObject({ status: 404 });
    const before = (await recommendationRows(server, u.userId)).length;
    await expect(connections.webhook('jellyfin', secret, Buffer.from('{"NotificationType":"PlaybackStop"}'), 'application/json')).rejects.toMatchObject({ status: 400 });
    expect((await recommendationRows(server, u.userId)).length).toBe(before);
  });

  it("connects Emby by its user's password and takes its playback.stop once", async () => {
    await castAsCatalog(emby);
    const connections = new Connections(server.running.ctx, server.running.services.history, new Map([['emby', mediaServerAdapter('emby')]]));
    const u = await onboardedUser(server);
    const connected = await connections.connect(u.userId, 'emby', { server_url: emby.url, username: 'bob', password: 'battery staple' });
    expect(connected).toMatchObject({ kind: 'emby', connected: true, account_name: 'bob on Living room' });
    const secret = new URL(connected.webhook_url!).pathname.split('/').pop()!;
    const [fresh] = await uniqueTitles('movie', 1, 7);
    const body = embyPayload('playback.stop', emby, { ...emby.items[0], Id: '250001', Name: fresh.title, ProductionYear: fresh.year!, ProviderIds: {} }, { PlaybackInfo: { PlayedToCompletion: true } }, emby.users.bob);
    await connections.webhook('emby', secret, Buffer.from(JSON.stringify(body)), 'application/json');
    await connections.webhook('emby', secret, Buffer.from(JSON.stringify(body)), 'application/json');
    const rows = (await recommendationRows(server, u.userId)).filter((r) => r.title_id === fresh.id);
    expect(rows).toEqual([expect.objectContaining({ status: 'watched', origin: 'emby', reason: 'Watched on Emby' })]);
  });
});
