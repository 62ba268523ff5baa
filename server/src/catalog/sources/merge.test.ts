import { afterEach, describe, expect, it } from 'vitest';
import { dialects } from '../../../test/support/dialects.js';
import { freshDatabase, type FreshDatabase } from '../test-support.js';
import { loadCatalogPack, DEFAULT_PACK_DIR } from '../pack-loader.js';
import { CatalogMerger } from './merge.js';
import type { SourceTitle } from './types.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const now = () => new Date('2026-11-01T00:00:00Z');

describe.each(dialects)('catalog merge (%s)', (dialect) => {
  let fresh: FreshDatabase;
  afterEach(async () => fresh?.close());

  it('matches a built-in title by name and year, fills what the pack lacks, keeps the pack\'s words', async () => {
    fresh = await freshDatabase(dialect);
    await loadCatalogPack(fresh.handle, { dir: DEFAULT_PACK_DIR, logger: quiet });
    const before = await fresh.handle.db.selectFrom('titles').selectAll().where('id', '=', 'movie-arrival-2016').executeTakeFirstOrThrow();
    const merger = await CatalogMerger.open(fresh.handle, 'tmdb', { now });
    const [r] = await merger.write([
      {
        kind: 'movie', title: 'Arrival', year: 2017, tmdbId: 329865, imdbId: 'tt2543164', description: 'TMDB overview text',
        posterPath: '/x2FJsf1ElAgr63Y3PNPtJrcmpoe.jpg', voteCount: 17000,
        offers: [{ platform: 'Paramount+', region: 'US', kind: 'subscription', as_of: '2026-11-01', link: 'https://example.test/w' }],
      },
    ]);
    expect(r).toEqual({ outcome: 'updated', id: 'movie-arrival-2016' });
    const after = await fresh.handle.db.selectFrom('titles').selectAll().where('id', '=', 'movie-arrival-2016').executeTakeFirstOrThrow();
    expect(after.description).toBe(before.description);
    expect(after).toMatchObject({ tmdb_id: 329865, imdb_id: 'tt2543164', poster_path: '/x2FJsf1ElAgr63Y3PNPtJrcmpoe.jpg', source: 'builtin' });
    const offers = await fresh.handle.db.selectFrom('title_availability').selectAll().where('title_id', '=', 'movie-arrival-2016').where('source', '=', 'tmdb').execute();
    expect(offers).toEqual([expect.objectContaining({ platform: 'Paramount+', region: 'US', kind: 'subscription', link: 'https://example.test/w' })]);

    // The same record again changes nothing; the TMDB id now matches even under another name.
    const again = await merger.write([{ kind: 'movie', title: 'Story of Your Life', year: 2016, tmdbId: 329865, offers: [{ platform: 'Paramount+', region: 'US', kind: 'subscription', as_of: '2026-11-01', link: 'https://example.test/w' }] }]);
    expect(again[0]).toEqual({ outcome: 'unchanged', id: 'movie-arrival-2016' });
  });

  it('adds new titles once, reports ambiguous ones, keeps unknown providers under their name', async () => {
    fresh = await freshDatabase(dialect);
    const merger = await CatalogMerger.open(fresh.handle, 'streaming-csv', { now });
    const rows: SourceTitle[] = [
      { kind: 'movie', title: 'Twin Film', year: 2001, offers: [{ platform: 'Kanopy', region: 'US', kind: 'free', as_of: '2021-09' }] },
      { kind: 'movie', title: 'Twin Film', year: 2001 },
      { kind: 'series', title: 'Twin Film', year: 2001 },
      { kind: 'movie', title: '', year: 2001 },
    ];
    const out = await merger.write(rows);
    expect(out.map((r) => r.outcome)).toEqual(['added', 'unchanged', 'added', 'invalid']);
    expect(out[0].id).toBe('movie-twin-film-2001');
    expect(out[2].id).toBe('series-twin-film-2001');
    const kanopy = await fresh.handle.db.selectFrom('platforms').selectAll().where('name', '=', 'Kanopy').executeTakeFirstOrThrow();
    expect(kanopy.slug).toBe('kanopy');

    // Another title of that name a year later is a different id; then a record two films could be is ambiguous.
    const other = await CatalogMerger.open(fresh.handle, 'imdb-tsv', { now });
    const [b] = await other.write([{ kind: 'movie', title: 'Twin Film', year: 2003, imdbId: 'tt0000003' }]);
    expect(b).toEqual({ outcome: 'added', id: 'movie-twin-film-2003' });
    const [c] = await other.write([{ kind: 'movie', title: 'Twin Film', year: 2002 }]);
    expect(c.outcome).toBe('ambiguous');
    expect(c.detail).toBe('movie-twin-film-2001, movie-twin-film-2003');
    const count = await fresh.handle.db.selectFrom('titles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(3);
  });

  it('replaces only its own offers in the regions it speaks for, and ages out stale ones', async () => {
    fresh = await freshDatabase(dialect);
    const tmdb = await CatalogMerger.open(fresh.handle, 'tmdb', { now });
    const base = { kind: 'movie' as const, title: 'Regional', year: 2020, tmdbId: 7 };
    await tmdb.write([{ ...base, offerRegions: ['US', 'IN'], offers: [
      { platform: 'Netflix', region: 'US', kind: 'subscription', as_of: '2026-10-01' },
      { platform: 'Netflix', region: 'IN', kind: 'rent', as_of: '2026-10-01' },
    ] }]);
    await tmdb.write([{ ...base, offerRegions: ['IN'], offers: [{ platform: 'JioHotstar', region: 'IN', kind: 'subscription', as_of: '2026-11-01' }] }]);
    const rows = await fresh.handle.db.selectFrom('title_availability').select(['platform', 'region', 'kind']).orderBy('region').execute();
    expect(rows).toEqual([
      { platform: 'JioHotstar', region: 'IN', kind: 'subscription' },
      { platform: 'Netflix', region: 'US', kind: 'subscription' },
    ]);
    expect(await tmdb.expireOffers('2026-10-15')).toBe(1);
    const left = await fresh.handle.db.selectFrom('title_availability').select('platform').execute();
    expect(left).toEqual([{ platform: 'JioHotstar' }]);
  });
  it('with offerPlatforms replaces only those platforms\' offers (one service\'s list keeps the others)', async () => {
    fresh = await freshDatabase(dialect);
    const csv = await CatalogMerger.open(fresh.handle, 'streaming-csv', { now });
    const base = { kind: 'movie' as const, title: 'Shared Show', year: 2019, offerRegions: ['US'] };
    const on = (platform: string) => ({ ...base, offerPlatforms: [platform], offers: [{ platform, region: 'US', kind: 'subscription' as const, as_of: '2021-09' }] });
    await csv.write([on('Netflix')]);
    const [second] = await csv.write([on('Prime Video')]);
    expect(second.outcome).toBe('updated');
    const [again] = await csv.write([on('Netflix')]);
    expect(again.outcome).toBe('unchanged');
    const platforms = await fresh.handle.db.selectFrom('title_availability').select('platform').orderBy('platform').execute();
    expect(platforms.map((p) => p.platform)).toEqual(['Netflix', 'Prime Video']);
    // Gone from the Netflix list: only the Netflix offer goes.
    await csv.write([{ ...base, offerPlatforms: ['Netflix'], offers: [] }]);
    const left = await fresh.handle.db.selectFrom('title_availability').select('platform').execute();
    expect(left).toEqual([{ platform: 'Prime Video' }]);
  });
});
