// Hand-written TMDB v3 details, in the shapes of developer.themoviedb.org's reference for
// GET /movie/{id} and GET /tv/{id} with append_to_response=credits,keywords,external_ids,
// watch/providers,videos,release_dates|content_ratings. Written from the documentation, not from
// the server's mapping, so a test that passes shows the two agree. `fillerMovie` / `fillerTv`
// make more titles of the same hand-written shape for paging and resume tests.

export const PROVIDERS = {
  netflix: { logo_path: '/pbpMk2JmcoNnQwx5JGpXngfoWtp.jpg', provider_id: 8, provider_name: 'Netflix', display_priority: 0 },
  prime: { logo_path: '/dQeAar5H991VYporEjUspolDarG.jpg', provider_id: 119, provider_name: 'Amazon Prime Video', display_priority: 2 },
  hulu: { logo_path: '/bxBlRPEPpMVDc4jMhSrTf2339DW.jpg', provider_id: 15, provider_name: 'Hulu', display_priority: 5 },
  max: { logo_path: '/fksCUZ9QDWZMUwL2LgMtLckROUN.jpg', provider_id: 1899, provider_name: 'Max', display_priority: 4 },
  jiohotstar: { logo_path: '/6i9BDs1v5KQqIF7HqP9TbJ6xHZo.jpg', provider_id: 2336, provider_name: 'JioHotstar', display_priority: 1 },
  appleStore: { logo_path: '/9ghgSC0MA082EL6HLCW3GalykFD.jpg', provider_id: 2, provider_name: 'Apple TV Store', display_priority: 4 },
  amazonVideo: { logo_path: '/seGSXajazLMCKGB5hnRCidtjay1.jpg', provider_id: 10, provider_name: 'Amazon Video', display_priority: 6 },
  /** Not one of our platforms: kept under this name. */
  tubi: { logo_path: '/zLYr7OKvSYmHcv4U6L5Q2AqIKzS.jpg', provider_id: 73, provider_name: 'Tubi TV', display_priority: 12 },
  plutoFree: { logo_path: '/dB8G41Q6tSL5NBisrIeqByfepBc.jpg', provider_id: 300, provider_name: 'Pluto TV', display_priority: 20 },
} as const;

const link = (kind: 'movie' | 'tv', id: number, region: string) => `https://www.themoviedb.org/${kind}/${id}-x/watch?locale=${region}`;

export type Json = Record<string, any>;

export function inception(): Json {
  return {
    adult: false,
    backdrop_path: '/8ZTVqvKDQ8emSGUEMjsS4yHAwrp.jpg',
    belongs_to_collection: null,
    budget: 160000000,
    genres: [
      { id: 28, name: 'Action' },
      { id: 878, name: 'Science Fiction' },
      { id: 12, name: 'Adventure' },
    ],
    homepage: 'https://www.warnerbros.com/movies/inception',
    id: 27205,
    imdb_id: 'tt1375666',
    original_language: 'en',
    original_title: 'Inception',
    overview: 'Cobb, a skilled thief who commits corporate espionage by infiltrating the subconscious of his targets, is offered a chance to regain his old life.',
    popularity: 98.2,
    poster_path: '/oYuLEt3zVCKq57qu2F8dT7NIa6f.jpg',
    release_date: '2010-07-15',
    revenue: 825532764,
    runtime: 148,
    status: 'Released',
    tagline: 'Your mind is the scene of the crime.',
    title: 'Inception',
    video: false,
    vote_average: 8.4,
    vote_count: 36000,
    credits: {
      cast: [
        { adult: false, gender: 2, id: 6193, known_for_department: 'Acting', name: 'Leonardo DiCaprio', character: 'Dom Cobb', credit_id: '52fe4534c3a368484e04de03', order: 0 },
        { adult: false, gender: 2, id: 2524, known_for_department: 'Acting', name: 'Tom Hardy', character: 'Eames', credit_id: '52fe4534c3a368484e04de0f', order: 3 },
        { adult: false, gender: 2, id: 24045, known_for_department: 'Acting', name: 'Joseph Gordon-Levitt', character: 'Arthur', credit_id: '52fe4534c3a368484e04de07', order: 1 },
        { adult: false, gender: 1, id: 27578, known_for_department: 'Acting', name: 'Elliot Page', character: 'Ariadne', credit_id: '52fe4534c3a368484e04de0b', order: 2 },
      ],
      crew: [
        { adult: false, gender: 2, id: 525, known_for_department: 'Directing', name: 'Christopher Nolan', credit_id: '52fe4534c3a368484e04de5b', department: 'Writing', job: 'Screenplay' },
        { adult: false, gender: 2, id: 525, known_for_department: 'Directing', name: 'Christopher Nolan', credit_id: '52fe4534c3a368484e04ddfd', department: 'Directing', job: 'Director' },
        { adult: false, gender: 2, id: 947, known_for_department: 'Sound', name: 'Hans Zimmer', credit_id: '52fe4534c3a368484e04de5f', department: 'Sound', job: 'Original Music Composer' },
      ],
    },
    keywords: {
      keywords: [
        { id: 1014, name: 'loss of loved one' },
        { id: 1566, name: 'dream' },
        { id: 2343, name: 'subconscious' },
        { id: 4565, name: 'Heist' },
        { id: 9663, name: 'sequel' },
        { id: 9748, name: 'revenge' },
        { id: 12670, name: 'los angeles, california' },
        { id: 13065, name: 'kidnapping' },
        { id: 156810, name: 'science fiction' },
        { id: 207568, name: 'mind bending' },
      ],
    },
    external_ids: { imdb_id: 'tt1375666', wikidata_id: 'Q25188', facebook_id: 'inception', instagram_id: null, twitter_id: null },
    'watch/providers': {
      results: {
        US: {
          link: link('movie', 27205, 'US'),
          flatrate: [PROVIDERS.netflix],
          rent: [PROVIDERS.appleStore, PROVIDERS.amazonVideo],
          buy: [PROVIDERS.appleStore, PROVIDERS.amazonVideo],
        },
        IN: { link: link('movie', 27205, 'IN'), flatrate: [PROVIDERS.jiohotstar] },
        GB: { link: link('movie', 27205, 'GB'), flatrate: [PROVIDERS.netflix] },
      },
    },
    videos: {
      results: [
        { iso_639_1: 'en', iso_3166_1: 'US', name: 'Behind the scenes', key: 'bts00000001', site: 'YouTube', size: 1080, type: 'Featurette', official: true, published_at: '2010-06-01T00:00:00.000Z', id: '5c9294240e0a267cd516835f' },
        { iso_639_1: 'en', iso_3166_1: 'US', name: 'Fan trailer', key: 'fan00000001', site: 'YouTube', size: 720, type: 'Trailer', official: false, published_at: '2010-05-01T00:00:00.000Z', id: '5c9294240e0a267cd5168360' },
        { iso_639_1: 'en', iso_3166_1: 'US', name: 'Official Trailer', key: 'YoHD9XEInc0', site: 'YouTube', size: 1080, type: 'Trailer', official: true, published_at: '2010-05-11T00:00:00.000Z', id: '533ec654c3a36854480003eb' },
      ],
    },
    release_dates: {
      results: [
        { iso_3166_1: 'GB', release_dates: [{ certification: '12A', descriptors: [], iso_639_1: '', note: '', release_date: '2010-07-16T00:00:00.000Z', type: 3 }] },
        {
          iso_3166_1: 'US',
          release_dates: [
            { certification: '', descriptors: [], iso_639_1: '', note: 'Premiere', release_date: '2010-07-08T00:00:00.000Z', type: 1 },
            { certification: 'PG-13', descriptors: [], iso_639_1: '', note: '', release_date: '2010-07-16T00:00:00.000Z', type: 3 },
          ],
        },
      ],
    },
  };
}

export function parasite(): Json {
  return {
    adult: false,
    backdrop_path: '/hiKmpZMGZsrkA3cdce8a7Dpos1j.jpg',
    genres: [
      { id: 35, name: 'Comedy' },
      { id: 53, name: 'Thriller' },
      { id: 18, name: 'Drama' },
    ],
    id: 496243,
    imdb_id: 'tt6751668',
    original_language: 'ko',
    original_title: '기생충',
    overview: "All unemployed, Ki-taek's family takes peculiar interest in the wealthy and glamorous Parks for their livelihood.",
    popularity: 61.5,
    poster_path: '/7IiTTgloJzvGI1TAYymCfbfl3vT.jpg',
    release_date: '2019-05-30',
    runtime: 133,
    status: 'Released',
    title: 'Parasite',
    video: false,
    vote_average: 8.5,
    vote_count: 18500,
    credits: {
      cast: [
        { id: 20738, name: 'Song Kang-ho', character: 'Kim Ki-taek', order: 0 },
        { id: 1257543, name: 'Lee Sun-kyun', character: 'Park Dong-ik', order: 1 },
      ],
      crew: [{ id: 21684, name: 'Bong Joon-ho', department: 'Directing', job: 'Director' }],
    },
    keywords: { keywords: [{ id: 5565, name: 'class differences' }, { id: 10183, name: 'independent film' }] },
    external_ids: { imdb_id: 'tt6751668', wikidata_id: 'Q61448040', facebook_id: null, instagram_id: null, twitter_id: null },
    'watch/providers': {
      results: {
        US: { link: link('movie', 496243, 'US'), flatrate: [PROVIDERS.hulu, PROVIDERS.max], ads: [PROVIDERS.tubi], rent: [PROVIDERS.appleStore] },
        IN: { link: link('movie', 496243, 'IN'), flatrate: [PROVIDERS.prime] },
      },
    },
    videos: {
      results: [{ iso_639_1: 'en', iso_3166_1: 'US', name: 'Parasite [Official Trailer]', key: '5xH0HfJHsaY', site: 'YouTube', size: 1080, type: 'Trailer', official: true, published_at: '2019-10-11T00:00:00.000Z', id: '5d9fc2a61d5386001c2a2c22' }],
    },
    release_dates: { results: [{ iso_3166_1: 'US', release_dates: [{ certification: 'R', descriptors: [], iso_639_1: '', note: '', release_date: '2019-10-11T00:00:00.000Z', type: 3 }] }] },
  };
}

export function ddlj(): Json {
  return {
    adult: false,
    backdrop_path: '/90ez6ArvpO8bvpyIngBuwXOqJm5.jpg',
    genres: [
      { id: 35, name: 'Comedy' },
      { id: 18, name: 'Drama' },
      { id: 10749, name: 'Romance' },
    ],
    id: 19404,
    imdb_id: 'tt0112870',
    original_language: 'hi',
    original_title: 'दिलवाले दुल्हनिया ले जायेंगे',
    overview: 'Raj is a rich, carefree, happy-go-lucky second generation NRI. Simran is the daughter of Chaudhary Baldev Singh.',
    popularity: 20.1,
    poster_path: '/2CAL2433ZeIihfX1Hb2139CX0pW.jpg',
    release_date: '1995-10-20',
    runtime: 190,
    status: 'Released',
    title: 'Dilwale Dulhania Le Jayenge',
    video: false,
    vote_average: 8.5,
    vote_count: 4400,
    credits: {
      cast: [
        { id: 35742, name: 'Shah Rukh Khan', character: 'Raj Malhotra', order: 0 },
        { id: 35776, name: 'Kajol', character: 'Simran Singh', order: 1 },
        { id: 35779, name: 'Amrish Puri', character: 'Chaudhry Baldev Singh', order: 2 },
        { id: 35780, name: 'Anupam Kher', character: 'Dharamvir Malhotra', order: 3 },
      ],
      crew: [{ id: 35796, name: 'Aditya Chopra', department: 'Directing', job: 'Director' }],
    },
    keywords: { keywords: [{ id: 10776, name: 'bollywood' }] },
    external_ids: { imdb_id: 'tt0112870', wikidata_id: null, facebook_id: null, instagram_id: null, twitter_id: null },
    'watch/providers': {
      results: {
        IN: { link: link('movie', 19404, 'IN'), flatrate: [PROVIDERS.prime], buy: [PROVIDERS.appleStore] },
        US: { link: link('movie', 19404, 'US'), flatrate: [PROVIDERS.prime], rent: [PROVIDERS.appleStore] },
      },
    },
    videos: { results: [{ iso_639_1: 'hi', iso_3166_1: 'IN', name: 'Trailer', key: 'oQKXXK2mbD0', site: 'YouTube', size: 480, type: 'Trailer', official: false, published_at: '2015-01-01T00:00:00.000Z', id: '5a2d8f6f0e0a264cbe0f0d02' }] },
    release_dates: { results: [{ iso_3166_1: 'IN', release_dates: [{ certification: 'U', descriptors: [], iso_639_1: '', note: '', release_date: '1995-10-20T00:00:00.000Z', type: 3 }] }] },
  };
}

export function breakingBad(): Json {
  return {
    adult: false,
    backdrop_path: '/tsRy63Mu5cu8etL1X7ZLyf7UP1M.jpg',
    created_by: [{ id: 66633, credit_id: '52542286760ee31328001a7b', name: 'Vince Gilligan', original_name: 'Vince Gilligan', gender: 2, profile_path: null }],
    episode_run_time: [45, 47],
    first_air_date: '2008-01-20',
    genres: [
      { id: 18, name: 'Drama' },
      { id: 80, name: 'Crime' },
    ],
    homepage: 'https://www.sonypictures.com/tv/breakingbad',
    id: 1396,
    in_production: false,
    languages: ['en'],
    last_air_date: '2013-09-29',
    name: 'Breaking Bad',
    number_of_episodes: 62,
    number_of_seasons: 5,
    origin_country: ['US'],
    original_language: 'en',
    original_name: 'Breaking Bad',
    overview: "Walter White, a New Mexico chemistry teacher, is diagnosed with Stage III cancer and given a prognosis of only two years left to live.",
    popularity: 85.3,
    poster_path: '/ztkUQFLlC19CCMYHW9o1zWhJRNq.jpg',
    status: 'Ended',
    type: 'Scripted',
    vote_average: 8.9,
    vote_count: 14000,
    credits: {
      cast: [
        { id: 17419, name: 'Bryan Cranston', character: 'Walter White', order: 0 },
        { id: 84497, name: 'Aaron Paul', character: 'Jesse Pinkman', order: 1 },
        { id: 134531, name: 'Anna Gunn', character: 'Skyler White', order: 2 },
        { id: 14329, name: 'Dean Norris', character: 'Hank Schrader', order: 4 },
      ],
      crew: [],
    },
    keywords: { results: [{ name: 'new mexico', id: 6622 }, { name: 'drug dealer', id: 10714 }, { name: 'Cancer', id: 15808 }] },
    external_ids: { imdb_id: 'tt0903747', freebase_mid: '/m/03d34x8', freebase_id: null, tvdb_id: 81189, tvrage_id: 18164, wikidata_id: 'Q1079', facebook_id: null, instagram_id: null, twitter_id: null },
    'watch/providers': {
      results: {
        US: { link: link('tv', 1396, 'US'), flatrate: [PROVIDERS.netflix], buy: [PROVIDERS.appleStore, PROVIDERS.amazonVideo] },
        IN: { link: link('tv', 1396, 'IN'), flatrate: [PROVIDERS.netflix] },
      },
    },
    videos: { results: [{ iso_639_1: 'en', iso_3166_1: 'US', name: 'Breaking Bad - Trailer', key: 'HhesaQXLuRY', site: 'YouTube', size: 1080, type: 'Trailer', official: true, published_at: '2013-07-01T00:00:00.000Z', id: '5759db2fc3a3683e7c003df7' }] },
    content_ratings: { results: [{ descriptors: [], iso_3166_1: 'US', rating: 'TV-MA' }, { descriptors: [], iso_3166_1: 'DE', rating: '16' }] },
  };
}

export function arcane(): Json {
  return {
    adult: false,
    backdrop_path: '/q8eejQcg1bAqImEV8jh8RtBD4uH.jpg',
    created_by: [
      { id: 2000007, name: 'Christian Linke', gender: 2 },
      { id: 2000008, name: 'Alex Yee', gender: 2 },
    ],
    episode_run_time: [],
    first_air_date: '2021-11-06',
    genres: [
      { id: 16, name: 'Animation' },
      { id: 10765, name: 'Sci-Fi & Fantasy' },
      { id: 10759, name: 'Action & Adventure' },
      { id: 10768, name: 'War & Politics' },
      { id: 10764, name: 'Reality' },
    ],
    id: 94605,
    in_production: false,
    last_air_date: '2024-11-23',
    name: 'Arcane',
    number_of_seasons: 2,
    number_of_episodes: 18,
    original_language: 'en',
    original_name: 'Arcane',
    overview: 'Amid the stark discord of twin cities Piltover and Zaun, two sisters fight on rival sides of a war between magic technologies and clashing convictions.',
    popularity: 70.4,
    poster_path: '/fqldf2t8ztc9aiwn3k6mlX3tvRT.jpg',
    status: 'Ended',
    vote_average: 8.8,
    vote_count: 5000,
    credits: { cast: [{ id: 1, name: 'Hailee Steinfeld', character: 'Vi', order: 0 }, { id: 2, name: 'Ella Purnell', character: 'Jinx', order: 1 }], crew: [] },
    keywords: { results: [{ name: 'based on video game', id: 41645 }] },
    external_ids: { imdb_id: 'tt11126994', tvdb_id: 371028, wikidata_id: null, facebook_id: null, instagram_id: null, twitter_id: null },
    'watch/providers': { results: { US: { link: link('tv', 94605, 'US'), flatrate: [PROVIDERS.netflix] } } },
    videos: {
      results: [
        { iso_639_1: 'en', iso_3166_1: 'US', name: 'Teaser', key: 'teaser00001', site: 'YouTube', size: 1080, type: 'Teaser', official: true, published_at: '2021-09-01T00:00:00.000Z', id: 'a1' },
        { iso_639_1: 'en', iso_3166_1: 'US', name: 'Trailer on Vimeo', key: '123456', site: 'Vimeo', size: 1080, type: 'Trailer', official: true, published_at: '2021-09-02T00:00:00.000Z', id: 'a2' },
      ],
    },
    content_ratings: { results: [{ descriptors: [], iso_3166_1: 'US', rating: 'TV-14' }] },
  };
}

/** A TV show still running and on nothing in the US (so no US offers), Korean. */
export function squidGame(): Json {
  return {
    adult: false,
    backdrop_path: null,
    created_by: [{ id: 1223796, name: 'Hwang Dong-hyuk' }],
    episode_run_time: [55],
    first_air_date: '2021-09-17',
    genres: [
      { id: 10759, name: 'Action & Adventure' },
      { id: 9648, name: 'Mystery' },
      { id: 18, name: 'Drama' },
    ],
    id: 93405,
    in_production: true,
    last_air_date: '2024-12-26',
    name: 'Squid Game',
    number_of_seasons: 2,
    number_of_episodes: 16,
    original_language: 'ko',
    original_name: '오징어 게임',
    overview: 'Hundreds of cash-strapped players accept a strange invitation to compete in children\'s games.',
    popularity: 55.0,
    poster_path: '/dDlEmu3EZ0Pgg93K2SVNLCjCSvE.jpg',
    status: 'Returning Series',
    vote_average: 7.8,
    vote_count: 15000,
    credits: { cast: [{ id: 3, name: 'Lee Jung-jae', character: 'Seong Gi-hun', order: 0 }], crew: [] },
    keywords: { results: [] },
    external_ids: { imdb_id: 'tt10919420', wikidata_id: null },
    'watch/providers': { results: { KR: { link: link('tv', 93405, 'KR'), flatrate: [PROVIDERS.netflix] }, IN: { link: link('tv', 93405, 'IN'), flatrate: [PROVIDERS.netflix], free: [PROVIDERS.plutoFree] } } },
    videos: { results: [] },
    content_ratings: { results: [{ iso_3166_1: 'KR', rating: '19' }] },
  };
}

/** More movies of the same shape, for paging and resume (id >= 900000). */
export function fillerMovie(n: number): Json {
  const id = 900000 + n;
  return {
    adult: false,
    backdrop_path: null,
    genres: [{ id: [28, 35, 18, 27, 99][n % 5], name: ['Action', 'Comedy', 'Drama', 'Horror', 'Documentary'][n % 5] }],
    id,
    imdb_id: `tt9${String(n).padStart(6, '0')}`,
    original_language: n % 4 === 0 ? 'hi' : 'en',
    original_title: `Filler Movie ${n}`,
    overview: `Filler movie number ${n}.`,
    popularity: 10 - n / 1000,
    poster_path: n % 3 === 0 ? `/filler${n}.jpg` : null,
    release_date: `${2000 + (n % 25)}-03-01`,
    runtime: 90 + (n % 40),
    status: 'Released',
    title: `Filler Movie ${n}`,
    video: false,
    vote_average: 6 + (n % 30) / 10,
    vote_count: 100 + n,
    credits: { cast: [{ id: n, name: `Actor ${n}`, character: 'Lead', order: 0 }], crew: [{ id: n, name: `Director ${n}`, job: 'Director', department: 'Directing' }] },
    keywords: { keywords: [] },
    external_ids: { imdb_id: `tt9${String(n).padStart(6, '0')}` },
    'watch/providers': { results: { US: { link: link('movie', id, 'US'), flatrate: [n % 2 ? PROVIDERS.netflix : PROVIDERS.prime], rent: [PROVIDERS.appleStore] } } },
    videos: { results: [] },
    release_dates: { results: [] },
  };
}

export function fillerTv(n: number): Json {
  const id = 800000 + n;
  return {
    adult: false,
    backdrop_path: null,
    created_by: [],
    episode_run_time: [30],
    first_air_date: `${2005 + (n % 20)}-09-01`,
    genres: [{ id: 10765, name: 'Sci-Fi & Fantasy' }],
    id,
    in_production: true,
    last_air_date: '2025-01-01',
    name: `Filler Show ${n}`,
    number_of_seasons: 1 + (n % 4),
    original_language: 'en',
    original_name: `Filler Show ${n}`,
    overview: `Filler show number ${n}.`,
    popularity: 9 - n / 1000,
    poster_path: null,
    status: 'Returning Series',
    vote_average: 7,
    vote_count: 50 + n,
    credits: { cast: [], crew: [] },
    keywords: { results: [] },
    external_ids: { imdb_id: `tt8${String(n).padStart(6, '0')}` },
    'watch/providers': { results: { US: { link: link('tv', id, 'US'), flatrate: [PROVIDERS.hulu] } } },
    videos: { results: [] },
    content_ratings: { results: [] },
  };
}
