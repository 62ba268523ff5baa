// The one matcher's name rules (docs/catalog.md, "One title, one id"): a short never joins the
// feature of its name, and a series dated by two sources by different seasons is one series;
// then the merge of two sources keeps one row for it, on both databases.
import { afterEach, describe, expect, it } from 'vitest';
import { dialects } from '../../../test/support/dialects.js';
import { freshDatabase, type FreshDatabase } from '../test-support.js';
import { CatalogMerger } from './merge.js';
import { TitleMatcher, type MatchCandidate } from './matcher.js';

const title = (c: Partial<MatchCandidate> & Pick<MatchCandidate, 'id' | 'kind' | 'title' | 'year'>): MatchCandidate => ({ originalTitle: null, tmdbId: null, imdbId: null, ...c });
const ask = { originalTitle: null, tmdbId: null, imdbId: null };

describe('TitleMatcher', () => {
  const feature = title({ id: 'movie-the-lighthouse-2019', kind: 'movie', title: 'The Lighthouse', year: 2019, runtime: 109 });
  const short = title({ id: 'movie-the-lighthouse-2018', kind: 'movie', title: 'The Lighthouse', year: 2018, runtime: 14 });

  it('never joins a short to the feature of its name within a year, unless an id says so', () => {
    const onlyFeature = new TitleMatcher([feature]);
    expect(onlyFeature.match({ ...ask, kind: 'movie', title: 'The Lighthouse', year: 2018, runtime: 14 })).toEqual({ kind: 'none' });
    // IMDb's title type says short when the file has no runtime.
    expect(onlyFeature.match({ ...ask, kind: 'movie', title: 'The Lighthouse', year: 2018, short: true })).toEqual({ kind: 'none' });
    expect(onlyFeature.match({ ...ask, kind: 'movie', title: 'The Lighthouse', year: 2018, runtime: 105 })).toMatchObject({ kind: 'matched', id: feature.id });
    // Unknown lengths keep the name and year rule.
    expect(onlyFeature.match({ ...ask, kind: 'movie', title: 'The Lighthouse', year: 2020 })).toMatchObject({ kind: 'matched', id: feature.id });
    const withIds = new TitleMatcher([{ ...feature, imdbId: 'tt7984734' }]);
    expect(withIds.match({ ...ask, kind: 'movie', title: 'The Lighthouse', year: 2018, runtime: 14, imdbId: 'tt7984734' })).toMatchObject({ kind: 'matched', by: 'imdb' });

    const both = new TitleMatcher([feature, short]);
    expect(both.match({ ...ask, kind: 'movie', title: 'The Lighthouse', year: 2019, runtime: 12 })).toMatchObject({ kind: 'matched', id: short.id });
    expect(both.match({ ...ask, kind: 'movie', title: 'The Lighthouse', year: 2018, runtime: 95 })).toMatchObject({ kind: 'matched', id: feature.id });
    expect(both.match({ ...ask, kind: 'movie', title: 'The Lighthouse', year: 2019, runtime: 50 })).toMatchObject({ kind: 'matched', id: feature.id });
  });

  it("matches a series by any year it ran, from first air to last, or to this year while it runs", () => {
    const ended = title({ id: 'series-harbour-watch-2015', kind: 'series', title: 'Harbour Watch', year: 2015, endYear: 2020 });
    const running = title({ id: 'series-cold-coast-2016', kind: 'series', title: 'Cold Coast', year: 2016 });
    const m = new TitleMatcher([ended, running], { thisYear: 2026 });
    const series = (name: string, year: number, endYear?: number) => m.match({ ...ask, kind: 'series', title: name, year, endYear });
    expect(series('Harbour Watch', 2019)).toMatchObject({ kind: 'matched', id: ended.id });
    expect(series('Harbour Watch', 2021)).toMatchObject({ kind: 'matched', id: ended.id });
    expect(series('Harbour Watch', 2023)).toEqual({ kind: 'none' });
    expect(series('Harbour Watch', 2012, 2013)).toEqual({ kind: 'none' });
    expect(series('Cold Coast', 2025)).toMatchObject({ kind: 'matched', id: running.id });
    // A source that knows the first air year meets the catalog's later one.
    const later = new TitleMatcher([title({ id: 'series-salt-road-2019', kind: 'series', title: 'Salt Road', year: 2019 })], { thisYear: 2026 });
    expect(later.match({ ...ask, kind: 'series', title: 'Salt Road', year: 2014, endYear: 2021 })).toMatchObject({ kind: 'matched', id: 'series-salt-road-2019' });
    expect(later.match({ ...ask, kind: 'series', title: 'Salt Road', year: 2014, endYear: 2016 })).toEqual({ kind: 'none' });
    // Movies keep a year within one.
    const film = new TitleMatcher([title({ id: 'movie-cold-coast-2016', kind: 'movie', title: 'Cold Coast', year: 2016 })]);
    expect(film.match({ ...ask, kind: 'movie', title: 'Cold Coast', year: 2019 })).toEqual({ kind: 'none' });
  });

  it('two series of one name that ran apart stay apart; the exact year picks between overlapping ones', () => {
    const m = new TitleMatcher([
      title({ id: 'series-the-office-2001', kind: 'series', title: 'The Office', year: 2001, endYear: 2003 }),
      title({ id: 'series-the-office-2005', kind: 'series', title: 'The Office', year: 2005, endYear: 2013 }),
    ], { thisYear: 2026 });
    expect(m.match({ ...ask, kind: 'series', title: 'The Office', year: 2009 })).toMatchObject({ kind: 'matched', id: 'series-the-office-2005' });
    expect(m.match({ ...ask, kind: 'series', title: 'The Office', year: 2002 })).toMatchObject({ kind: 'matched', id: 'series-the-office-2001' });
    expect(m.match({ ...ask, kind: 'series', title: 'The Office', year: 2001 })).toMatchObject({ kind: 'matched', id: 'series-the-office-2001' });
    expect(m.match({ ...ask, kind: 'series', title: 'The Office', year: 2004 })).toEqual({ kind: 'ambiguous', ids: ['series-the-office-2001', 'series-the-office-2005'] });
  });
});

const now = () => new Date('2026-11-01T00:00:00Z');

describe.each(dialects)('catalog merge of two sources (%s)', (dialect) => {
  let fresh: FreshDatabase;
  afterEach(async () => fresh?.close());
  const count = async () => Number((await fresh.handle.db.selectFrom('titles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('a series one source dates by its first air year and another by a later season is one title, in either order', async () => {
    fresh = await freshDatabase(dialect);
    const imdb = await CatalogMerger.open(fresh.handle, 'imdb-tsv', { now });
    const [first] = await imdb.write([{ kind: 'series', title: 'Harbour Watch', year: 2015, endYear: 2020, imdbId: 'tt9000001' }]);
    const csv = await CatalogMerger.open(fresh.handle, 'streaming-csv', { now });
    const [second] = await csv.write([{ kind: 'series', title: 'Harbour Watch', year: 2019 }]);
    expect(second).toMatchObject({ id: first.id });
    expect(second.outcome).not.toBe('added');

    // The other order: the later season's year came first.
    const [late] = await csv.write([{ kind: 'series', title: 'Cold Coast', year: 2022 }]);
    const again = await CatalogMerger.open(fresh.handle, 'imdb-tsv', { now });
    const [early] = await again.write([{ kind: 'series', title: 'Cold Coast', year: 2018, imdbId: 'tt9000002' }]);
    expect(early).toMatchObject({ id: late.id });
    expect(await count()).toBe(2);
  });

  it('a short and the feature of its name, a year apart, are two titles', async () => {
    fresh = await freshDatabase(dialect);
    const imdb = await CatalogMerger.open(fresh.handle, 'imdb-tsv', { now });
    const out = await imdb.write([
      { kind: 'movie', title: 'The Lighthouse', year: 2019, runtime: 109 },
      { kind: 'movie', title: 'The Lighthouse', year: 2018, runtime: 14 },
    ]);
    expect(out.map((r) => r.outcome)).toEqual(['added', 'added']);
    const csv = await CatalogMerger.open(fresh.handle, 'streaming-csv', { now });
    const [short] = await csv.write([{ kind: 'movie', title: 'The Lighthouse', year: 2019, runtime: 15 }]);
    expect(short).toMatchObject({ id: out[1].id });
    expect(await count()).toBe(2);
  });
});
