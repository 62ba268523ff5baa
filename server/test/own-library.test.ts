// Your own library is a service (issue 37; docs/product-decisions.md, "Your own library is a
// service"), through the real API on both databases: a title on the user's Jellyfin that is on
// none of their services in their country is picked, and its card says "On your Jellyfin" first,
// linking to the item on their server; a title watched on Jellyfin is never picked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchSummary } from '@app/shared';
import type { CatalogEntry } from '../src/catalog/catalog.store.js';
import { STREAMABLE } from '../src/catalog/snapshot.js';
import { servesCountry } from '../src/catalog/where-to-watch.js';
import { addToLibrary } from '../src/features/sync/library.repository.js';
import { dialects } from './support/dialects.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { onboardedUser, recommendationRows, setPlan, type Onboarded } from './recommendations.helpers.js';

const ITEM_URL = 'https://media.example.net/web/index.html#!/details?id=f00d';

describe.each(dialects)('your own library on %s', (dialect) => {
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

  /** A Hulu subscriber in India: Hulu streams nothing there, so only their own library is on their services. */
  async function huluInIndia(): Promise<Onboarded> {
    const u = await onboardedUser(server, { platforms: ['Hulu'] });
    await u.api.settings.updateProfile({ country: 'IN' });
    await setPlan(server, u.userId, 'paid_lifetime');
    expect(titles.filter((t) => streamsOn(t, 'Hulu', 'IN'))).toEqual([]);
    return u;
  }

  /** Series: never among the onboarding favourites (films), so not in the user's history yet. */
  const series = () => titles.filter((t) => t.kind === 'series');

  it('picks a title on your Jellyfin that none of your services has in your country, and says "On your Jellyfin" with its link', async () => {
    const u = await huluInIndia();
    const owned = series()[0];
    await addToLibrary(server.running.ctx.db, u.userId, 'jellyfin', [{ itemId: 'f00d', titleId: owned.id, url: ITEM_URL }], new Date().toISOString());

    const pick = await u.api.recommendations.current();
    expect(pick.title_id).toBe(owned.id);
    expect(pick.platform).toBeNull();
    expect(pick.where_to_watch[0]).toMatchObject({ platform: 'Jellyfin', kind: 'library', link: ITEM_URL, yours: true, elsewhere: false });
    expect(pick.reason).toContain('on your Jellyfin');
    const where = watchSummary(pick);
    expect(where.own).toEqual([{ label: 'On your Jellyfin', link: ITEM_URL, logo_url: null }]);
    expect(where.notice).toBeNull();
    // The card read again (the active pick) says the same.
    expect((await u.api.recommendations.current()).where_to_watch[0]).toMatchObject({ kind: 'library', link: ITEM_URL });
  });

  it('never picks a title you watched on Jellyfin, even from your own library', async () => {
    const u = await huluInIndia();
    const [watched, other] = series().slice(1, 3);
    const db = server.running.ctx.db;
    await addToLibrary(db, u.userId, 'jellyfin', [watched, other].map((t, i) => ({ itemId: `item-${i}`, titleId: t.id, url: null })), new Date().toISOString());
    const history = server.running.services.history;
    const index = await history.index();
    await history.write(u.userId, async (h) =>
      h.add([{ seq: await h.nextSeq(), titleId: watched.id, movieTitle: watched.title, status: 'watched', reason: '', createdAt: new Date().toISOString(), origin: 'jellyfin' }], index),
    );

    const first = await u.api.recommendations.current();
    expect(first.title_id).toBe(other.id);
    // With the library spent, the next picks fall back to titles of unknown availability: never the watched one.
    for (let i = 0; i < 3; i++) expect((await u.api.recommendations.next({ previous: 'skip' })).title_id).not.toBe(watched.id);
    const rows = await recommendationRows(server, u.userId);
    expect(rows.filter((r) => r.title_id === watched.id).map((r) => r.origin)).toEqual(['jellyfin']);
  });
});
