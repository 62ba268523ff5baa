// The one way in for synced events (features/sync/sync.service.ts): what a connected app or the
// extension reports becomes history through the running server's own History, once per external
// event, once per title, dated as the source dates it; the active pick watched elsewhere closes and
// is never picked again; a rating given here later than the source's stands.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncEvent } from '../src/features/sync/sync-event.js';
import { recordEvents, recordLibrary, removeOrigin } from '../src/features/sync/sync.service.js';
import { libraryOf } from '../src/features/sync/library.repository.js';
import { dialects } from './support/dialects.js';
import { checkKept } from './support/taste-cache.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { onboardedUser, quotaRows, recommendationRows, setPlan } from './recommendations.helpers.js';

describe.each(dialects)('synced events on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    if (server) await server.running.services.history.coLikes.idle();
    await server?.close();
  });

  const history = () => server.running.services.history;
  const now = () => server.running.ctx.clock.now();
  async function titleNotIn(userId: string, skip = 0) {
    const inHistory = new Set((await recommendationRows(server, userId)).map((r) => r.title_id));
    return (await history().catalog.titles()).filter((t) => !inHistory.has(t.id))[skip];
  }
  const watched = (t: { title: string; year: number; kind: 'movie' | 'series' }, key: string, at: Date, extra: Partial<SyncEvent> = {}): SyncEvent => ({
    key,
    title: { kind: t.kind, name: t.title, year: t.year },
    at,
    watched: true,
    ...extra,
  });

  it('writes a watch once, dated by the source, and a replay of the same event changes nothing', async () => {
    const u = await onboardedUser(server);
    await setPlan(server, u.userId, 'paid_lifetime');
    // A pick first: the server then keeps the user's taste state, which every write must keep true.
    await u.api.recommendations.next({});
    const t = (await titleNotIn(u.userId))!;
    const at = new Date(now().getTime() - 3 * 86_400_000);
    const first = await recordEvents(history(), u.userId, 'jellyfin', [watched(t, 'jf:played:1', at)], now());
    expect(first).toEqual({ received: 1, written: 1, duplicates: 0, unmatched: 0 });
    const again = await recordEvents(history(), u.userId, 'jellyfin', [watched(t, 'jf:played:1', at)], now());
    expect(again).toEqual({ received: 1, written: 0, duplicates: 1, unmatched: 0 });
    // Another event of the same title (played again) never adds a second row.
    await recordEvents(history(), u.userId, 'jellyfin', [watched(t, 'jf:played:2', new Date(at.getTime() + 1000))], now());
    const rows = (await recommendationRows(server, u.userId)).filter((r) => r.title_id === t.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'watched', origin: 'jellyfin', reason: 'Watched on Jellyfin', created_at: at.toISOString() });
    const page = await u.api.recommendations.history({ page: 1 });
    expect(page.recommendations.find((i) => i.title_id === t.id)).toMatchObject({ origin: 'jellyfin', watched_on: 'jellyfin' });
    expect(await checkKept(server, u.userId)).toBe(true);
  });

  it('closes tonight\'s pick watched elsewhere, and the next pick is another title', async () => {
    const u = await onboardedUser(server);
    await setPlan(server, u.userId, 'paid_lifetime');
    const pick = await u.api.recommendations.next({});
    const t = (await history().catalog.titles()).find((x) => x.id === pick.title_id)!;
    await recordEvents(history(), u.userId, 'plex', [watched(t, 'plex:scrobble:1', now(), { playedToEnd: true })], now());
    const rows = (await recommendationRows(server, u.userId)).filter((r) => r.title_id === pick.title_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'watched', origin: 'pick', watched_on: 'plex' });
    const next = await u.api.recommendations.next({});
    expect(next.title_id).not.toBe(pick.title_id);
    expect(await checkKept(server, u.userId)).toBe(true);
  });

  it("replaces a free user's pick watched elsewhere for free, as Already Watched on the card does", async () => {
    const u = await onboardedUser(server);
    const pick = await u.api.recommendations.current();
    const t = (await history().catalog.titles()).find((x) => x.id === pick.title_id)!;
    await recordEvents(history(), u.userId, 'jellyfin', [watched(t, 'jf:stop:pick', now(), { playedToEnd: true })], now());
    const next = await u.api.recommendations.current();
    expect(next.title_id).not.toBe(pick.title_id);
    expect(await quotaRows(server, u.userId)).toEqual([expect.objectContaining({ used: 1, free_replacements: 1 })]);
    // Only the pick watched there: the one after it counts as usual.
    await u.api.recommendations.next({});
    expect(await quotaRows(server, u.userId)).toEqual([expect.objectContaining({ used: 2, free_replacements: 1 })]);
  });

  it('counts a series watched once an episode of it was played to the end', async () => {
    const u = await onboardedUser(server);
    const series = (await history().catalog.titles()).find((x) => x.kind === 'series')!;
    await recordEvents(history(), u.userId, 'jellyfin', [{ key: 'jf:stop:ep1', title: { kind: 'series', name: series.title, year: null }, at: now(), playedToEnd: true }], now());
    expect((await recommendationRows(server, u.userId)).find((r) => r.title_id === series.id)?.status).toBe('watched');
  });

  it('lets a rating given here after the source\'s stand, and a newer one from the source replace it', async () => {
    const u = await onboardedUser(server);
    const t = (await titleNotIn(u.userId))!;
    const t0 = new Date(now().getTime() - 10 * 86_400_000);
    await recordEvents(history(), u.userId, 'trakt', [watched(t, 'trakt:h:1', t0, { rating: { value: 9, max: 10 } })], now());
    let row = (await recommendationRows(server, u.userId)).find((r) => r.title_id === t.id)!;
    expect(row.user_rating).toBe(1);
    // The user changes it here (now), then an older rating arrives from the source: ours stands.
    await u.api.recommendations.editHistory(row.id, { rating: false });
    await recordEvents(history(), u.userId, 'trakt', [{ key: 'trakt:r:1', title: watched(t, '', t0).title, at: new Date(t0.getTime() + 1000), rating: { value: 10, max: 10 } }], now());
    row = (await recommendationRows(server, u.userId)).find((r) => r.title_id === t.id)!;
    expect(row.user_rating).toBe(0);
    // A rating the source gives later than ours replaces it.
    const later = new Date(now().getTime() + 60_000);
    await recordEvents(history(), u.userId, 'trakt', [{ key: 'trakt:r:2', title: watched(t, '', t0).title, at: later, rating: { value: 8, max: 10 } }], later);
    row = (await recommendationRows(server, u.userId)).find((r) => r.title_id === t.id)!;
    expect(row.user_rating).toBe(1);
  });

  it('reads a favourite as a like, a middling rating as watched only, and counts titles the catalog lacks', async () => {
    const u = await onboardedUser(server);
    const a = (await titleNotIn(u.userId, 0))!;
    const b = (await titleNotIn(u.userId, 1))!;
    const counts = await recordEvents(
      history(),
      u.userId,
      'emby',
      [
        watched(a, 'emby:fav:a', now(), { favourite: true }),
        watched(b, 'emby:played:b', now(), { rating: { value: 5, max: 10 } }),
        { key: 'emby:played:nope', title: { kind: 'movie', name: 'A Title No Catalog Holds', year: 1901 }, at: now(), watched: true },
      ],
      now(),
    );
    expect(counts).toEqual({ received: 3, written: 2, duplicates: 0, unmatched: 1 });
    const rows = await recommendationRows(server, u.userId);
    expect(rows.find((r) => r.title_id === a.id)?.user_rating).toBe(1);
    expect(rows.find((r) => r.title_id === b.id)).toMatchObject({ status: 'watched', user_rating: null });
    // A favourite never played there is one to see: saved for later, not a watched title.
    const c = (await titleNotIn(u.userId, 0))!;
    await recordEvents(history(), u.userId, 'emby', [{ key: 'emby:fav:c', title: watched(c, '', now()).title, at: now(), favourite: true }], now());
    expect((await recommendationRows(server, u.userId)).some((r) => r.title_id === c.id)).toBe(false);
    expect((await u.api.watchlist.list()).items.map((i) => i.title_id)).toContain(c.id);
    // The unmatched event is still remembered: replayed, it is a duplicate.
    const again = await recordEvents(history(), u.userId, 'emby', [{ key: 'emby:played:nope', title: { kind: 'movie', name: 'x', year: 1901 }, at: now(), watched: true }], now());
    expect(again.duplicates).toBe(1);
  });

  it('keeps a library per source, and a disconnect removes it, with the history it wrote when asked', async () => {
    const u = await onboardedUser(server);
    const [a, b] = [(await titleNotIn(u.userId, 0))!, (await titleNotIn(u.userId, 1))!];
    const item = (t: typeof a, id: string) => ({ itemId: id, url: `http://jf.local/web/#!/details?id=${id}`, title: { kind: t.kind, name: t.title, year: t.year } });
    expect(await recordLibrary(server.running.ctx, history(), u.userId, 'jellyfin', [item(a, '1'), item(b, '2')], now(), { replace: true })).toBe(2);
    expect(await recordLibrary(server.running.ctx, history(), u.userId, 'jellyfin', [item(a, '1')], now(), { replace: true })).toBe(1);
    expect((await libraryOf(server.running.ctx.db, u.userId)).map((r) => r.titleId)).toEqual([a.id]);
    await recordEvents(history(), u.userId, 'jellyfin', [watched(b, 'jf:played:b', now())], now());
    // An episode names its series by the server's id: found through the library whatever the name says.
    await recordEvents(history(), u.userId, 'jellyfin', [{ key: 'jf:stop:ep', title: { kind: 'series', name: 'A name no catalog holds', year: null, libraryItemId: '1' }, at: now(), playedToEnd: true }], now());
    expect((await recommendationRows(server, u.userId)).find((r) => r.title_id === a.id)?.status).toBe('watched');
    await removeOrigin(server.running.ctx, history(), u.userId, 'jellyfin', { removeHistory: false });
    expect(await libraryOf(server.running.ctx.db, u.userId)).toEqual([]);
    expect((await recommendationRows(server, u.userId)).some((r) => r.origin === 'jellyfin')).toBe(true);
    await removeOrigin(server.running.ctx, history(), u.userId, 'jellyfin', { removeHistory: true });
    expect((await recommendationRows(server, u.userId)).some((r) => r.origin === 'jellyfin')).toBe(false);
    // Its events are forgotten too: connecting again brings the watch back.
    expect((await recordEvents(history(), u.userId, 'jellyfin', [watched(b, 'jf:played:b', now())], now())).written).toBe(1);
  });
});
