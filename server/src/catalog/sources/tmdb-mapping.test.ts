import { describe, expect, it } from 'vitest';
import { GENRES } from '@app/shared';
import { arcane, breakingBad, ddlj, inception, parasite, squidGame } from '../../../test/support/fake-tmdb-fixtures.js';
import { mapGenres, movieToSource, TMDB_GENRES, trailerKey, tvToSource } from './tmdb-mapping.js';
import { mapOffers, platformName } from './tmdb-platforms.js';
import type { TmdbMovieDetails, TmdbTvDetails } from '../../integrations/tmdb/types.js';
import platforms from '../../../catalog/platforms.json' with { type: 'json' };

const opts = { regions: ['US', 'IN'], asOf: '2026-11-25' };

describe('TMDB mapping', () => {
  it('maps movie and TV genres to our vocabulary, splitting combined TV genres and dropping the unmappable', () => {
    expect(mapGenres([{ id: 10759, name: 'Action & Adventure' }, { id: 10765, name: 'Sci-Fi & Fantasy' }])).toEqual(['Action', 'Adventure', 'Science Fiction', 'Fantasy']);
    expect(mapGenres([{ id: 10768, name: 'War & Politics' }, { id: 10762, name: 'Kids' }, { id: 10766, name: 'Soap' }])).toEqual(['War', 'Family', 'Drama']);
    expect(mapGenres([{ id: 10764, name: 'Reality' }, { id: 10767, name: 'Talk' }, { id: 10763, name: 'News' }, { id: 10770, name: 'TV Movie' }])).toEqual([]);
    // An id we do not know falls back to the name.
    expect(mapGenres([{ id: 123456, name: 'Western' }, { id: 654321, name: 'Sci-Fi & Fantasy' }])).toEqual(['Western', 'Science Fiction', 'Fantasy']);
    for (const list of Object.values(TMDB_GENRES)) for (const g of list) expect(GENRES).toContain(g);
  });

  it('maps providers by id, and keeps unknown ones under their TMDB name', () => {
    const ours = new Set(platforms.platforms.map((p) => p.name));
    const cases: Array<[number, string, string]> = [
      [8, 'Netflix', 'Netflix'],
      [9, 'Amazon Prime Video', 'Prime Video'],
      [119, 'Amazon Prime Video', 'Prime Video'],
      [337, 'Disney Plus', 'Disney+'],
      [1899, 'Max', 'HBO Max'],
      [384, 'HBO Max', 'HBO Max'],
      [15, 'Hulu', 'Hulu'],
      [350, 'Apple TV Plus', 'Apple TV'],
      [531, 'Paramount Plus', 'Paramount+'],
      [386, 'Peacock', 'Peacock'],
      [387, 'Peacock Premium', 'Peacock'],
      [122, 'Hotstar', 'JioHotstar'],
      [2336, 'JioHotstar', 'JioHotstar'],
      [232, 'Zee5', 'ZEE5'],
      [237, 'SonyLIV', 'Sony LIV'],
      [283, 'Crunchyroll', 'Crunchyroll'],
      [11, 'MUBI', 'MUBI'],
      [532, 'aha', 'aha'],
      [309, 'Sun Nxt', 'Sun NXT'],
      [315, 'Hoichoi', 'hoichoi'],
    ];
    for (const [id, name, expected] of cases) {
      expect(platformName({ provider_id: id, provider_name: name })).toBe(expected);
      expect(ours.has(expected)).toBe(true);
    }
    // Every one of our 16 platforms is reachable from TMDB.
    expect(new Set(cases.map((c) => c[2]))).toEqual(ours);
    // A channel sold through another store is its own subscription: kept under its name.
    expect(platformName({ provider_id: 99996, provider_name: 'Paramount Plus Apple TV Channel' })).toBe('Paramount Plus Apple TV Channel');
    expect(platformName({ provider_id: 73, provider_name: 'Tubi TV' })).toBe('Tubi TV');
    expect(platformName({ provider_id: 74, provider_name: '  ' })).toBeNull();
  });

  it('turns watch/providers into offers of the configured regions only, with kinds and the region link', () => {
    const offers = mapOffers(inception()['watch/providers'], ['US', 'IN'], '2026-11-25');
    expect(offers).toEqual([
      { platform: 'Netflix', region: 'US', kind: 'subscription', as_of: '2026-11-25', link: 'https://www.themoviedb.org/movie/27205-x/watch?locale=US' },
      { platform: 'Apple TV Store', region: 'US', kind: 'rent', as_of: '2026-11-25', link: 'https://www.themoviedb.org/movie/27205-x/watch?locale=US' },
      { platform: 'Amazon Video', region: 'US', kind: 'rent', as_of: '2026-11-25', link: 'https://www.themoviedb.org/movie/27205-x/watch?locale=US' },
      { platform: 'Apple TV Store', region: 'US', kind: 'buy', as_of: '2026-11-25', link: 'https://www.themoviedb.org/movie/27205-x/watch?locale=US' },
      { platform: 'Amazon Video', region: 'US', kind: 'buy', as_of: '2026-11-25', link: 'https://www.themoviedb.org/movie/27205-x/watch?locale=US' },
      { platform: 'JioHotstar', region: 'IN', kind: 'subscription', as_of: '2026-11-25', link: 'https://www.themoviedb.org/movie/27205-x/watch?locale=IN' },
    ]);
    expect(mapOffers(parasite()['watch/providers'], ['US'], '2026-11-25').map((o) => `${o.platform}:${o.kind}`)).toEqual([
      'Hulu:subscription', 'HBO Max:subscription', 'Tubi TV:ads', 'Apple TV Store:rent',
    ]);
    expect(mapOffers(squidGame()['watch/providers'], ['IN'], '2026-11-25').map((o) => `${o.platform}:${o.kind}`)).toEqual(['Netflix:subscription', 'Pluto TV:free']);
    expect(mapOffers(undefined, ['US'], '2026-11-25')).toEqual([]);
    // A link that is not http(s) is not stored.
    expect(mapOffers({ results: { US: { link: 'javascript:alert(1)', flatrate: [{ provider_id: 8, provider_name: 'Netflix' }] } } }, ['US'], '2026-11-25')[0].link).toBeNull();
  });

  it('maps a movie: ids, names, year, runtime, keywords, director, top-3 cast, artwork, official trailer, rating, certification', () => {
    const s = movieToSource(inception() as TmdbMovieDetails, opts);
    expect(s).toMatchObject({
      kind: 'movie', title: 'Inception', originalTitle: 'Inception', year: 2010, runtime: 148, language: 'en',
      genres: ['Action', 'Science Fiction', 'Adventure'], tmdbId: 27205, imdbId: 'tt1375666', director: 'Christopher Nolan',
      cast: ['Leonardo DiCaprio', 'Joseph Gordon-Levitt', 'Elliot Page'], posterPath: '/oYuLEt3zVCKq57qu2F8dT7NIa6f.jpg',
      backdropPath: '/8ZTVqvKDQ8emSGUEMjsS4yHAwrp.jpg', trailerKey: 'YoHD9XEInc0', tmdbRating: 8.4, voteCount: 36000, ageRating: 'PG-13',
      offerRegions: ['US', 'IN'],
    });
    expect(s.keywords).toEqual(['loss of loved one', 'dream', 'subconscious', 'heist', 'sequel', 'revenge', 'los angeles, california', 'kidnapping']);
    expect(s.description).toMatch(/^Cobb, a skilled thief/);
    // Hindi film: original title kept, only an unofficial trailer, certification of the first region when US is not configured.
    const d = movieToSource(ddlj() as TmdbMovieDetails, { regions: ['IN'], asOf: '2026-11-25' });
    expect(d).toMatchObject({ originalTitle: 'दिलवाले दुल्हनिया ले जायेंगे', language: 'hi', trailerKey: 'oQKXXK2mbD0', ageRating: 'U', year: 1995 });
    expect(d.offers?.map((o) => `${o.platform}:${o.kind}`)).toEqual(['Prime Video:subscription', 'Apple TV Store:buy']);
  });

  it('maps a series: first and last air year when ended, seasons, episodes when ended, episode runtime, creators, content rating', () => {
    const b = tvToSource(breakingBad() as TmdbTvDetails, opts);
    expect(b).toMatchObject({
      kind: 'series', title: 'Breaking Bad', year: 2008, endYear: 2013, seasons: 5, episodes: 62, episodeRuntime: 45, director: 'Vince Gilligan',
      cast: ['Bryan Cranston', 'Aaron Paul', 'Anna Gunn'], ageRating: 'TV-MA', imdbId: 'tt0903747', genres: ['Drama', 'Crime'],
      keywords: ['new mexico', 'drug dealer', 'cancer'],
    });
    const a = tvToSource(arcane() as TmdbTvDetails, opts);
    expect(a).toMatchObject({ genres: ['Animation', 'Science Fiction', 'Fantasy', 'Action', 'Adventure', 'War'], director: 'Christian Linke, Alex Yee', episodes: 18, episodeRuntime: null, trailerKey: null, endYear: 2024 });
    const s = tvToSource(squidGame() as TmdbTvDetails, opts);
    // A running series' episode count grows: it is not a count "finish tonight" could promise.
    expect(s).toMatchObject({ episodes: null, endYear: null, originalTitle: '오징어 게임', backdropPath: null, ageRating: null, keywords: [] });
  });

  it('picks the official YouTube trailer, else any YouTube trailer, never a teaser or another site', () => {
    expect(trailerKey([{ key: 'aaaaaaaaaaa', site: 'YouTube', type: 'Teaser', official: true }, { key: 'bbbbbbbbbbb', site: 'Vimeo', type: 'Trailer', official: true }])).toBeNull();
    expect(trailerKey([{ key: 'aaaaaaaaaaa', site: 'YouTube', type: 'Trailer', official: false }, { key: 'bbbbbbbbbbb', site: 'YouTube', type: 'Trailer', official: true }])).toBe('bbbbbbbbbbb');
    expect(trailerKey([{ key: 'aaaaaaaaaaa', site: 'YouTube', type: 'Trailer' }])).toBe('aaaaaaaaaaa');
    expect(trailerKey(undefined)).toBeNull();
  });

  it('keeps only image paths and trailer keys of the expected shape (clients build URLs from them)', () => {
    const m = { ...inception(), poster_path: '/../../etc/passwd.jpg', backdrop_path: 'https://evil.example/x.jpg', videos: { results: [{ key: 'x"><script>', site: 'YouTube', type: 'Trailer', official: true }] } };
    expect(movieToSource(m as TmdbMovieDetails, opts)).toMatchObject({ posterPath: null, backdropPath: null, trailerKey: null });
  });

  it('tolerates sparse details (missing lists, empty dates, zero votes)', () => {
    const s = movieToSource({ id: 5, title: 'Sparse', release_date: '', vote_average: 0, vote_count: 0 } as TmdbMovieDetails, opts);
    expect(s).toMatchObject({ title: 'Sparse', year: 0, genres: [], cast: [], keywords: [], director: null, runtime: null, tmdbRating: null, imdbId: null, offers: [] });
  });
});
