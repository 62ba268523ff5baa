// A local server that answers like TMDB's v3 API (developer.themoviedb.org): discover with
// popularity order, watch-region / monetization / original-language filters and TMDB's 500-page
// cap; movie and TV details with append_to_response; changes (100 ids a page); configuration;
// watch-provider lists; TMDB's error bodies (401 status_code 7, 404 status_code 34, 429 status_code
// 25 with Retry-After, 5xx). An image host route serves a small PNG for any /t/p/<size>/<file>.
// Failures can be injected per path; every request is counted, and in-flight requests too.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { arcane, breakingBad, ddlj, fillerMovie, fillerTv, inception, parasite, PROVIDERS, squidGame, type Json } from './fake-tmdb-fixtures.js';
import { lastEpisodeSeries, nextEpisodeSeries, rentalMovie, RENAMED_PROVIDERS, seasonEpisodesSeries } from './fake-tmdb-renamed.js';
import { breakingBadTranslations, inceptionTranslations, parasiteTranslations } from './fake-tmdb-translations.js';

export type TmdbFailure =
  | { status: 429; retryAfter?: string }
  | { status: 500 | 502 | 503 | 504 }
  | { status: 404 }
  | 'drop'
  | 'hang'
  /** 200 with a body cut off mid-JSON. */
  | 'truncated';

export interface FakeTmdbRequest {
  path: string;
  query: Record<string, string>;
  auth: 'key' | 'bearer' | 'none';
}

export interface FakeTmdb {
  /** API base, like https://api.themoviedb.org/3. */
  url: string;
  /** Image host base, like https://image.tmdb.org: `${imageUrl}/t/p/w342${poster_path}`. */
  imageUrl: string;
  apiKey: string;
  readToken: string;
  movies: Map<number, Json>;
  tv: Map<number, Json>;
  /** `translations.translations` of a title's details (fake-tmdb-translations.ts); a title without one answers an empty list. */
  translations: { movie: Map<number, Json[]>; tv: Map<number, Json[]> };
  /** Ids /movie/changes and /tv/changes list (for any date range). */
  changed: { movie: number[]; tv: number[] };
  requests: FakeTmdbRequest[];
  /** Requests whose path starts with this (e.g. "/movie/", "/discover/"). */
  count(prefix?: string): number;
  inFlight: number;
  maxInFlight: number;
  /** Milliseconds every API answer waits (so concurrency shows). */
  latencyMs: number;
  /** The next requests whose path matches answer these failures, in order. */
  fail(path: string | RegExp, ...failures: TmdbFailure[]): void;
  /** Changes a title and lists it in /changes. */
  touch(kind: 'movie' | 'tv', id: number, patch: Json): void;
  reset(): void;
  close(): Promise<void>;
}

export interface FakeTmdbOptions {
  /** Extra movies / shows of the hand-written filler shape. */
  fillerMovies?: number;
  fillerTv?: number;
  /** Leave out the hand-written titles (a catalog of fillers only). */
  noFixtures?: boolean;
  /** Add the titles in the shapes TMDB answers since its provider renames (fake-tmdb-renamed.ts). */
  renamed?: boolean;
}

/** A 1x1 PNG (valid, 68 bytes). */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const errorBody = (status_code: number, status_message: string) => ({ status_code, status_message, success: false });
const INVALID_KEY = errorBody(7, 'Invalid API key: You must be granted a valid key.');
const NOT_FOUND = errorBody(34, 'The resource you requested could not be found.');

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers }).end(JSON.stringify(body));
}

const APPENDS = new Set(['credits', 'keywords', 'external_ids', 'watch/providers', 'videos', 'release_dates', 'content_ratings', 'translations']);

export async function startFakeTmdb(opts: FakeTmdbOptions = {}): Promise<FakeTmdb> {
  const apiKey = randomBytes(16).toString('hex');
  const readToken = `eyJhbGciOiJIUzI1NiJ9.${randomBytes(24).toString('base64url')}.${randomBytes(16).toString('base64url')}`;
  const failures: Array<{ path: string | RegExp; failure: TmdbFailure }> = [];
  const hanging = new Set<ServerResponse>();

  const fake: FakeTmdb = {
    url: '',
    imageUrl: '',
    apiKey,
    readToken,
    movies: new Map(),
    tv: new Map(),
    translations: { movie: new Map(), tv: new Map() },
    changed: { movie: [], tv: [] },
    requests: [],
    count: (prefix = '') => fake.requests.filter((r) => r.path.startsWith(prefix)).length,
    inFlight: 0,
    maxInFlight: 0,
    latencyMs: 0,
    fail(path, ...fs) {
      for (const failure of fs) failures.push({ path, failure });
    },
    touch(kind, id, patch) {
      const map = kind === 'movie' ? fake.movies : fake.tv;
      const t = map.get(id);
      if (t) map.set(id, { ...t, ...patch });
      if (!fake.changed[kind].includes(id)) fake.changed[kind].push(id);
    },
    reset() {
      fake.requests.length = 0;
      fake.maxInFlight = 0;
      failures.length = 0;
    },
    async close() {
      for (const res of hanging) res.destroy();
      await new Promise<void>((ok) => server.close(() => ok()));
      server.closeAllConnections();
    },
  };
  if (!opts.noFixtures) {
    for (const m of [inception(), parasite(), ddlj()]) fake.movies.set(m.id, m);
    for (const t of [breakingBad(), arcane(), squidGame()]) fake.tv.set(t.id, t);
    fake.translations.movie.set(27205, inceptionTranslations());
    fake.translations.movie.set(496243, parasiteTranslations());
    fake.translations.tv.set(1396, breakingBadTranslations());
  }
  if (opts.renamed) {
    fake.movies.set(rentalMovie().id, rentalMovie());
    for (const t of [lastEpisodeSeries(), nextEpisodeSeries(), seasonEpisodesSeries()]) fake.tv.set(t.id, t);
  }
  for (let i = 1; i <= (opts.fillerMovies ?? 0); i++) fake.movies.set(fillerMovie(i).id, fillerMovie(i));
  for (let i = 1; i <= (opts.fillerTv ?? 0); i++) fake.tv.set(fillerTv(i).id, fillerTv(i));

  function takeFailure(path: string): TmdbFailure | null {
    const i = failures.findIndex((f) => (typeof f.path === 'string' ? path.startsWith(f.path) : f.path.test(path)));
    return i < 0 ? null : failures.splice(i, 1)[0].failure;
  }

  function details(kind: 'movie' | 'tv', t: Json, append: string[]): Json {
    const out: Json = {};
    for (const [k, v] of Object.entries(t)) if (!APPENDS.has(k) || append.includes(k)) out[k] = v;
    if (append.includes('translations')) out.translations = { translations: fake.translations[kind].get(t.id) ?? [] };
    return out;
  }

  function discover(kind: 'movie' | 'tv', q: Record<string, string>): Json | null {
    const page = q.page === undefined ? 1 : Number(q.page);
    if (!Number.isInteger(page) || page < 1 || page > 500) return null;
    const region = q.watch_region;
    const kinds = q.with_watch_monetization_types ? q.with_watch_monetization_types.split('|') : null;
    let list = [...(kind === 'movie' ? fake.movies : fake.tv).values()];
    if (q.with_original_language) list = list.filter((t) => t.original_language === q.with_original_language);
    if (region) {
      list = list.filter((t) => {
        const r = t['watch/providers']?.results?.[region];
        if (!r) return false;
        return (kinds ?? ['flatrate', 'free', 'ads', 'rent', 'buy']).some((k) => Array.isArray(r[k]) && r[k].length > 0);
      });
    }
    if ((q.sort_by ?? 'popularity.desc') === 'popularity.desc') list.sort((a, b) => b.popularity - a.popularity);
    const perPage = 20;
    const results = list.slice((page - 1) * perPage, page * perPage).map((t) =>
      kind === 'movie'
        ? { adult: false, backdrop_path: t.backdrop_path, genre_ids: t.genres.map((g: Json) => g.id), id: t.id, original_language: t.original_language, original_title: t.original_title, overview: t.overview, popularity: t.popularity, poster_path: t.poster_path, release_date: t.release_date, title: t.title, video: false, vote_average: t.vote_average, vote_count: t.vote_count }
        : { adult: false, backdrop_path: t.backdrop_path, genre_ids: t.genres.map((g: Json) => g.id), id: t.id, origin_country: ['US'], original_language: t.original_language, original_name: t.original_name, overview: t.overview, popularity: t.popularity, poster_path: t.poster_path, first_air_date: t.first_air_date, name: t.name, vote_average: t.vote_average, vote_count: t.vote_count },
    );
    return { page, results, total_pages: Math.min(500, Math.max(1, Math.ceil(list.length / perPage))), total_results: list.length };
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname.slice(2); // strip "/3"
    const query = Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'api_key'));
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const key = url.searchParams.get('api_key');
    fake.requests.push({ path, query, auth: bearer ? 'bearer' : key ? 'key' : 'none' });
    if (fake.latencyMs) await new Promise((r) => setTimeout(r, fake.latencyMs));
    const failure = takeFailure(path);
    if (failure === 'drop') return void req.socket.destroy();
    if (failure === 'hang') return void hanging.add(res);
    if (failure === 'truncated') return void res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' }).end('{"id":27205,"title":"Incep');
    if (failure?.status === 429) return send(res, 429, errorBody(25, 'Your request count (41) is over the allowed limit of (40).'), failure.retryAfter === undefined ? {} : { 'retry-after': failure.retryAfter });
    if (failure?.status === 404) return send(res, 404, NOT_FOUND);
    if (failure) return send(res, failure.status, failure.status === 503 ? errorBody(9, 'Service offline - This service is temporarily offline, try again later.') : errorBody(11, 'Internal error: Something went wrong, contact TMDB.'));
    if ((bearer ?? key) !== (bearer ? readToken : apiKey)) return send(res, 401, INVALID_KEY);
    if (req.method !== 'GET') return send(res, 405, errorBody(3, 'Authentication failed: You do not have permissions to access the service.'));

    const append = (query.append_to_response ?? '').split(',').filter(Boolean);
    let m: RegExpExecArray | null;
    if ((m = /^\/discover\/(movie|tv)$/.exec(path))) {
      const page = discover(m[1] as 'movie' | 'tv', query);
      return page ? send(res, 200, page) : send(res, 400, errorBody(22, 'Invalid page: Pages start at 1 and max at 500. They are expected to be an integer.'));
    }
    if ((m = /^\/(movie|tv)\/changes$/.exec(path))) {
      const ids = fake.changed[m[1] as 'movie' | 'tv'];
      const page = Number(query.page ?? 1);
      const results = ids.slice((page - 1) * 100, page * 100).map((id) => ({ id, adult: false }));
      return send(res, 200, { results, page, total_pages: Math.max(1, Math.ceil(ids.length / 100)), total_results: ids.length });
    }
    if ((m = /^\/(movie|tv)\/(\d+)$/.exec(path))) {
      const t = (m[1] === 'movie' ? fake.movies : fake.tv).get(Number(m[2]));
      return t ? send(res, 200, details(m[1] as 'movie' | 'tv', t, append)) : send(res, 404, NOT_FOUND);
    }
    if (path === '/configuration') {
      return send(res, 200, {
        change_keys: ['adult', 'air_date', 'also_known_as', 'biography', 'genres', 'images', 'overview', 'poster_path', 'release_dates', 'title', 'videos'],
        images: {
          base_url: `${fake.imageUrl.replace('https:', 'http:')}/t/p/`,
          secure_base_url: `${fake.imageUrl}/t/p/`,
          backdrop_sizes: ['w300', 'w780', 'w1280', 'original'],
          logo_sizes: ['w45', 'w92', 'w154', 'w185', 'w300', 'w500', 'original'],
          poster_sizes: ['w92', 'w154', 'w185', 'w342', 'w500', 'w780', 'original'],
          profile_sizes: ['w45', 'w185', 'h632', 'original'],
          still_sizes: ['w92', 'w185', 'w300', 'original'],
        },
      });
    }
    if ((m = /^\/watch\/providers\/(movie|tv)$/.exec(path))) {
      // One entry per id under its current name: a later entry replaces an earlier one of its id.
      const R = RENAMED_PROVIDERS;
      const listed: Json[] = [...Object.values(PROVIDERS), ...(opts.renamed ? [R.appleStore, R.appleTvPlus, R.paramountShowtime, R.hotstarDisney, R.netflixKids, R.clubAfter] : [])];
      const byId = new Map(listed.map((p) => [p.provider_id, p]));
      return send(res, 200, { results: [...byId.values()].map((p) => ({ display_priorities: { US: p.display_priority }, ...p })) });
    }
    return send(res, 404, NOT_FOUND);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (/^\/t\/p\/[a-z0-9]+\/[\w.-]+\.(jpg|png)$/.test(url.pathname)) {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(TINY_PNG.length), 'cache-control': 'public, max-age=31536000' }).end(TINY_PNG);
      return;
    }
    if (!url.pathname.startsWith('/3/')) return send(res, 404, NOT_FOUND);
    fake.inFlight++;
    fake.maxInFlight = Math.max(fake.maxInFlight, fake.inFlight);
    res.on('close', () => fake.inFlight--);
    api(req, res, url).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, errorBody(11, String(err)));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const port = (server.address() as { port: number }).port;
  fake.url = `http://127.0.0.1:${port}/3`;
  fake.imageUrl = `http://127.0.0.1:${port}`;
  return fake;
}
