// The TMDB sync against the fake TMDB's renamed-provider shapes, on each dialect: offers land on
// platforms by TMDB provider id (never by a name TMDB changed), and series whose episode_run_time
// is empty still get a runtime (docs/catalog.md, "Providers").
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dialects } from '../../../test/support/dialects.js';
import { startFakeTmdb, type FakeTmdb } from '../../../test/support/fake-tmdb.js';
import { RENAMED_PROVIDERS } from '../../../test/support/fake-tmdb-renamed.js';
import { freshDatabase, type FreshDatabase } from '../test-support.js';
import { TmdbClient } from '../../integrations/tmdb/client.js';
import { runTmdbSync, type TmdbSyncOptions } from './tmdb-sync.js';

let fake: FakeTmdb;
const client = () => new TmdbClient({ apiUrl: fake.url, apiKey: fake.apiKey, backoffBaseMs: 2, backoffMaxMs: 10, ratePerSecond: 5000, burst: 200, maxAttempts: 2 });
const base = (now: string): TmdbSyncOptions => ({ regions: ['US', 'IN'], languages: [], maxTitles: 1000, batchSize: 10, now: () => new Date(now) });

afterAll(async () => fake?.close());

describe.each(dialects)('TMDB sync, providers by id (%s)', (dialect) => {
  let fresh: FreshDatabase;
  beforeEach(async () => {
    await fake?.close();
    fake = await startFakeTmdb({ noFixtures: true, renamed: true });
    fresh = await freshDatabase(dialect);
  });
  afterEach(async () => fresh?.close());
  const db = () => fresh.handle.db;
  const offersOf = (titleId: string) =>
    db().selectFrom('title_availability').select(['platform', 'region', 'kind']).where('title_id', '=', titleId).orderBy('platform').orderBy('region').orderBy('kind').execute();
  const platform = (name: string) => db().selectFrom('platforms').select(['name', 'tmdb_provider_id', 'logo_path']).where('name', '=', name).executeTakeFirst();

  it('rents and sales from provider 2 ("Apple TV") land on Apple\'s store, never on Apple TV+; renamed ids of ours land on ours', async () => {
    // What the name match left behind: Apple's store id and logo on Apple TV+.
    await db().updateTable('platforms').set({ tmdb_provider_id: 2, logo_path: RENAMED_PROVIDERS.appleStore.logo_path }).where('name', '=', 'Apple TV').execute();
    const r = await runTmdbSync(fresh.handle, client(), base('2026-11-25T12:00:00Z'));
    expect(r).toMatchObject({ complete: true, failed: 0, processed: 4 });

    const movie = await db().selectFrom('titles').select('id').where('tmdb_id', '=', 990001).where('kind', '=', 'movie').executeTakeFirstOrThrow();
    expect(await offersOf(movie.id)).toEqual([
      { platform: 'Amazon Video', region: 'US', kind: 'rent' },
      { platform: 'Apple TV', region: 'US', kind: 'subscription' },
      { platform: 'Apple TV Store', region: 'IN', kind: 'buy' },
      { platform: 'Apple TV Store', region: 'IN', kind: 'rent' },
      { platform: 'Apple TV Store', region: 'US', kind: 'buy' },
      { platform: 'Apple TV Store', region: 'US', kind: 'rent' },
      { platform: 'JioHotstar', region: 'IN', kind: 'subscription' },
      { platform: 'Paramount+', region: 'US', kind: 'subscription' },
    ]);
    // Apple TV+ carries its own TMDB id and logo again; the store has its own platform.
    expect(await platform('Apple TV')).toEqual({ name: 'Apple TV', tmdb_provider_id: 350, logo_path: RENAMED_PROVIDERS.appleTvPlus.logo_path });
    expect(await platform('Apple TV Store')).toEqual({ name: 'Apple TV Store', tmdb_provider_id: 2, logo_path: RENAMED_PROVIDERS.appleStore.logo_path });
    // No platform was made from a provider's display name for an id of ours.
    for (const name of ['Paramount+ with Showtime', 'Hotstar Disney+', 'Netflix Kids', 'Apple iTunes']) expect(await platform(name), name).toBeUndefined();

    const harbour = await db().selectFrom('titles').select(['id', 'episode_runtime']).where('tmdb_id', '=', 990002).executeTakeFirstOrThrow();
    expect(await offersOf(harbour.id)).toEqual([
      { platform: 'Apple TV Store', region: 'US', kind: 'buy' },
      { platform: 'Cinema Club', region: 'US', kind: 'subscription' },
      { platform: 'Netflix', region: 'US', kind: 'subscription' },
    ]);
  });

  it('a series with an empty episode_run_time takes the last episode\'s runtime, else the next one\'s, else its season\'s episodes', async () => {
    await runTmdbSync(fresh.handle, client(), base('2026-11-25T12:00:00Z'));
    const runtimes = await db().selectFrom('titles').select(['tmdb_id', 'episode_runtime']).where('kind', '=', 'series').orderBy('tmdb_id').execute();
    expect(runtimes.map((t) => [Number(t.tmdb_id), t.episode_runtime])).toEqual([
      [990002, 52],
      [990003, 44],
      [990004, 31],
    ]);
  });

  it('a provider we do not list keeps its platform when TMDB renames it', async () => {
    await runTmdbSync(fresh.handle, client(), base('2026-11-25T12:00:00Z'));
    expect(await platform('Cinema Club')).toMatchObject({ tmdb_provider_id: 9001 });
    const show = fake.tv.get(990002)!;
    const us = show['watch/providers'].results.US;
    fake.touch('tv', 990002, { 'watch/providers': { results: { US: { ...us, flatrate: [RENAMED_PROVIDERS.netflixKids, RENAMED_PROVIDERS.clubAfter] } } } });
    const r = await runTmdbSync(fresh.handle, client(), base('2026-11-26T12:00:00Z'));
    expect(r).toMatchObject({ mode: 'incremental', complete: true, failed: 0 });
    const offers = await db().selectFrom('title_availability').select(['platform', 'as_of']).where('platform', 'like', 'Cinema Club%').execute();
    expect(offers).toEqual([{ platform: 'Cinema Club', as_of: '2026-11-26' }]);
    expect(await platform('Cinema Club Premium')).toBeUndefined();
  });
});
