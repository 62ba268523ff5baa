// A local server that answers like Plex Media Server's HTTP API, written from Plex's documentation
// and the answers of real servers (not from our client): the token as the X-Plex-Token header or
// query parameter, 401 without it, JSON only with Accept: application/json (XML otherwise),
// /library/sections/{key}/all paged by X-Plex-Container-Start / -Size (headers or query), Guid
// entries only with includeGuids=1. It also builds webhook bodies the way a server posts them.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';

export interface FakeItem {
  ratingKey: string;
  type: 'movie' | 'show' | 'artist';
  title: string;
  originalTitle?: string;
  year?: number;
  /** Milliseconds. */
  duration?: number;
  guid?: string;
  Guid?: Array<{ id: string }>;
  viewCount?: number;
  lastViewedAt?: number;
  userRating?: number;
  lastRatedAt?: number;
  leafCount?: number;
  viewedLeafCount?: number;
}
export interface FakeSection {
  key: string;
  type: 'movie' | 'show' | 'artist' | 'photo';
  title: string;
  items: FakeItem[];
}
export interface PlexRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  token: string | null;
  accept: string | null;
  start: number | null;
  size: number | null;
}
type Failure = number | 'drop';

export interface FakePlex {
  url: string;
  token: string;
  machineIdentifier: string;
  friendlyName: string;
  username: string;
  sections: FakeSection[];
  requests: PlexRequest[];
  /** The next requests to these paths answer these statuses (or drop the connection), in order. */
  failNext(path: string, ...failures: Failure[]): void;
  close(): Promise<void>;
}

const now = 1_764_000_000; // a fixed Unix time (November 2025), so the fixtures' dates are stable

/** Hand-written items: ids, original titles, a legacy agent, ratings, shows part and wholly viewed. */
export function fixtureSections(fillerMovies = 0): FakeSection[] {
  const filler: FakeItem[] = Array.from({ length: fillerMovies }, (_, i) => ({
    ratingKey: String(5000 + i),
    type: 'movie',
    title: `Filler ${i + 1}`,
    year: 2000 + (i % 20),
    duration: 5_400_000,
    guid: `plex://movie/filler${i}`,
    Guid: [{ id: `tmdb://${900000 + i}` }],
    ...(i % 3 === 0 ? { viewCount: 1, lastViewedAt: now - i * 60 } : {}),
  }));
  return [
    {
      key: '1',
      type: 'movie',
      title: 'Movies',
      items: [
        {
          ratingKey: '101', type: 'movie', title: 'Inception', year: 2010, duration: 8_880_000, guid: 'plex://movie/5d7768ba96b655001fdc0408',
          Guid: [{ id: 'imdb://tt1375666' }, { id: 'tmdb://27205' }, { id: 'tvdb://1116' }],
          viewCount: 2, lastViewedAt: now - 86_400, userRating: 9, lastRatedAt: now - 86_000,
        },
        {
          ratingKey: '102', type: 'movie', title: 'The Lives of Others', originalTitle: 'Das Leben der Anderen', year: 2006, duration: 8_220_000,
          guid: 'plex://movie/5d776830880197001ec90c8f', Guid: [{ id: 'imdb://tt0405094' }, { id: 'tmdb://582' }], viewCount: 1, lastViewedAt: now - 7 * 86_400,
        },
        // A library still on the legacy IMDb agent: the id is in `guid` alone.
        { ratingKey: '103', type: 'movie', title: 'The Matrix', year: 1999, duration: 8_160_000, guid: 'com.plexapp.agents.imdb://tt0133093?lang=en', viewCount: 1, lastViewedAt: now - 30 * 86_400 },
        // Owned, never played.
        { ratingKey: '104', type: 'movie', title: 'Arrival', year: 2016, duration: 6_960_000, guid: 'plex://movie/5d776a8b9ab544002150047a', Guid: [{ id: 'imdb://tt2543164' }, { id: 'tmdb://329865' }] },
        // Rated without a view (Plex allows it).
        { ratingKey: '105', type: 'movie', title: 'Paddington 2', year: 2017, duration: 6_240_000, Guid: [{ id: 'tmdb://346648' }], userRating: 4, lastRatedAt: now - 3600 },
        ...filler,
      ],
    },
    {
      key: '2',
      type: 'show',
      title: 'TV Shows',
      items: [
        {
          ratingKey: '201', type: 'show', title: 'Breaking Bad', year: 2008, duration: 2_820_000, guid: 'plex://show/5d9c086c46115600200aa2fe',
          Guid: [{ id: 'imdb://tt0903747' }, { id: 'tmdb://1396' }, { id: 'tvdb://81189' }], leafCount: 62, viewedLeafCount: 62, lastViewedAt: now - 2 * 86_400,
        },
        {
          ratingKey: '202', type: 'show', title: 'Dark', originalTitle: 'Dark', year: 2017, duration: 3_300_000, guid: 'plex://show/5d9c0874ffd9ef001e99607a',
          Guid: [{ id: 'imdb://tt5753856' }, { id: 'tmdb://70523' }, { id: 'tvdb://334824' }], leafCount: 26, viewedLeafCount: 3, lastViewedAt: now - 3 * 86_400,
        },
        { ratingKey: '203', type: 'show', title: 'Severance', year: 2022, duration: 3_300_000, guid: 'com.plexapp.agents.thetvdb://371980?lang=en', leafCount: 19, viewedLeafCount: 0 },
      ],
    },
    { key: '3', type: 'artist', title: 'Music', items: [{ ratingKey: '301', type: 'artist', title: 'Radiohead', viewCount: 40, lastViewedAt: now }] },
  ];
}

export async function startFakePlex(opts: { fillerMovies?: number } = {}): Promise<FakePlex> {
  const failures = new Map<string, Failure[]>();
  const state = {
    token: randomBytes(10).toString('base64url'),
    machineIdentifier: randomBytes(20).toString('hex'),
    friendlyName: 'Living room',
    username: 'alice',
    sections: fixtureSections(opts.fillerMovies ?? 0),
    requests: [] as PlexRequest[],
  };
  const server = createServer((req, res) => handle(req, res));

  function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const query = Object.fromEntries(url.searchParams);
    const header = (n: string) => (typeof req.headers[n] === 'string' ? (req.headers[n] as string) : null);
    const int = (v: string | null | undefined) => (v != null && /^\d+$/.test(v) ? Number(v) : null);
    const token = header('x-plex-token') ?? query['X-Plex-Token'] ?? null;
    const start = int(header('x-plex-container-start') ?? query['X-Plex-Container-Start']);
    const size = int(header('x-plex-container-size') ?? query['X-Plex-Container-Size']);
    state.requests.push({ method: req.method ?? 'GET', path: url.pathname, query, token, accept: header('accept'), start, size });

    const failure = failures.get(url.pathname)?.shift();
    if (failure === 'drop') return req.socket.destroy();
    if (typeof failure === 'number') return send(res, failure, `<html><head><title>${failure}</title></head></html>`, 'text/html');
    // /identity answers anyone; everything else wants a valid token on a claimed server.
    if (url.pathname === '/identity') return container(req, res, { size: 0, claimed: true, machineIdentifier: state.machineIdentifier, version: '1.41.3.9314-a0bfb8370' });
    if (token !== state.token) return send(res, 401, '<html><head><title>Unauthorized</title></head><body><h1>401 Unauthorized</h1></body></html>', 'text/html');
    if (req.method !== 'GET') return send(res, 405, '', 'text/plain');

    if (url.pathname === '/') {
      return container(req, res, {
        size: 0, friendlyName: state.friendlyName, machineIdentifier: state.machineIdentifier, myPlexUsername: state.username,
        myPlex: true, myPlexSigninState: 'ok', platform: 'Linux', version: '1.41.3.9314-a0bfb8370',
      });
    }
    if (url.pathname === '/library/sections') {
      return container(req, res, {
        size: state.sections.length, allowSync: false, title1: 'Plex Library',
        Directory: state.sections.map((s) => ({ allowSync: true, key: s.key, type: s.type, title: s.title, agent: 'tv.plex.agents.movie', scanner: 'Plex Movie', language: 'en-US', uuid: `uuid-${s.key}` })),
      });
    }
    const m = /^\/library\/sections\/([^/]+)\/all$/.exec(url.pathname);
    const section = m ? state.sections.find((s) => s.key === decodeURIComponent(m[1])) : undefined;
    if (m && !section) return send(res, 404, '<html><head><title>Not Found</title></head></html>', 'text/html');
    if (section) {
      const from = start ?? 0;
      const page = section.items.slice(from, size === null ? undefined : from + size);
      return container(req, res, {
        size: page.length, totalSize: section.items.length, offset: from, allowSync: true, librarySectionID: Number(section.key), librarySectionTitle: section.title,
        viewGroup: section.type, Metadata: page.map((item) => metadata(item, section, query.includeGuids === '1')),
      });
    }
    send(res, 404, '<html><head><title>Not Found</title></head></html>', 'text/html');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    failNext: (path: string, ...f: Failure[]) => failures.set(path, [...(failures.get(path) ?? []), ...f]),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** An item as the section listing shows it: Guid entries only when asked, media parts always. */
function metadata(item: FakeItem, section: FakeSection, includeGuids: boolean): Record<string, unknown> {
  const { Guid, ...rest } = item;
  return {
    ...rest,
    key: item.type === 'show' ? `/library/metadata/${item.ratingKey}/children` : `/library/metadata/${item.ratingKey}`,
    librarySectionID: Number(section.key),
    addedAt: now - 400 * 86_400,
    updatedAt: now - 100 * 86_400,
    thumb: `/library/metadata/${item.ratingKey}/thumb/${now}`,
    ...(item.type === 'movie' ? { Media: [{ id: Number(item.ratingKey) * 10, duration: item.duration, videoResolution: '1080', Part: [{ id: 1, file: `/media/${item.title}.mkv` }] }] } : {}),
    ...(includeGuids && Guid ? { Guid } : {}),
  };
}

function container(req: IncomingMessage, res: ServerResponse, mc: Record<string, unknown>) {
  if (!(req.headers.accept ?? '').includes('application/json')) {
    return send(res, 200, `<?xml version="1.0" encoding="UTF-8"?>\n<MediaContainer size="${mc.size ?? 0}"></MediaContainer>\n`, 'text/xml;charset=utf-8');
  }
  send(res, 200, JSON.stringify({ MediaContainer: mc }), 'application/json');
}

function send(res: ServerResponse, status: number, body: string, type: string) {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * A webhook body as Plex Media Server posts it: multipart/form-data with the JSON in a `payload`
 * field and, for play, rate and library.new events, a JPEG in a `thumb` file part.
 */
export function plexWebhookBody(payload: unknown, opts: { thumb?: Buffer; boundary?: string } = {}): { body: Buffer; contentType: string } {
  const boundary = opts.boundary ?? `------------------------${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="payload"\r\n\r\n${typeof payload === 'string' ? payload : JSON.stringify(payload)}\r\n`),
  ];
  if (opts.thumb) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="thumb"; filename="image.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), opts.thumb, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A webhook payload of Plex's documented shape for one event and item. */
export function plexWebhookPayload(event: string, metadata: Record<string, unknown>, opts: { user?: boolean; owner?: boolean; account?: { id: number; title: string }; serverUuid?: string } = {}) {
  return {
    event,
    user: opts.user ?? true,
    owner: opts.owner ?? true,
    Account: { id: opts.account?.id ?? 1, thumb: 'https://plex.tv/users/1022b120ffbaa/avatar?c=1465525047', title: opts.account?.title ?? 'alice' },
    Server: { title: 'Living room', uuid: opts.serverUuid ?? '54664a3d8acc39983675640ec9ce00b70af9cc36' },
    Player: { local: true, publicAddress: '200.200.200.200', title: 'Chrome', uuid: 'r6yfkdnfggbh2bdnvkffwbms' },
    Metadata: { librarySectionType: metadata.type === 'episode' ? 'show' : metadata.type, librarySectionTitle: 'Movies', librarySectionID: 1, ...metadata },
  };
}

/** A small JPEG-looking thumbnail (SOI, a JFIF header, bytes that include CRLFs and dashes, EOI). */
export function fakeThumb(): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.from('\r\n--\r\n\r\n-- not a boundary'), randomBytes(2048), Buffer.from([0xff, 0xd9])]);
}
