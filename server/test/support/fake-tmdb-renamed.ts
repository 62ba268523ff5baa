// TMDB details in the shapes TMDB answers since its renames (docs/catalog.md, "Providers"), written
// from developer.themoviedb.org's reference for GET /movie/{id} and GET /tv/{id}:
// - provider 2, Apple's store, named "Apple TV" (before: "Apple iTunes", "Apple TV Store"), next to
//   Apple TV+ (350) in the same response;
// - ids of our services under names of their own: 1770 "Paramount+ with Showtime", 377 "Hotstar
//   Disney+", 175 "Netflix Kids";
// - series whose `episode_run_time` is empty while `last_episode_to_air`, `next_episode_to_air` or
//   a season's episodes carry a runtime.
// The titles are made up; `startFakeTmdb({ renamed: true })` serves them.
import { PROVIDERS, type Json } from './fake-tmdb-fixtures.js';

export const RENAMED_PROVIDERS = {
  appleStore: { logo_path: '/peURlLlr8jggOwK53fJ5wdQl05y.jpg', provider_id: 2, provider_name: 'Apple TV', display_priority: 3 },
  appleStoreBefore: { logo_path: '/peURlLlr8jggOwK53fJ5wdQl05y.jpg', provider_id: 2, provider_name: 'Apple iTunes', display_priority: 3 },
  appleTvPlus: { logo_path: '/6uhKBfmtzFqOcLousHwZuzcrScK.jpg', provider_id: 350, provider_name: 'Apple TV Plus', display_priority: 7 },
  paramountShowtime: { logo_path: '/fts6X10Jn4QT0X6ac3udKEn2tJA.jpg', provider_id: 1770, provider_name: 'Paramount+ with Showtime', display_priority: 5 },
  hotstarDisney: { logo_path: '/7Fl8ylPDclt3ZYgNbW2t7rbZE9I.jpg', provider_id: 377, provider_name: 'Hotstar Disney+', display_priority: 2 },
  netflixKids: { logo_path: '/j2OLGxyy0gKbPVI0DYFI2hJxP6y.jpg', provider_id: 175, provider_name: 'Netflix Kids', display_priority: 40 },
  /** Not one of ours, in two snapshots: renamed between them. */
  clubBefore: { logo_path: '/q6tl6Ib6X5FT80RMlcDbexIo4St.jpg', provider_id: 9001, provider_name: 'Cinema Club', display_priority: 60 },
  clubAfter: { logo_path: '/q6tl6Ib6X5FT80RMlcDbexIo4St.jpg', provider_id: 9001, provider_name: 'Cinema Club Premium', display_priority: 60 },
} as const;

const R = RENAMED_PROVIDERS;
const link = (kind: 'movie' | 'tv', id: number, region: string) => `https://www.themoviedb.org/${kind}/${id}-x/watch?locale=${region}`;
const genre = (id: number, name: string) => ({ id, name });

/** A movie on Apple TV+ and Paramount+ to stream, and in Apple's store (provider 2, "Apple TV") to rent or buy. */
export function rentalMovie(): Json {
  const id = 990001;
  return {
    adult: false,
    backdrop_path: null,
    genres: [genre(18, 'Drama')],
    id,
    imdb_id: 'tt9900001',
    original_language: 'en',
    original_title: 'The Long Rental',
    overview: 'A video store clerk keeps one tape too long.',
    popularity: 61.5,
    poster_path: '/rentalPoster1.jpg',
    release_date: '2025-03-14',
    runtime: 104,
    status: 'Released',
    title: 'The Long Rental',
    video: false,
    vote_average: 7.1,
    vote_count: 812,
    credits: { cast: [{ id: 1, name: 'Ada Vale', character: 'Clerk', order: 0 }], crew: [{ id: 2, name: 'Ben Rowe', department: 'Directing', job: 'Director' }] },
    keywords: { keywords: [] },
    external_ids: { imdb_id: 'tt9900001', wikidata_id: null, facebook_id: null, instagram_id: null, twitter_id: null },
    'watch/providers': {
      results: {
        US: { link: link('movie', id, 'US'), flatrate: [R.appleTvPlus, R.paramountShowtime], rent: [R.appleStore, PROVIDERS.amazonVideo], buy: [R.appleStore] },
        IN: { link: link('movie', id, 'IN'), flatrate: [R.hotstarDisney], rent: [R.appleStore], buy: [R.appleStore] },
      },
    },
    videos: { results: [] },
    release_dates: { results: [{ iso_3166_1: 'US', release_dates: [{ certification: 'R', descriptors: [], iso_639_1: '', note: '', release_date: '2025-03-14T00:00:00.000Z', type: 3 }] }] },
  };
}

/** GET /tv/{id}'s episode object (last_episode_to_air, next_episode_to_air). */
const episode = (showId: number, season: number, number: number, airDate: string, runtime: number | null) => ({
  id: showId * 100 + number,
  name: `Episode ${number}`,
  overview: '',
  vote_average: 0,
  vote_count: 0,
  air_date: airDate,
  episode_number: number,
  episode_type: 'standard',
  production_code: '',
  runtime,
  season_number: season,
  show_id: showId,
  still_path: null,
});

const season = (showId: number, n: number, count: number) => ({ air_date: '2025-01-10', episode_count: count, id: showId * 10 + n, name: `Season ${n}`, overview: '', poster_path: null, season_number: n, vote_average: 0 });

function series(id: number, name: string, patch: Json): Json {
  return {
    adult: false,
    backdrop_path: null,
    created_by: [{ id: id + 1, credit_id: `c${id}`, name: 'Cleo Marsh', original_name: 'Cleo Marsh', gender: 1, profile_path: null }],
    episode_run_time: [],
    first_air_date: '2025-01-10',
    genres: [genre(10762, 'Kids'), genre(35, 'Comedy')],
    id,
    in_production: true,
    languages: ['en'],
    last_air_date: '2025-02-28',
    name,
    number_of_episodes: 8,
    number_of_seasons: 1,
    original_language: 'en',
    original_name: name,
    overview: `${name}: a made-up series in the shape TMDB answers.`,
    popularity: 40.2,
    poster_path: null,
    status: 'Returning Series',
    type: 'Scripted',
    vote_average: 7.4,
    vote_count: 120,
    credits: { cast: [{ id: id + 2, name: 'Jonah Reed', character: 'Lead', order: 0 }], crew: [] },
    keywords: { results: [] },
    external_ids: { imdb_id: null },
    videos: { results: [] },
    content_ratings: { results: [{ iso_3166_1: 'US', rating: 'TV-Y7', descriptors: [] }] },
    ...patch,
  };
}

/** Empty episode_run_time; the last aired episode says 52 minutes. On Netflix Kids, and in Apple's store under its older name. */
export function lastEpisodeSeries(): Json {
  const id = 990002;
  return series(id, 'Harbour Lights', {
    last_episode_to_air: episode(id, 1, 8, '2025-02-28', 52),
    next_episode_to_air: null,
    seasons: [season(id, 1, 8)],
    'watch/providers': { results: { US: { link: link('tv', id, 'US'), flatrate: [R.netflixKids, R.clubBefore], buy: [R.appleStoreBefore] } } },
  });
}

/** Empty episode_run_time, a last episode without a runtime; the next episode says 44. */
export function nextEpisodeSeries(): Json {
  const id = 990003;
  return series(id, 'Night Shift Radio', {
    last_episode_to_air: episode(id, 1, 3, '2025-01-24', null),
    next_episode_to_air: episode(id, 1, 4, '2025-01-31', 44),
    seasons: [season(id, 1, 10)],
    'watch/providers': { results: { US: { link: link('tv', id, 'US'), flatrate: [R.paramountShowtime] } } },
  });
}

/** Nothing but a season's episodes (the shape of GET /tv/{id}/season/{n}) carries a runtime. */
export function seasonEpisodesSeries(): Json {
  const id = 990004;
  return series(id, 'Quiet Valley', {
    last_episode_to_air: null,
    next_episode_to_air: null,
    seasons: [{ ...season(id, 1, 3), episodes: [episode(id, 1, 1, '2025-01-10', 31), episode(id, 1, 2, '2025-01-17', 28), episode(id, 1, 3, '2025-01-24', 40)] }],
    'watch/providers': { results: { US: { link: link('tv', id, 'US'), flatrate: [PROVIDERS.hulu] } } },
  });
}
