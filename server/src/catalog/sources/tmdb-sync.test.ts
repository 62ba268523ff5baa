// The TMDB sync end to end against the local fake TMDB, on each dialect: a full sync, a resumed
// one, incremental changes, retirement, freshness and failures.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dialects } from '../../../test/support/dialects.js';
import { startFakeTmdb, type FakeTmdb } from '../../../test/support/fake-tmdb.js';
import { freshDatabase, type FreshDatabase } from '../test-support.js';
import { TmdbAuthError, TmdbClient } from '../../integrations/tmdb/client.js';
import { runTmdbSync, type TmdbSyncOptions } from './tmdb-sync.js';
import { CatalogMerger } from './merge.js';

const FILLER_MOVIES = 30;
const FILLER_TV = 10;
/** Titles the fake lists with a stream/free/ads offer in US or IN: 3 + 30 movies, 3 + 10 shows. */
const DISCOVERABLE = 3 + FILLER_MOVIES + 3 + FILLER_TV;
const at = (iso: string) => () => new Date(iso);

let fake: FakeTmdb;
const client = (extra: Partial<ConstructorParameters<typeof TmdbClient>[0]> = {}) =>
  new TmdbClient({ apiUrl: fake.url, apiKey: fake.apiKey, backoffBaseMs: 2, backoffMaxMs: 10, ratePerSecond: 5000, burst: 200, maxAttempts: 2, ...extra });
const base = (extra: Partial<TmdbSyncOptions> = {}): TmdbSyncOptions => ({ regions: ['US', 'IN'], languages: [], maxTitles: 1000, batchSize: 10, now: at('2026-11-25T12:00:00Z'), ...extra });
const detailRequests = () => fake.requests.filter((r) => /^\/(movie|tv)\/\d+$/.test(r.path)).length;

afterAll(async () => fake?.close());

describe.each(dialects)('TMDB sync (%s)', (dialect) => {
  let fresh: FreshDatabase;
  beforeEach(async () => {
    await fake?.close();
    fake = await startFakeTmdb({ fillerMovies: FILLER_MOVIES, fillerTv: FILLER_TV });
    fresh = await freshDatabase(dialect);
  });
  afterEach(async () => fresh?.close());
  const db = () => fresh.handle.db;

  it('a full sync fills titles with regions, offer kinds, links, posters and unknown providers', async () => {
    const r = await runTmdbSync(fresh.handle, client(), base());
    expect(r).toMatchObject({ mode: 'full', complete: true, stopped: false, queued: DISCOVERABLE, processed: DISCOVERABLE, failed: 0 });
    expect(r.totals).toMatchObject({ added: DISCOVERABLE, updated: 0, retired: 0, invalid: 0, ambiguous: 0 });
    expect(detailRequests()).toBe(DISCOVERABLE);
    // Discover: per kind x region, pages until each list ends (33 US movies = 2 pages, ...).
    expect(fake.count('/discover/')).toBe(r.requests - DISCOVERABLE);

    const inception = await db().selectFrom('titles').selectAll().where('tmdb_id', '=', 27205).where('kind', '=', 'movie').executeTakeFirstOrThrow();
    expect(inception).toMatchObject({ id: 'movie-inception-2010', title: 'Inception', year: 2010, imdb_id: 'tt1375666', poster_path: '/oYuLEt3zVCKq57qu2F8dT7NIa6f.jpg', trailer_key: 'YoHD9XEInc0', age_rating: 'PG-13', source: 'tmdb', director: 'Christopher Nolan', runtime: 148 });
    expect(JSON.parse(inception.genres)).toEqual(['Action', 'Science Fiction', 'Adventure']);
    const offers = await db().selectFrom('title_availability').select(['platform', 'region', 'kind', 'link', 'as_of']).where('title_id', '=', inception.id).orderBy('region').orderBy('kind').orderBy('platform').execute();
    const usLink = 'https://www.themoviedb.org/movie/27205-x/watch?locale=US';
    expect(offers).toEqual([
      { platform: 'JioHotstar', region: 'IN', kind: 'subscription', link: 'https://www.themoviedb.org/movie/27205-x/watch?locale=IN', as_of: '2026-11-25' },
      { platform: 'Amazon Video', region: 'US', kind: 'buy', link: usLink, as_of: '2026-11-25' },
      { platform: 'Apple TV Store', region: 'US', kind: 'buy', link: usLink, as_of: '2026-11-25' },
      { platform: 'Amazon Video', region: 'US', kind: 'rent', link: usLink, as_of: '2026-11-25' },
      { platform: 'Apple TV Store', region: 'US', kind: 'rent', link: usLink, as_of: '2026-11-25' },
      { platform: 'Netflix', region: 'US', kind: 'subscription', link: usLink, as_of: '2026-11-25' },
    ]);
    // The unknown provider is kept under TMDB's name, with TMDB's id and logo.
    const tubi = await db().selectFrom('platforms').selectAll().where('name', '=', 'Tubi TV').executeTakeFirstOrThrow();
    expect(tubi).toMatchObject({ tmdb_provider_id: 73, logo_path: '/zLYr7OKvSYmHcv4U6L5Q2AqIKzS.jpg', search_url: '' });
    const parasiteAds = await db().selectFrom('title_availability').select(['platform', 'kind']).where('title_id', '=', 'movie-parasite-2019').where('kind', '=', 'ads').execute();
    expect(parasiteAds).toEqual([{ platform: 'Tubi TV', kind: 'ads' }]);
    // A series: years, seasons, creators; the KR offers of Squid Game are not in a configured region.
    const bb = await db().selectFrom('titles').selectAll().where('id', '=', 'series-breaking-bad-2008').executeTakeFirstOrThrow();
    expect(bb).toMatchObject({ end_year: 2013, seasons: 5, episodes: 62, episode_runtime: 45, director: 'Vince Gilligan', age_rating: 'TV-MA' });
    const squid = await db().selectFrom('title_availability').select(['region', 'kind', 'platform']).where('title_id', '=', 'series-squid-game-2021').orderBy('kind').execute();
    expect(squid).toEqual([{ region: 'IN', kind: 'free', platform: 'Pluto TV' }, { region: 'IN', kind: 'subscription', platform: 'Netflix' }]);
    // Posters: the fillers have one in three.
    const posters = await db().selectFrom('titles').select((eb) => eb.fn.countAll<number>().as('n')).where('poster_path', 'is not', null).executeTakeFirstOrThrow();
    expect(Number(posters.n)).toBe(6 + Math.floor(FILLER_MOVIES / 3));
    const meta = await db().selectFrom('catalog_meta').selectAll().where('key', '=', 'tmdb_last_sync_date').executeTakeFirstOrThrow();
    expect(meta.value).toBe('2026-11-25');
  });

  it('stops at CATALOG_MAX_TITLES, and discovers extra original languages', async () => {
    const r = await runTmdbSync(fresh.handle, client(), base({ maxTitles: 5 }));
    expect(r.totals.added).toBe(5);
    expect(fake.count('/discover/')).toBe(1);
    const titles = await db().selectFrom('titles').select('id').execute();
    expect(titles).toHaveLength(5);

    // The cap raised: the next (incremental) sync goes on discovering from the page the cap cut.
    fake.reset();
    const more = await runTmdbSync(fresh.handle, client(), base({ maxTitles: 12, now: at('2026-11-25T13:00:00Z') }));
    expect(more).toMatchObject({ mode: 'incremental', complete: true });
    expect(more.totals.added).toBe(7);
    expect(fake.requests.filter((q) => q.path.startsWith('/discover/')).map((q) => q.query.page)).toEqual(['1']);
    expect(await db().selectFrom('titles').select('id').execute()).toHaveLength(12);

    const other = await freshDatabase(dialect);
    try {
      fake.reset();
      await runTmdbSync(other.handle, client(), base({ regions: ['IN'], languages: ['hi', 'ko'] }));
      const langs = fake.requests.filter((q) => q.path === '/discover/movie').map((q) => q.query.with_original_language ?? '*');
      expect(langs).toEqual(['*', 'hi', 'ko']);
      expect(fake.requests.find((q) => q.path === '/discover/tv')?.query).toMatchObject({ watch_region: 'IN', sort_by: 'popularity.desc', with_watch_monetization_types: 'flatrate|free|ads' });
    } finally {
      await other.close();
    }
  });

  it('resumes after a stop mid-sync: no duplicates, nothing counted twice, fewer requests than a fresh sync', async () => {
    const controller = new AbortController();
    const first = await runTmdbSync(fresh.handle, client(), base({ signal: controller.signal, onBatch: (done) => done >= 20 && controller.abort() }));
    expect(first).toMatchObject({ stopped: true, complete: false, processed: 20 });
    expect(first.totals.added).toBe(20);
    // What a fresh sync of this catalog costs: its discover pages and one details request a title.
    const freshCost = fake.count('/discover/') + DISCOVERABLE;
    fake.reset();

    const second = await runTmdbSync(fresh.handle, client(), base());
    expect(second).toMatchObject({ mode: 'full', stopped: false, complete: true, processed: DISCOVERABLE - 20 });
    expect(second.totals.added).toBe(DISCOVERABLE - 20);
    expect(fake.count('/discover/')).toBe(0); // the cursor said discovery was done
    expect(detailRequests()).toBe(DISCOVERABLE - 20);
    const ids = await db().selectFrom('titles').select(['id', 'tmdb_id', 'kind']).execute();
    expect(ids).toHaveLength(DISCOVERABLE);
    expect(new Set(ids.map((t) => `${t.kind}:${t.tmdb_id}`)).size).toBe(DISCOVERABLE);
    expect(fake.count()).toBe(DISCOVERABLE - 20);
    expect(fake.count()).toBeLessThan(freshCost);
    const items = await db().selectFrom('catalog_sync_items').select(['status']).execute();
    expect(items.every((i) => i.status === 'done')).toBe(true);
  });

  it('a later sync fetches only the titles TMDB changed that we hold', async () => {
    await runTmdbSync(fresh.handle, client(), base());
    fake.reset();
    // Stopped before the changes were read: nothing fetched, and the last sync date stays.
    const halted = await runTmdbSync(fresh.handle, client(), base({ now: at('2026-11-27T18:00:00Z'), signal: AbortSignal.abort() }));
    expect(halted).toMatchObject({ stopped: true, complete: false, processed: 0 });
    expect(fake.count()).toBe(0);
    const meta = await db().selectFrom('catalog_meta').select('value').where('key', '=', 'tmdb_last_sync_date').executeTakeFirstOrThrow();
    expect(meta.value).toBe('2026-11-25');
    const p = fake.movies.get(27205)!['watch/providers'];
    fake.touch('movie', 27205, { overview: 'A new overview.', 'watch/providers': { results: { ...p.results, US: { ...p.results.US, flatrate: [] } } } });
    fake.changed.movie.push(123456789); // not ours: not fetched
    const r = await runTmdbSync(fresh.handle, client(), base({ now: at('2026-11-25T18:00:00Z') }));
    expect(r).toMatchObject({ mode: 'incremental', complete: true, processed: 1 });
    expect(r.totals).toMatchObject({ added: 0, updated: 1, unchanged: 0, retired: 0 });
    expect(fake.requests.map((q) => q.path)).toEqual(['/movie/changes', '/tv/changes', '/movie/27205']);
    expect(fake.requests[0].query).toMatchObject({ start_date: '2026-11-25', end_date: '2026-11-25', page: '1' });
    const row = await db().selectFrom('titles').select('description').where('id', '=', 'movie-inception-2010').executeTakeFirstOrThrow();
    expect(row.description).toBe('A new overview.');
    const us = await db().selectFrom('title_availability').select(['platform', 'kind']).where('title_id', '=', 'movie-inception-2010').where('region', '=', 'US').where('kind', '=', 'subscription').execute();
    expect(us).toEqual([]);
  });

  it('retires a title TMDB no longer has (404), and leaves titles of other sources alone', async () => {
    await runTmdbSync(fresh.handle, client(), base());
    // A title another source brought in, which TMDB also names.
    const imdb = await CatalogMerger.open(fresh.handle, 'imdb-tsv');
    await imdb.write([{ kind: 'movie', title: 'Only In IMDb', year: 1999, tmdbId: 555, imdbId: 'tt0000555' }]);
    fake.movies.delete(900001);
    fake.changed.movie.push(900001, 555);
    const r = await runTmdbSync(fresh.handle, client(), base({ now: at('2026-11-25T20:00:00Z') }));
    expect(detailRequests()).toBe(DISCOVERABLE + 2);
    expect(r.totals.retired).toBe(1);
    const kept = await db().selectFrom('titles').select(['retired_at']).where('tmdb_id', '=', 555).executeTakeFirstOrThrow();
    expect(kept.retired_at).toBeNull();
    const row = await db().selectFrom('titles').select(['retired_at']).where('tmdb_id', '=', 900001).executeTakeFirstOrThrow();
    expect(row.retired_at).toBeTruthy();
    const item = await db().selectFrom('catalog_sync_items').selectAll().where('external_id', '=', 900001).executeTakeFirstOrThrow();
    expect(item).toMatchObject({ status: 'done', error: 'not found on TMDB (404)' });
  });

  it('refreshes the oldest offers a bounded number per run, and deletes offers not confirmed for 30 days', async () => {
    await runTmdbSync(fresh.handle, client(), base());
    fake.reset();
    // Forty days on: five titles refreshed, the other TMDB offers are older than 30 days and go.
    const r = await runTmdbSync(fresh.handle, client(), base({ now: at('2027-01-04T12:00:00Z'), refreshPerRun: 5 }));
    expect(r.processed).toBe(5);
    expect(r.totals.updated).toBe(5);
    expect(detailRequests()).toBe(5);
    // 41 days of changes: three 14-day windows per kind.
    expect(fake.count('/movie/changes')).toBe(3);
    expect(r.expiredOffers).toBeGreaterThan(0);
    const left = await db().selectFrom('title_availability').select('title_id').distinct().where('source', '=', 'tmdb').execute();
    expect(left).toHaveLength(5);
    const stale = await db().selectFrom('title_availability').select('as_of').where('as_of', '<', '2026-12-05').execute();
    expect(stale).toEqual([]);
  });

  it('records a title whose details keep failing, retries it next run, and gives up after the bounded attempts', async () => {
    fake.fail('/movie/900002', { status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }, { status: 503 });
    const r = await runTmdbSync(fresh.handle, client({ maxAttempts: 2 }), base({ maxAttempts: 3 }));
    expect(r).toMatchObject({ failed: 1, complete: true });
    expect(r.totals.invalid).toBe(1);
    expect(r.totals.added).toBe(DISCOVERABLE - 1);
    let item = await db().selectFrom('catalog_sync_items').selectAll().where('external_id', '=', 900002).executeTakeFirstOrThrow();
    expect(item).toMatchObject({ status: 'pending', attempts: 1, error: 'TMDB /movie/900002: HTTP 503, 2 attempts' });
    await runTmdbSync(fresh.handle, client({ maxAttempts: 2 }), base({ now: at('2026-11-25T13:00:00Z') }));
    await runTmdbSync(fresh.handle, client({ maxAttempts: 2 }), base({ now: at('2026-11-25T14:00:00Z') }));
    item = await db().selectFrom('catalog_sync_items').selectAll().where('external_id', '=', 900002).executeTakeFirstOrThrow();
    expect(item).toMatchObject({ status: 'failed', attempts: 3 });
    expect(fake.count('/movie/900002')).toBe(6);
  });

  it('stops with TmdbAuthError on a refused key, writing nothing', async () => {
    await expect(runTmdbSync(fresh.handle, client({ apiKey: 'deadbeefdeadbeefdeadbeefdeadbeef' }), base())).rejects.toBeInstanceOf(TmdbAuthError);
    expect(fake.count()).toBe(1);
    expect(await db().selectFrom('titles').select('id').execute()).toEqual([]);
  });
});

