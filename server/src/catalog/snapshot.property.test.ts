// The snapshot keeps a 100,000-title catalog compact: genre lists, offers and platform lists are
// shared between titles, and names are found by binary search instead of a map. For any rows,
// read in any pages, every title must still read back exactly as built plainly from its own rows,
// and a name must find exactly the titles a plain map of folded names finds, in the same order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AvailabilityRow, PlatformRow, TitleRow } from './catalog.repository.js';
import { catalogMean, popularity, shrunkQuality, titleFame } from './ranking.js';
import { searchText } from './search-text.js';
import { minimumAge } from './age-ratings.js';
import { buildIndex, rankAll, recommend } from '../engine/index.js';
import { EngineIndexes } from '../features/history/engine-index.js';
import type { CatalogTitle } from './catalog-title.js';
import { SnapshotBuilder, STREAMABLE, languageName, titlePositions, type CatalogEntry, type Snapshot } from './snapshot.js';
import { titlesNamed } from './name-index.js';

const indexes = new EngineIndexes();

const PACK_VERSION = 3;
const platformRows: PlatformRow[] = ['Netflix', 'Prime Video', 'Hulu'].map((name) => ({ name, slug: name.toLowerCase().replace(/ /g, '-'), color: '#000', search_url: '', hosts: '[]', countries: null, tmdb_provider_id: null, logo_path: null }));

const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
const words = fc.constantFrom('Amélie', 'WALL·E', 'wall-e', 'Sœur', 'Die Hard', '오징어 게임', 'Ночь', 'the night', 'THE NIGHT', '', '  ', 'Schindler’s List');
const listText = (items: fc.Arbitrary<string>) => fc.oneof(fc.array(items, { maxLength: 4 }).map((l) => JSON.stringify(l)), fc.constantFrom('[]', '', 'not json', '{"a":1}'));

const offer = fc.record({
  platform: fc.constantFrom('Netflix', 'Prime Video', 'Hulu', 'Gone Service'),
  region: fc.constantFrom('US', 'IN', 'GLOBAL', 'FR'),
  kind: fc.constantFrom('subscription', 'free', 'ads', 'rent', 'buy'),
  as_of: fc.constantFrom('2025-06', '2025-06-01'),
  link: maybe(fc.constantFrom('https://example.test/w', 'javascript:alert(1)')),
  source: fc.constantFrom('builtin', 'tmdb', 'streaming-csv'),
});

const title = fc.record({
  kind: fc.constantFrom('movie', 'series', 'odd'),
  title: words,
  original_title: maybe(words),
  year: fc.integer({ min: 0, max: 2030 }),
  end_year: maybe(fc.integer({ min: 1900, max: 2030 })),
  genres: listText(fc.constantFrom('Drama', 'Comedy', 'Thriller', 'Science Fiction')),
  language: fc.constantFrom('en', 'ko', 'hi', 'xx', ''),
  runtime: maybe(fc.integer({ min: 1, max: 300 })),
  seasons: maybe(fc.integer({ min: 1, max: 20 })),
  episode_runtime: maybe(fc.integer({ min: 1, max: 90 })),
  episodes: maybe(fc.integer({ min: 1, max: 200 })),
  imdb_rating: maybe(fc.double({ min: 1, max: 10, noNaN: true })),
  rotten_tomatoes: maybe(fc.integer({ min: 0, max: 100 })),
  fame: fc.integer({ min: 1, max: 5 }),
  description: fc.string({ maxLength: 20 }),
  keywords: listText(fc.constantFrom('heist', 'time travel', 'Heist', 'ß')),
  director: maybe(fc.constantFrom('Bong Joon-ho', 'Agnès Varda')),
  cast_members: listText(fc.constantFrom('Song Kang-ho', 'Tilda Swinton')),
  source: fc.constantFrom('builtin', 'tmdb', 'movielens'),
  catalog_version: fc.integer({ min: 1, max: PACK_VERSION }),
  tmdb_id: maybe(fc.integer({ min: 1, max: 1e6 })),
  imdb_id: maybe(fc.constantFrom('tt0111161', 'tt0000001')),
  poster_path: maybe(fc.constant('/p.jpg')),
  backdrop_path: maybe(fc.constant('/b.jpg')),
  trailer_key: maybe(fc.constant('abc')),
  tmdb_rating: maybe(fc.double({ min: 0, max: 10, noNaN: true })),
  vote_count: maybe(fc.integer({ min: 0, max: 3_000_000 })),
  age_rating: maybe(fc.constantFrom('PG-13', 'R')),
  retired: fc.boolean(),
  offers: fc.array(offer, { maxLength: 5 }),
});

type Generated = typeof title extends fc.Arbitrary<infer T> ? T : never;

function rowsOf(generated: Generated[]): { titles: TitleRow[]; availability: AvailabilityRow[] } {
  const titles: TitleRow[] = [];
  const availability: AvailabilityRow[] = [];
  generated.forEach(({ retired, offers, ...g }, i) => {
    const id = `t${String(i).padStart(4, '0')}`;
    titles.push({ ...g, id, created_at: '2025-01-01', updated_at: '2025-01-01', retired_at: retired ? '2025-02-01' : null });
    for (const o of offers) availability.push({ ...o, title_id: id });
  });
  return { titles, availability };
}

/** The entry as built plainly from its own rows: a fresh object and fresh lists per title (the construction before compaction). */
function plainEntry(r: TitleRow, offers: AvailabilityRow[], mean: number): CatalogEntry {
  const parse = (s: string): string[] => {
    try {
      const v: unknown = JSON.parse(s);
      return Array.isArray(v) ? v.map(String) : [];
    } catch {
      return [];
    }
  };
  const kind = r.kind === 'series' ? 'series' : 'movie';
  const rated = { imdb: r.imdb_rating, rt: r.rotten_tomatoes, fame: titleFame({ source: r.source, fame: r.fame, voteCount: r.vote_count }) };
  const regions = new Map<string, string[]>();
  for (const o of offers) if (STREAMABLE.has(o.kind)) regions.set(o.platform, [...new Set([...(regions.get(o.platform) ?? []), o.region])]);
  return {
    id: r.id,
    kind,
    title: r.title,
    year: r.year,
    genres: parse(r.genres),
    language: languageName(r.language),
    runtime: kind === 'movie' ? r.runtime : r.episode_runtime,
    seasons: r.seasons,
    episodes: kind === 'series' ? r.episodes : null,
    minAge: minimumAge(r.age_rating),
    imdb: r.imdb_rating,
    rt: r.rotten_tomatoes,
    fame: rated.fame,
    keywords: parse(r.keywords),
    director: r.director,
    cast: parse(r.cast_members),
    platforms: [...regions.keys()],
    platformRegions: [...regions.values()],
    originalTitle: r.original_title,
    endYear: r.end_year,
    availability: offers.map((o) => ({ platform: o.platform, region: o.region, kind: o.kind as CatalogEntry['availability'][number]['kind'], as_of: o.as_of, link: o.link, source: o.source })),
    tmdbId: r.tmdb_id,
    imdbId: r.imdb_id,
    posterPath: r.poster_path,
    trailerKey: r.trailer_key,
    tmdbRating: r.tmdb_rating,
    quality: shrunkQuality(rated, mean),
    popularity: popularity(rated, mean),
    retired: r.retired_at !== null || (r.source === 'builtin' && r.catalog_version < PACK_VERSION),
  };
}

function snapshotOf(generated: Generated[], page: number): { snap: Snapshot; titles: TitleRow[]; availability: AvailabilityRow[] } {
  const { titles, availability } = rowsOf(generated);
  // As the store builds it: no mean given, the rows' own.
  const builder = new SnapshotBuilder(9, PACK_VERSION);
  // The store reads ids in order, a page of titles with the offers of that page.
  for (let i = 0; i < titles.length; i += page) {
    const part = titles.slice(i, i + page);
    const ids = new Set(part.map((t) => t.id));
    builder.add(
      part,
      availability.filter((a) => ids.has(a.title_id)),
    );
  }
  return { snap: builder.finish(platformRows), titles, availability };
}

describe('the catalog snapshot, for any rows read in any pages', () => {
  it('reads every title back as built plainly from its rows, and finds every name as a plain map does', () => {
    fc.assert(
      fc.property(fc.array(title, { maxLength: 40 }), fc.integer({ min: 1, max: 7 }), (generated, page) => {
        const { snap, titles, availability } = snapshotOf(generated, page);

        // The mean as the store computed it before: of every title's ratings, read at once.
        const mean = catalogMean(titles.map((r) => ({ imdb: r.imdb_rating, rt: r.rotten_tomatoes, fame: r.fame })));
        for (const r of titles) {
          const want = plainEntry(
            r,
            availability.filter((a) => a.title_id === r.id),
            mean,
          );
          // Every field of a title, as its readers see it (some are getters over the snapshot's columns).
          const entry = snap.byId.get(r.id)! as unknown as Record<string, unknown>;
          expect(Object.fromEntries(Object.keys(want).map((k) => [k, entry[k]]))).toEqual(want);
          expect(JSON.parse(JSON.stringify(entry))).toEqual(JSON.parse(JSON.stringify(want)));
        }
        const offerable = titles.map((r) => snap.byId.get(r.id)!).filter((e) => !e.retired);
        expect(new Set(snap.titles)).toEqual(new Set(offerable));
        for (let i = 1; i < snap.titles.length; i++) expect(snap.titles[i - 1].popularity).toBeGreaterThanOrEqual(snap.titles[i].popularity);
        // The engine's id map is the snapshot's: offerable titles at their positions, retired ones absent.
        const positions = titlePositions(snap.titles)!;
        snap.titles.forEach((t, i) => expect(positions.get(t.id)).toBe(i));
        for (const r of titles) if (snap.byId.get(r.id)!.retired) expect(positions.get(r.id)).toBeUndefined();
        expect(positions.get('no-such-id')).toBeUndefined();

        const plainByName = new Map<string, CatalogEntry[]>();
        for (const t of snap.titles) {
          for (const name of new Set([t.title, t.originalTitle].filter((n): n is string => Boolean(n)).map(searchText))) {
            if (name) plainByName.set(name, [...(plainByName.get(name) ?? []), t]);
          }
        }
        for (const [name, list] of plainByName) expect(titlesNamed(snap, name)).toEqual(list);
        expect(titlesNamed(snap, searchText('no such title at all'))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('gives shared lists that refuse writes (a write would reach every title sharing them)', () => {
    const { titles, availability } = rowsOf(
      fc.sample(title, { numRuns: 1, seed: 7 }).map((t) => ({ ...t, genres: '["Drama"]', offers: [{ platform: 'Netflix', region: 'US', kind: 'subscription', as_of: '2025-06', link: null, source: 'builtin' }] })),
    );
    const builder = new SnapshotBuilder(1, PACK_VERSION, 6.8);
    builder.add(titles, availability);
    const entry = builder.finish(platformRows).byId.get(titles[0].id)!;
    expect(() => entry.genres.push('Comedy')).toThrow(TypeError);
    expect(() => entry.platforms.push('Hulu')).toThrow(TypeError);
    expect(entry.genres).toEqual(['Drama']);
  });

  it('builds the same engine index as from unshared lists, and ranks every user exactly as it does', () => {
    const taste = fc.record({
      genres: fc.subarray(['Drama', 'Comedy', 'Thriller', 'Science Fiction']),
      languages: fc.subarray(['English', 'Korean', 'Hindi']),
      platforms: fc.subarray(['Netflix', 'Prime Video', 'Hulu']),
      picks: fc.array(fc.tuple(fc.integer({ min: 0, max: 59 }), fc.constantFrom('favourites', 'liked', 'disliked', 'watched', 'recommended')), { maxLength: 20 }),
    });
    fc.assert(
      fc.property(fc.array(title, { minLength: 1, maxLength: 60 }), taste, fc.constantFrom(null, 'US', 'IN'), fc.integer(), (generated, t, region, seed) => {
        const { snap, titles } = snapshotOf(generated, 25);
        const lists = { favourites: [] as string[], liked: [] as string[], disliked: [] as string[], watched: [] as string[], recommended: [] as string[] };
        // Ids of retired and unknown titles too: history keeps them, the engine must ignore them.
        for (const [i, list] of t.picks) lists[list].push(titles[i]?.id ?? `gone-${i}`);
        const user = { genres: t.genres, languages: t.languages, platforms: t.platforms, ...lists };
        const opts = { region, seed };
        const shared = indexes.for(snap.titles);
        // Every title with lists of its own and no id map given: the construction before the
        // snapshot shared lists and its id map with the engine.
        const copies = snap.titles.map((e) => ({ ...(e as CatalogTitle).toJSON(), genres: [...e.genres], platforms: [...e.platforms], platformRegions: e.platformRegions?.map((r) => r && [...r]) }));
        const own = buildIndex(copies);
        const { scratch: _s, neighbourCache: _n, moodCache: _m, titles: _t, idToIdx: _i, ...sharedArrays } = shared;
        const { scratch: _s2, neighbourCache: _n2, moodCache: _m2, titles: _t2, idToIdx: _i2, ...ownArrays } = own;
        expect(sharedArrays).toEqual(ownArrays);
        expect(rankAll(shared, user, opts)).toEqual(rankAll(own, user, opts));
        expect(recommend(shared, user, opts)).toEqual(recommend(own, user, opts));
      }),
      { numRuns: 150 },
    );
  });
});
