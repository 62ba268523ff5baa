// A local server that answers like Jellyfin's (api.jellyfin.org) or Emby's (dev.emby.media) API,
// the parts a connection reads: System/Info (a valid key or token), Users (an administrator's key;
// a user's token gets 403), Users/{id} (404 for an unknown user), Users/AuthenticateByName
// ({Username, Pw} with the client's MediaBrowser header; 401 for a bad password) and
// Users/{id}/Items (Recursive, IncludeItemTypes, Filters IsPlayed / IsFavorite,
// MinDateLastSavedForUser, SortBy DateCreated,SortName, StartIndex / Limit, Fields=ProviderIds,
// UserData per user). Jellyfin reads the token from `Authorization: MediaBrowser ..., Token="..."`
// and writes ids as 32 hex digits; Emby serves everything under /emby, reads X-Emby-Token and
// numbers its items. 401 answers are Jellyfin's empty body and Emby's text. Fixtures are written
// by hand from those documents: a small library of movies, series and an episode, two users.
// It also renders the webhook plugin's template (Handlebars-like) and Emby's webhook payloads.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { readBody } from './http-body.js';

export type Flavour = 'jellyfin' | 'emby';

export interface FakeUserData {
  Played: boolean;
  PlayCount: number;
  IsFavorite: boolean;
  LastPlayedDate?: string;
  Rating?: number;
  PlayedPercentage?: number;
  /** When the server saved this user data (MinDateLastSavedForUser compares it). */
  savedAt: string;
}

export interface FakeItem {
  Id: string;
  Name: string;
  OriginalTitle?: string;
  Type: 'Movie' | 'Series' | 'Episode';
  ProductionYear?: number;
  PremiereDate?: string;
  DateCreated: string;
  RunTimeTicks?: number;
  ProviderIds: Record<string, string>;
  SeriesName?: string;
  SeriesId?: string;
}

export interface FakeUser {
  Id: string;
  Name: string;
  password: string;
  admin: boolean;
}

export interface FakeJellyfin {
  flavour: Flavour;
  /** The address a user types (Emby's /emby is added by the client). */
  url: string;
  serverId: string;
  serverName: string;
  apiKey: string;
  users: { alice: FakeUser; bob: FakeUser };
  items: FakeItem[];
  /** userId -> itemId -> that user's data of the item. */
  userData: Map<string, Map<string, FakeUserData>>;
  requests: Array<{ method: string; path: string; query: Record<string, string>; headers: IncomingMessage['headers'] }>;
  /** Requests whose path matches answer this status next (once each). */
  fail(path: RegExp, ...statuses: number[]): void;
  /** Adds n played movies (DateCreated after the fixtures') for alice. */
  addPlayedMovies(n: number): void;
  close(): Promise<void>;
}

const JF = (n: number) => n.toString(16).padStart(32, '0').replace(/^0/, 'f');
const ticks = (minutes: number) => minutes * 600_000_000;

function fixtures(flavour: Flavour): FakeItem[] {
  const id = (n: number) => (flavour === 'emby' ? String(240000 + n) : JF(n));
  const created = (n: number) => `2026-01-${String(n).padStart(2, '0')}T10:00:00.0000000Z`;
  const base = [
    { n: 1, Name: 'The Matrix', Type: 'Movie', ProductionYear: 1999, RunTimeTicks: ticks(136), ProviderIds: { Tmdb: '603', Imdb: 'tt0133093' } },
    { n: 2, Name: 'Inception', Type: 'Movie', ProductionYear: 2010, RunTimeTicks: ticks(148), ProviderIds: { Tmdb: '27205', Imdb: 'tt1375666' } },
    { n: 3, Name: 'Parasite', OriginalTitle: '기생충', Type: 'Movie', ProductionYear: 2019, RunTimeTicks: ticks(132), ProviderIds: { Tmdb: '496243', Imdb: 'tt6751668' } },
    { n: 4, Name: 'Dune: Part Two', Type: 'Movie', ProductionYear: 2024, RunTimeTicks: ticks(166), ProviderIds: { Tmdb: '693134', Imdb: 'tt15239678' } },
    { n: 5, Name: 'Paddington 2', Type: 'Movie', ProductionYear: 2017, RunTimeTicks: ticks(103), ProviderIds: { Tmdb: '346648' } },
    { n: 6, Name: 'Breaking Bad', Type: 'Series', ProductionYear: 2008, RunTimeTicks: ticks(47), ProviderIds: { Tmdb: '1396', Tvdb: '81189', Imdb: 'tt0903747' } },
    { n: 7, Name: 'Arcane', Type: 'Series', ProductionYear: 2021, RunTimeTicks: ticks(40), ProviderIds: { Tmdb: '94605', Tvdb: '371028' } },
    { n: 8, Name: 'Squid Game', Type: 'Series', ProductionYear: 2021, ProviderIds: { Tmdb: '93405', Tvdb: '383275' } },
    { n: 9, Name: 'Pilot', Type: 'Episode', ProductionYear: 2008, RunTimeTicks: ticks(58), ProviderIds: { Tmdb: '62085', Tvdb: '349232' }, SeriesName: 'Breaking Bad', SeriesId: id(6) },
  ] as const;
  return base.map(({ n, ...rest }) => ({ ...rest, Id: id(n), DateCreated: created(n), ProviderIds: { ...rest.ProviderIds } }) as FakeItem);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (body === undefined) res.writeHead(status).end();
  else if (typeof body === 'string') res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(body);
  else res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

/** The token of a request, read only where this flavour reads it. */
function tokenOf(flavour: Flavour, req: IncomingMessage): string | null {
  if (flavour === 'emby') return (req.headers['x-emby-token'] as string | undefined) ?? null;
  const auth = req.headers.authorization ?? '';
  const m = /^MediaBrowser .*\bToken="([^"]*)"/.exec(auth);
  return m ? m[1] : null;
}

function clientHeader(flavour: Flavour, req: IncomingMessage): boolean {
  const h = (flavour === 'emby' ? req.headers['x-emby-authorization'] : req.headers.authorization) ?? '';
  return typeof h === 'string' && /^MediaBrowser /.test(h) && /Client="[^"]+"/.test(h) && /DeviceId="[^"]+"/.test(h);
}

export async function startFakeJellyfin(flavour: Flavour = 'jellyfin'): Promise<FakeJellyfin> {
  const apiKey = randomBytes(16).toString('hex');
  const serverId = randomBytes(16).toString('hex');
  const users = {
    alice: { Id: randomBytes(16).toString('hex'), Name: 'alice', password: 'correct horse', admin: true },
    bob: { Id: randomBytes(16).toString('hex'), Name: 'bob', password: 'battery staple', admin: false },
  };
  const tokens = new Map<string, string>();
  const items = fixtures(flavour);
  const at = (d: string) => ({ LastPlayedDate: d, savedAt: d });
  const ofAlice = new Map<string, FakeUserData>([
    [items[0].Id, { Played: true, PlayCount: 2, IsFavorite: false, ...at('2026-11-20T21:14:07.0000000Z') }],
    [items[1].Id, { Played: false, PlayCount: 0, IsFavorite: true, savedAt: '2026-11-02T08:00:00.0000000Z' }],
    [items[2].Id, { Played: true, PlayCount: 1, IsFavorite: true, Rating: 9, ...at('2026-10-05T20:01:00.0000000Z') }],
    [items[5].Id, { Played: true, PlayCount: 1, IsFavorite: false, ...at('2026-09-30T22:45:00.0000000Z') }],
    [items[6].Id, { Played: false, PlayCount: 0, IsFavorite: false, PlayedPercentage: 40, savedAt: '2026-11-21T19:00:00.0000000Z' }],
    [items[7].Id, { Played: false, PlayCount: 0, IsFavorite: true, savedAt: '2026-11-10T12:00:00.0000000Z' }],
    [items[8].Id, { Played: true, PlayCount: 1, IsFavorite: false, ...at('2026-09-01T21:00:00.0000000Z') }],
  ]);
  const ofBob = new Map<string, FakeUserData>([[items[4].Id, { Played: true, PlayCount: 1, IsFavorite: false, ...at('2026-11-15T18:00:00.0000000Z') }]]);
  const userData = new Map([
    [users.alice.Id, ofAlice],
    [users.bob.Id, ofBob],
  ]);
  const failures: Array<{ path: RegExp; status: number }> = [];
  const requests: FakeJellyfin['requests'] = [];
  const prefix = flavour === 'emby' ? '/emby' : '';
  let filler = 0;

  const unauthorized = (res: ServerResponse) => send(res, 401, flavour === 'emby' ? 'Access token is invalid or expired.' : undefined);
  /** Who a token speaks for: 'key' (the API key, administrator), a user id (a sign-in), or null. */
  const who = (req: IncomingMessage): string | null => {
    const t = tokenOf(flavour, req);
    if (!t) return null;
    if (t === apiKey) return 'key';
    return tokens.get(t) ?? null;
  };
  const userDto = (u: FakeUser) => ({ Name: u.Name, ServerId: serverId, Id: u.Id, HasPassword: true, Policy: { IsAdministrator: u.admin, IsDisabled: false } });
  const dto = (item: FakeItem, userId: string, fields: Set<string>) => {
    const data = userData.get(userId)?.get(item.Id);
    const { ProviderIds, OriginalTitle, PremiereDate, ...rest } = item;
    return {
      ...rest,
      ServerId: serverId,
      IsFolder: item.Type === 'Series',
      ...(fields.has('ProviderIds') ? { ProviderIds } : {}),
      ...(fields.has('OriginalTitle') && OriginalTitle ? { OriginalTitle } : {}),
      ...(fields.has('PremiereDate') && PremiereDate ? { PremiereDate } : {}),
      UserData: {
        PlaybackPositionTicks: 0,
        PlayCount: data?.PlayCount ?? 0,
        IsFavorite: data?.IsFavorite ?? false,
        Played: data?.Played ?? false,
        Key: item.Id,
        ...(data?.LastPlayedDate ? { LastPlayedDate: data.LastPlayedDate } : {}),
        ...(data?.Rating !== undefined ? { Rating: data.Rating } : {}),
        ...(data?.PlayedPercentage !== undefined ? { PlayedPercentage: data.PlayedPercentage, UnplayedItemCount: 3 } : {}),
      },
    };
  };

  function itemsOf(userId: string, q: URLSearchParams) {
    const types = new Set((q.get('IncludeItemTypes') ?? '').split(',').filter(Boolean));
    const filters = new Set((q.get('Filters') ?? '').split(',').filter(Boolean));
    const since = q.get('MinDateLastSavedForUser');
    const data = userData.get(userId) ?? new Map<string, FakeUserData>();
    let list = items.filter((i) => (types.size === 0 || types.has(i.Type)) && (q.get('Recursive') === 'true' || i.Type !== 'Episode'));
    if (filters.has('IsPlayed')) list = list.filter((i) => data.get(i.Id)?.Played);
    if (filters.has('IsFavorite')) list = list.filter((i) => data.get(i.Id)?.IsFavorite);
    if (since) list = list.filter((i) => Date.parse(data.get(i.Id)?.savedAt ?? '') >= Date.parse(since));
    list.sort((a, b) => a.DateCreated.localeCompare(b.DateCreated) || a.Name.localeCompare(b.Name));
    const start = Number(q.get('StartIndex') ?? 0);
    const limit = q.has('Limit') ? Number(q.get('Limit')) : list.length;
    const fields = new Set((q.get('Fields') ?? '').split(','));
    return { Items: list.slice(start, start + limit).map((i) => dto(i, userId, fields)), TotalRecordCount: list.length, StartIndex: start };
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ method: req.method ?? 'GET', path: url.pathname, query, headers: req.headers });
    const failure = failures.findIndex((f) => f.path.test(url.pathname));
    if (failure >= 0) return send(res, failures.splice(failure, 1)[0].status, undefined);
    if (!url.pathname.startsWith(`${prefix}/`)) return send(res, 404, undefined);
    const path = url.pathname.slice(prefix.length);
    if (req.method === 'POST' && path === '/Users/AuthenticateByName') {
      if (!clientHeader(flavour, req)) return send(res, 400, 'Authorization header is missing the client, device or version');
      const body = JSON.parse((await readBody(req)) || '{}') as { Username?: string; Pw?: string };
      const user = Object.values(users).find((u) => u.Name === body.Username && u.password === body.Pw);
      if (!user) return unauthorized(res);
      const token = randomBytes(16).toString('hex');
      tokens.set(token, user.Id);
      return send(res, 200, { User: userDto(user), SessionInfo: { UserId: user.Id, UserName: user.Name, Client: "Tonight's Pick" }, AccessToken: token, ServerId: serverId });
    }
    const caller = who(req);
    if (!caller) return unauthorized(res);
    if (path === '/System/Info') return send(res, 200, { ServerName: 'Living room', Version: flavour === 'emby' ? '4.8.10.0' : '10.10.3', Id: serverId, OperatingSystem: 'Linux' });
    if (path === '/Users') return caller === 'key' ? send(res, 200, Object.values(users).map(userDto)) : send(res, 403, undefined);
    const one = /^\/Users\/([^/]+)$/.exec(path);
    if (one) {
      const user = Object.values(users).find((u) => u.Id === one[1]);
      return user ? send(res, 200, userDto(user)) : send(res, 404, undefined);
    }
    const list = /^\/Users\/([^/]+)\/Items$/.exec(path);
    if (list) {
      if (caller !== 'key' && caller !== list[1]) return send(res, 403, undefined);
      if (!Object.values(users).some((u) => u.Id === list[1])) return send(res, 404, undefined);
      return send(res, 200, itemsOf(list[1], url.searchParams));
    }
    return send(res, 404, undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    flavour,
    url: `http://127.0.0.1:${port}`,
    serverId,
    serverName: 'Living room',
    apiKey,
    users,
    items,
    userData,
    requests,
    fail: (path, ...statuses) => failures.push(...statuses.map((status) => ({ path, status }))),
    addPlayedMovies(n) {
      for (let i = 0; i < n; i++) {
        filler++;
        const Id = flavour === 'emby' ? String(900000 + filler) : JF(100000 + filler);
        items.push({ Id, Name: `Filler ${filler}`, Type: 'Movie', ProductionYear: 2000 + (filler % 20), DateCreated: `2026-11-30T00:00:00.${String(filler).padStart(7, '0')}Z`, RunTimeTicks: ticks(95), ProviderIds: { Tmdb: String(5_000_000 + filler) } });
        ofAlice.set(Id, { Played: true, PlayCount: 1, IsFavorite: false, ...at('2026-11-29T20:00:00.0000000Z') });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A C# value as the plugin's Handlebars writes it: True/False, ISO dates, dashed GUIDs. */
const rendered = (v: unknown) => (v === true ? 'True' : v === false ? 'False' : v === undefined || v === null ? '' : String(v));

/** The webhook plugin's body for a template: {{X}} and {{{X}}} filled from `data` (missing: empty). */
export function renderTemplate(template: string, data: Record<string, unknown>): string {
  return template.replace(/\{\{\{?\s*([A-Za-z0-9_]+)\s*\}?\}\}/g, (_, k: string) => rendered(data[k]).replace(/"/g, '\\"'));
}

/** A 32-hex id as the plugin writes a Guid (dashed, lower case). */
export const dashed = (id: string) => `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;

/** Emby's webhook body (Settings > Webhooks, application/json) for an event on an item. */
export function embyPayload(event: string, fake: FakeJellyfin, item: FakeItem, extra: Record<string, unknown> = {}, user: FakeUser = fake.users.alice) {
  const data = fake.userData.get(user.Id)?.get(item.Id);
  return {
    Title: `${user.Name} ${event} ${item.Name}`,
    Date: '2026-12-01T21:14:07.1750827Z',
    Event: event,
    Severity: 'Info',
    User: { Name: user.Name, Id: user.Id },
    Item: {
      Name: item.Name,
      ...(item.OriginalTitle ? { OriginalTitle: item.OriginalTitle } : {}),
      ServerId: fake.serverId,
      Id: item.Id,
      DateCreated: item.DateCreated,
      RunTimeTicks: item.RunTimeTicks,
      ProductionYear: item.ProductionYear,
      ProviderIds: item.ProviderIds,
      IsFolder: item.Type === 'Series',
      Type: item.Type,
      ...(item.SeriesName ? { SeriesName: item.SeriesName, SeriesId: item.SeriesId } : {}),
      UserData: { PlayCount: data?.PlayCount ?? 0, IsFavorite: data?.IsFavorite ?? false, Played: data?.Played ?? false, ...(data?.LastPlayedDate ? { LastPlayedDate: data.LastPlayedDate } : {}), ...(data?.Rating ? { Rating: data.Rating } : {}) },
    },
    Server: { Name: fake.serverName, Id: fake.serverId, Version: '4.8.10.0' },
    ...extra,
  };
}
