// A local server that answers like Trakt's API v2 (docs.trakt.tv), written by hand from its
// documentation: the OAuth device flow (POST /oauth/device/code, /oauth/device/token with its
// 400/404/409/410/418/429 statuses), refresh (POST /oauth/token), GET /users/settings,
// /sync/last_activities, /sync/history/movies|shows (paginated, start_at/end_at),
// /sync/ratings/movies|shows and /sync/watchlist/movies|shows (pagination optional), POST
// /sync/history and /sync/ratings (201 with added / not_found). Every call must send
// trakt-api-version 2, the app's trakt-api-key and Content-Type application/json (else 403 or
// 412, as Trakt answers); GETs are limited to 1,000 per user every 5 minutes (429 Retry-After).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { readBody } from './http-body.js';

export interface Ids { trakt: number; slug: string; imdb?: string | null; tmdb?: number | null; tvdb?: number | null }
export interface Media { title: string; year: number; ids: Ids }

export const DARK_KNIGHT: Media = { title: 'The Dark Knight', year: 2008, ids: { trakt: 16, slug: 'the-dark-knight-2008', imdb: 'tt0468569', tmdb: 155 } };
export const TRON_LEGACY: Media = { title: 'TRON: Legacy', year: 2010, ids: { trakt: 12601, slug: 'tron-legacy-2010', imdb: 'tt1104001', tmdb: 20526 } };
export const BREAKING_BAD: Media = { title: 'Breaking Bad', year: 2008, ids: { trakt: 1, slug: 'breaking-bad', tvdb: 81189, imdb: 'tt0903747', tmdb: 1396 } };
/** The nth filler movie (ids of our own range, so they never collide with the ones above). */
export const fillerMovie = (n: number): Media => ({ title: `Filler ${n}`, year: 2000 + (n % 20), ids: { trakt: 90_000 + n, slug: `filler-${n}`, imdb: `tt9${String(n).padStart(6, '0')}`, tmdb: 800_000 + n } });

type Kind = 'movie' | 'show';
interface Play { id: number; watched_at: string; type: 'movie' | 'episode'; media: Media; episode?: { season: number; number: number } }
interface User {
  username: string;
  history: Play[];
  ratings: Map<string, { rated_at: string; rating: number; type: Kind; media: Media }>;
  watchlist: Map<string, { id: number; listed_at: string; type: Kind; media: Media }>;
  activities: { movies: Record<string, string>; episodes: Record<string, string>; shows: Record<string, string> };
  gets: number[];
}
interface Device { code: string; userCode: string; state: 'pending' | 'approved' | 'used' | 'expired' | 'denied'; user?: string }
export interface LoggedRequest { method: string; path: string; query: Record<string, string>; headers: IncomingMessage['headers']; body: unknown; status: number }
export interface Failure { status: number; retryAfter?: number }

const START = '2026-01-01T00:00:00.000Z';

export async function startFakeTrakt(clientId = 'c0ffee'.repeat(10) + 'c0ff', clientSecret = '5ec12e7'.repeat(9)) {
  const users = new Map<string, User>();
  const devices = new Map<string, Device>();
  const access = new Map<string, { user: string; revoked: boolean }>();
  const refresh = new Map<string, { user: string; used: boolean }>();
  const known = new Map<string, Media>();
  const failures = new Map<string, Failure[]>();
  const requests: LoggedRequest[] = [];
  let clock = Date.parse(START);
  let nextId = 1_000_000;

  const tick = () => new Date((clock += 1000)).toISOString();
  const register = (kind: Kind, m: Media) => known.set(`${kind}:${m.ids.trakt}`, m);
  const find = (kind: Kind, ids: Partial<Ids>) =>
    [...known.entries()].find(([k, m]) => k.startsWith(`${kind}:`) && ((ids.tmdb != null && m.ids.tmdb === ids.tmdb) || (ids.imdb != null && m.ids.imdb === ids.imdb) || (ids.trakt != null && m.ids.trakt === ids.trakt)))?.[1];
  const userOf = (name: string) => {
    const u = users.get(name);
    if (!u) throw new Error(`no Trakt user ${name}`);
    return u;
  };
  const issue = (user: string) => {
    const at = randomBytes(24).toString('hex');
    const rt = randomBytes(24).toString('hex');
    access.set(at, { user, revoked: false });
    refresh.set(rt, { user, used: false });
    return { access_token: at, token_type: 'bearer', expires_in: 604_800, refresh_token: rt, scope: 'public', created_at: Math.floor(Date.now() / 1000) };
  };

  const send = (res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
    return status;
  };
  const page = <T>(res: ServerResponse, q: URLSearchParams, items: T[], optional: boolean) => {
    if (optional && !q.has('page') && !q.has('limit')) return send(res, 200, items);
    const limit = Math.max(1, Number(q.get('limit') ?? 10));
    const pageNo = Math.max(1, Number(q.get('page') ?? 1));
    const count = Math.max(1, Math.ceil(items.length / limit));
    return send(res, 200, items.slice((pageNo - 1) * limit, pageNo * limit), {
      'x-pagination-page': String(pageNo),
      'x-pagination-limit': String(limit),
      'x-pagination-page-count': String(count),
      'x-pagination-item-count': String(items.length),
    });
  };
  const mediaKey = (kind: Kind, m: Media) => ({ type: kind, [kind]: m });

  function oauth(path: string, b: Record<string, any>, res: ServerResponse): number {
    if (path === '/oauth/device/code') {
      if (b.client_id !== clientId) return send(res, 401, { error: 'invalid_client' });
      const d: Device = { code: randomBytes(32).toString('hex'), userCode: randomBytes(4).toString('hex').toUpperCase(), state: 'pending' };
      devices.set(d.code, d);
      return send(res, 200, { device_code: d.code, user_code: d.userCode, verification_url: 'https://trakt.tv/activate', expires_in: 600, interval: 5 });
    }
    if (b.client_id !== clientId || b.client_secret !== clientSecret) return send(res, 401, { error: 'invalid_client' });
    if (path === '/oauth/device/token') {
      const d = devices.get(String(b.code));
      if (!d) return send(res, 404);
      const status = { pending: 400, used: 409, expired: 410, denied: 418, approved: 200 }[d.state];
      if (status !== 200) return send(res, status);
      d.state = 'used';
      return send(res, 200, issue(d.user!));
    }
    if (path === '/oauth/token' && b.grant_type === 'refresh_token') {
      const r = refresh.get(String(b.refresh_token));
      if (!r || r.used) return send(res, 401, { error: 'invalid_grant', error_description: 'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.' });
      r.used = true;
      for (const a of access.values()) if (a.user === r.user) a.revoked = true;
      return send(res, 200, issue(r.user));
    }
    return send(res, 400, { error: 'unsupported_grant_type' });
  }

  function signedIn(method: string, path: string, q: URLSearchParams, b: Record<string, any>, u: User, res: ServerResponse): number {
    const m = /^\/sync\/(history|ratings|watchlist)(?:\/(movies|shows))?$/.exec(path);
    if (method === 'GET' && path === '/users/settings') return send(res, 200, { user: { username: u.username, private: false, name: `${u.username} (name)`, vip: false, ids: { slug: u.username.toLowerCase() } }, account: { timezone: 'UTC' } });
    if (method === 'GET' && path === '/sync/last_activities') return send(res, 200, { all: new Date(clock).toISOString(), ...u.activities });
    if (method === 'GET' && m?.[1] === 'history' && m[2]) {
      const type = m[2] === 'movies' ? 'movie' : 'episode';
      const from = q.has('start_at') ? Date.parse(q.get('start_at')!) : -Infinity;
      const to = q.has('end_at') ? Date.parse(q.get('end_at')!) : Infinity;
      const plays = u.history.filter((p) => p.type === type && Date.parse(p.watched_at) >= from && Date.parse(p.watched_at) <= to).sort((a, c) => c.watched_at.localeCompare(a.watched_at));
      return page(res, q, plays.map((p) => ({ id: p.id, watched_at: p.watched_at, action: 'scrobble', type: p.type, ...(p.type === 'movie' ? { movie: p.media } : { episode: { ...p.episode, title: null, ids: { trakt: p.id } }, show: p.media }) })), false);
    }
    if (method === 'GET' && (m?.[1] === 'ratings' || m?.[1] === 'watchlist') && m[2]) {
      const kind: Kind = m[2] === 'movies' ? 'movie' : 'show';
      if (m[1] === 'ratings') return page(res, q, [...u.ratings.values()].filter((r) => r.type === kind).map((r) => ({ rated_at: r.rated_at, rating: r.rating, ...mediaKey(kind, r.media) })), true);
      const listed = [...u.watchlist.values()].filter((w) => w.type === kind);
      return page(res, q, listed.map((w, i) => ({ rank: i + 1, id: w.id, listed_at: w.listed_at, notes: null, ...mediaKey(kind, w.media) })), true);
    }
    if (method === 'POST' && (path === '/sync/history' || path === '/sync/ratings')) {
      const added: Record<string, number> = path === '/sync/history' ? { movies: 0, episodes: 0 } : { movies: 0, shows: 0, seasons: 0, episodes: 0 };
      const notFound: Record<string, unknown[]> = { movies: [], shows: [], seasons: [], episodes: [], ids: [] };
      for (const [group, kind] of [['movies', 'movie'], ['shows', 'show']] as const) {
        for (const e of Array.isArray(b[group]) ? b[group] : []) {
          const media = find(kind, e.ids ?? {});
          if (!media) { notFound[group].push({ ids: e.ids }); continue; }
          if (path === '/sync/history') {
            fake.watch(u.username, kind, media, e.watched_at ?? new Date(clock).toISOString());
            added[kind === 'movie' ? 'movies' : 'episodes']++;
          } else if (Number.isInteger(e.rating) && e.rating >= 1 && e.rating <= 10) {
            fake.rate(u.username, kind, media, e.rating, e.rated_at);
            added[group]++;
          }
        }
      }
      return send(res, 201, { added, not_found: notFound });
    }
    return send(res, 404);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const text = await readBody(req);
    let b: Record<string, any> = {};
    try {
      b = text ? JSON.parse(text) : {};
    } catch {
      return send(res, 400);
    }
    const entry: LoggedRequest = { method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body: text ? b : undefined, status: 0 };
    requests.push(entry);
    const record = (status: number) => (entry.status = status);
    if (req.headers['content-type'] !== 'application/json') return record(send(res, 412));
    if (req.headers['trakt-api-key'] !== clientId || req.headers['trakt-api-version'] !== '2') return record(send(res, 403));
    const queued = failures.get(url.pathname)?.shift();
    if (queued) return record(send(res, queued.status, undefined, queued.retryAfter !== undefined ? { 'retry-after': String(queued.retryAfter), 'x-ratelimit': JSON.stringify({ name: 'AUTHED_API_GET_LIMIT', period: 300, limit: 1000, remaining: 0 }) } : {}));
    if (url.pathname.startsWith('/oauth/')) return record(oauth(url.pathname, b, res));
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const grant = bearer ? access.get(bearer) : undefined;
    if (!grant || grant.revoked) return record(send(res, 401));
    const u = userOf(grant.user);
    if (req.method === 'GET') {
      const now = Date.now();
      u.gets = u.gets.filter((t) => t > now - 300_000);
      if (u.gets.length >= 1000) return record(send(res, 429, undefined, { 'retry-after': String(Math.ceil((u.gets[0] + 300_000 - now) / 1000)) }));
      u.gets.push(now);
    }
    return record(signedIn(req.method ?? 'GET', url.pathname, url.searchParams, b, u, res));
  }

  const server = createServer((req, res) => void handle(req, res).catch(() => send(res, 500)));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };

  const fake = {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    requests,
    addUser(username: string) {
      const a = { watched_at: START, rated_at: START, watchlisted_at: START };
      users.set(username, { username, history: [], ratings: new Map(), watchlist: new Map(), activities: { movies: { ...a }, episodes: { ...a }, shows: { rated_at: START, watchlisted_at: START } }, gets: [] });
    },
    /** A play (a show's play is one episode), as a scrobble or a history add would make it. */
    watch(user: string, kind: Kind, media: Media, watchedAt: string, episode = { season: 1, number: 1 }) {
      const u = userOf(user);
      register(kind, media);
      u.history.push({ id: nextId++, watched_at: new Date(watchedAt).toISOString(), type: kind === 'movie' ? 'movie' : 'episode', media, episode: kind === 'show' ? episode : undefined });
      (kind === 'movie' ? u.activities.movies : u.activities.episodes).watched_at = tick();
    },
    rate(user: string, kind: Kind, media: Media, rating: number, ratedAt?: string) {
      const u = userOf(user);
      register(kind, media);
      const at = tick();
      u.ratings.set(`${kind}:${media.ids.trakt}`, { rated_at: ratedAt ?? at, rating, type: kind, media });
      (kind === 'movie' ? u.activities.movies : u.activities.shows).rated_at = at;
    },
    list(user: string, kind: Kind, media: Media) {
      const u = userOf(user);
      register(kind, media);
      const at = tick();
      u.watchlist.set(`${kind}:${media.ids.trakt}`, { id: nextId++, listed_at: at, type: kind, media });
      (kind === 'movie' ? u.activities.movies : u.activities.shows).watchlisted_at = at;
    },
    unlist(user: string, kind: Kind, media: Media) {
      const u = userOf(user);
      u.watchlist.delete(`${kind}:${media.ids.trakt}`);
      (kind === 'movie' ? u.activities.movies : u.activities.shows).watchlisted_at = tick();
    },
    /** Titles Trakt knows without anyone having watched them (so a push can find them). */
    know(kind: Kind, media: Media) { register(kind, media); },
    /** The user enters the code at trakt.tv/activate and approves (or declines). */
    approve(userCode: string, user: string) { const d = [...devices.values()].find((x) => x.userCode === userCode)!; d.state = 'approved'; d.user = user; },
    deny(userCode: string) { [...devices.values()].find((x) => x.userCode === userCode)!.state = 'denied'; },
    expireCode(userCode: string) { [...devices.values()].find((x) => x.userCode === userCode)!.state = 'expired'; },
    /** Every access token of the user stops working (401); the refresh token still works. */
    expireAccess(user: string) { for (const a of access.values()) if (a.user === user) a.revoked = true; },
    /** The user revokes the app on trakt.tv: access and refresh tokens stop working. */
    revoke(user: string) { fake.expireAccess(user); for (const r of refresh.values()) if (r.user === user) r.used = true; },
    /** The next requests to `path` answer these statuses instead. */
    fail(path: string, ...answers: Failure[]) { failures.set(path, [...(failures.get(path) ?? []), ...answers]); },
    gets(prefix = '/sync/') { return requests.filter((r) => r.method === 'GET' && r.path.startsWith(prefix)); },
    posts(path: string) { return requests.filter((r) => r.method === 'POST' && r.path === path); },
    reset() { requests.length = 0; failures.clear(); },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  return fake;
}

export type FakeTrakt = Awaited<ReturnType<typeof startFakeTrakt>>;
