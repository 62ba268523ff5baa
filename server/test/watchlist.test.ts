// The watchlist ("Save for later"), through the real API on a real database: save, list, remove,
// the bound, another user's list, what the extension's token may do, and what saving does to
// tonight's pick (a saved title on the user's service becomes the pick, and the reason says so).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExport, createApiClient, Recommendation, WATCHLIST_MAX, WatchlistChange, WatchlistResponse } from '@app/shared';
import type { CatalogEntry } from '../src/catalog/catalog.store.js';
import { STREAMABLE } from '../src/catalog/snapshot.js';
import { servesCountry } from '../src/catalog/where-to-watch.js';
import { dialects } from './support/dialects.js';
import { MemoryTokenStore, rawRequest, type TestServer, startTestServer } from './support/test-server.js';
import { failure, onboardedUser, recommendationRows, setPlan, type Onboarded } from './recommendations.helpers.js';

describe.each(dialects)('watchlist on %s', (dialect) => {
  let server: TestServer;
  let titles: CatalogEntry[];
  beforeAll(async () => {
    server = await startTestServer(dialect);
    titles = await server.running.services.catalog.titles();
  });
  afterAll(async () => {
    await server?.close();
  });

  const streamsOn = (t: CatalogEntry, platform: string, country: string) =>
    t.availability.some((o) => o.platform === platform && STREAMABLE.has(o.kind) && servesCountry(o.region, country));
  const savedRows = (userId: string) => server.running.ctx.db.selectFrom('watchlist').selectAll().where('user_id', '=', userId).execute();

  /** A Netflix subscriber in the United States, on the lifetime plan (picks never run out here). */
  async function subscriber(): Promise<Onboarded> {
    const u = await onboardedUser(server, { platforms: ['Netflix'] });
    await u.api.settings.updateProfile({ country: 'US' });
    await setPlan(server, u.userId, 'paid_lifetime');
    return u;
  }

  /** Titles the user has not been issued (nor chosen as favourites), in English, on Netflix in the US (or not). */
  async function fresh(u: Onboarded, onNetflix: boolean, n: number): Promise<CatalogEntry[]> {
    const issued = new Set((await recommendationRows(server, u.userId)).map((r) => r.title_id));
    const favourites = new Set((await u.api.onboarding.getPreferences()).initial_movies);
    return titles
      .filter((t) => !issued.has(t.id) && !favourites.has(t.title) && t.language === 'English' && streamsOn(t, 'Netflix', 'US') === onNetflix)
      .slice(0, n);
  }

  it('saves for later, lists newest first with where to watch, removes; saving and removing twice answer the same', async () => {
    const u = await subscriber();
    const [a, b] = await fresh(u, true, 2);
    const [c] = await fresh(u, false, 1);
    expect(WatchlistResponse.parse(await u.api.watchlist.list())).toEqual({ items: [], total: 0 });

    const saved = WatchlistChange.parse(await u.api.watchlist.add({ title_id: a.id }));
    expect(saved).toEqual({ message: 'Saved for later.', title_id: a.id, saved: true });
    await new Promise((r) => setTimeout(r, 5));
    await u.api.watchlist.add({ title_id: ` ${c.id} ` });
    await new Promise((r) => setTimeout(r, 5));
    await u.api.watchlist.add({ title_id: b.id });
    // Twice: fine, still one entry, the first save's time kept.
    const firstAdded = (await savedRows(u.userId)).find((r) => r.title_id === a.id)!.added_at;
    expect(await u.api.watchlist.add({ title_id: a.id })).toEqual(saved);
    expect((await savedRows(u.userId)).find((r) => r.title_id === a.id)!.added_at).toBe(firstAdded);

    const list = WatchlistResponse.parse(await u.api.watchlist.list());
    expect(list.total).toBe(3);
    expect(list.items.map((i) => i.title_id)).toEqual([b.id, c.id, a.id]);
    const [ib, ic] = list.items;
    expect(ib).toMatchObject({ movie_title: b.title, on_your_services: true, platform: 'Netflix', region: 'US', import_id: null });
    expect(ib.where_to_watch.some((o) => o.yours && !o.elsewhere && o.platform === 'Netflix')).toBe(true);
    expect(ic).toMatchObject({ movie_title: c.title, on_your_services: false, platform: null });

    const removed = WatchlistChange.parse(await u.api.watchlist.remove(a.id));
    expect(removed).toEqual({ message: 'Removed from your watchlist.', title_id: a.id, saved: false });
    expect(await u.api.watchlist.remove(a.id)).toEqual(removed);
    expect((await u.api.watchlist.list()).items.map((i) => i.title_id)).toEqual([b.id, c.id]);
  });

  it('refuses an unknown title (404), a bad body (400) and a title already watched (409), and saves nothing then', async () => {
    const u = await subscriber();
    const unknown = await failure(u.api.watchlist.add({ title_id: 'no-such-title' }));
    expect(unknown.status).toBe(404);
    expect(unknown.detail).toBe('That title is not in our catalog.');
    for (const body of [{}, { title_id: '' }, { title_id: 'x'.repeat(65) }, { title_id: 42 }, { title_id: 'a', extra: 1 }, 'nope']) {
      const res = await rawRequest(server.url, '/api/watchlist', { method: 'POST', body: JSON.stringify(body), token: u.store.token! });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.detail).toBe('string');
    }
    // Watched: tonight's pick closed as "Already watched".
    const pick = await u.api.recommendations.current();
    await u.api.recommendations.next({ previous: 'watched' });
    const watched = await failure(u.api.watchlist.add({ title_id: pick.title_id }));
    expect(watched.status).toBe(409);
    expect(watched.detail).toBe("You've already watched this.");
    // Tonight's pick itself may be saved for later (the popup's button is on its card).
    const active = await u.api.recommendations.current();
    expect(active.saved).toBe(false);
    expect((await u.api.watchlist.add({ title_id: active.title_id })).saved).toBe(true);
    expect((await u.api.recommendations.current()).saved).toBe(true);
    expect((await savedRows(u.userId)).map((r) => r.title_id)).toEqual([active.title_id]);
    // Another user's list says nothing about this user's card.
    const other = await onboardedUser(server);
    expect((await other.api.watchlist.add({ title_id: active.title_id })).saved).toBe(true);
    await u.api.watchlist.remove(active.title_id);
    expect((await u.api.recommendations.current()).saved).toBe(false);
    // No token: 401.
    expect((await rawRequest(server.url, '/api/watchlist')).status).toBe(401);
  });

  it("keeps each user's list their own", async () => {
    const [u, v] = [await subscriber(), await subscriber()];
    const [a] = await fresh(u, true, 1);
    await u.api.watchlist.add({ title_id: a.id });
    expect((await v.api.watchlist.list()).total).toBe(0);
    // Removing "it" from another list changes nothing in this one.
    await v.api.watchlist.remove(a.id);
    expect((await u.api.watchlist.list()).items.map((i) => i.title_id)).toEqual([a.id]);
  });

  it(`holds at most ${WATCHLIST_MAX} titles: one more answers 409, a saved one still answers saved`, async () => {
    const u = await subscriber();
    const ids = titles.slice(0, WATCHLIST_MAX + 1).map((t) => t.id);
    expect(ids.length).toBe(WATCHLIST_MAX + 1);
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
    const rows = ids.slice(0, WATCHLIST_MAX).map((title_id, i) => ({ user_id: u.userId, title_id, added_at: at(i), import_id: null }));
    for (let i = 0; i < rows.length; i += 100) await server.running.ctx.db.insertInto('watchlist').values(rows.slice(i, i + 100)).execute();
    const full = await failure(u.api.watchlist.add({ title_id: ids[WATCHLIST_MAX] }));
    expect(full.status).toBe(409);
    expect(full.detail).toBe(`Your watchlist is full (${WATCHLIST_MAX} titles). Remove one to save another.`);
    expect((await u.api.watchlist.add({ title_id: ids[3] })).saved).toBe(true);
    const list = await u.api.watchlist.list();
    expect(list.total).toBe(WATCHLIST_MAX);
    expect(list.items[0].title_id).toBe(ids[WATCHLIST_MAX - 1]);
    await u.api.watchlist.remove(ids[0]);
    expect((await u.api.watchlist.add({ title_id: ids[WATCHLIST_MAX] })).saved).toBe(true);
  });

  it("makes a saved title on the user's service tonight's pick, says so, and lets it go once watched", async () => {
    const u = await subscriber();
    await u.api.recommendations.current();
    const saved = await fresh(u, true, 3);
    for (const t of saved) await u.api.watchlist.add({ title_id: t.id });
    const pick = Recommendation.parse(await u.api.recommendations.next({}));
    expect(saved.map((t) => t.id)).toContain(pick.title_id);
    expect(pick.platform).toBe('Netflix');
    expect(pick.reason).toMatch(/^You saved it for later, and it's on Netflix: /);
    expect(pick.saved).toBe(true);
    // The history page says which titles are saved (one query for the page).
    const history = await u.api.recommendations.history({ page: 1, page_size: 10 });
    expect(history.recommendations.map((r) => r.saved)).toEqual([true, false]);

    // Skipped: it stays saved. Watched: it leaves the list.
    const next = await u.api.recommendations.next({ previous: 'skip' });
    expect((await u.api.watchlist.list()).items.map((i) => i.title_id)).toContain(pick.title_id);
    expect(saved.map((t) => t.id)).toContain(next.title_id);
    await u.api.recommendations.next({ previous: 'watched' });
    const left = (await u.api.watchlist.list()).items.map((i) => i.title_id);
    expect(left).not.toContain(next.title_id);
    expect(left).toContain(pick.title_id);
  });

  it("does not favour a saved title that is not on the user's services", async () => {
    const u = await subscriber();
    await u.api.recommendations.current();
    const elsewhere = await fresh(u, false, 20);
    for (const t of elsewhere) await u.api.watchlist.add({ title_id: t.id });
    for (let i = 0; i < 3; i++) {
      const pick = await u.api.recommendations.next({});
      expect(elsewhere.map((t) => t.id)).not.toContain(pick.title_id);
      expect(pick.reason).not.toMatch(/saved/i);
      expect(pick.saved).toBe(false);
    }
  });

  it("lets the extension's token save, list and remove, but not edit history", async () => {
    const u = await subscriber();
    const [a] = await fresh(u, true, 1);
    const { token } = await u.api.extension.createToken({ nonce: randomBytes(24).toString('base64url'), browser_name: 'Chrome' });
    const store = new MemoryTokenStore();
    store.token = token;
    const ext = createApiClient({ baseUrl: server.url, fetch, tokenStore: store, onUnauthorized: () => {} });
    expect((await ext.watchlist.add({ title_id: a.id })).saved).toBe(true);
    expect((await ext.watchlist.list()).items.map((i) => i.title_id)).toEqual([a.id]);
    expect((await ext.watchlist.remove(a.id)).saved).toBe(false);
    const pick = await ext.recommendations.current();
    await ext.recommendations.next({});
    expect((await failure(ext.recommendations.editHistory(pick.id, { rating: true }))).status).toBe(403);
    expect((await failure(ext.recommendations.removeHistory(pick.id))).status).toBe(403);
  });

  it('puts the watchlist in the account export, and deleting the account deletes it', async () => {
    const u = await subscriber();
    const [a] = await fresh(u, true, 1);
    await u.api.watchlist.add({ title_id: a.id });
    const res = await rawRequest(server.url, '/api/account/export', { token: u.store.token! });
    expect(res.status).toBe(200);
    const exported = AccountExport.parse(res.body);
    // With what another service needs to find the title again (the built-in pack has no TMDB or IMDb ids).
    expect(exported.watchlist).toEqual([{ title_id: a.id, title: a.title, year: a.year, kind: a.kind, imdb_id: null, tmdb_id: null, tmdb_kind: null, added_at: expect.any(String), import_id: null }]);
    await server.running.ctx.db.deleteFrom('users').where('id', '=', u.userId).execute();
    expect(await savedRows(u.userId)).toEqual([]);
  });
});
