// A small media app for the connections tests: a local HTTP server that answers with an API key,
// pages of played titles and webhooks, and the adapter (written here, not one of the kind folders)
// that talks to it over HTTP, as a real adapter does. Nothing of ours is mocked.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConnectionError, WebhookPayloadError, type ConnectionAdapter } from '../src/features/connections/adapter.js';
import type { SyncEvent } from '../src/features/sync/sync-event.js';

/** The device code the app hands out: it must never reach the browser. */
export const DEVICE_CODE = 'device-code-kept-on-the-server-0123';

export interface FakeTitle {
  title: string;
  year: number;
  kind: 'movie' | 'series';
}

export interface FakeApp {
  url: string;
  key: string;
  /** The pages /history answers, in order; `cursor` n asks for page n. */
  pages: FakeTitle[][];
  /** The cursor of each /history request, in order (null: from the start). */
  cursorsAsked: Array<string | null>;
  /** When set, /history?cursor=<n> waits for this promise (a pull that stalls mid-way). */
  stallAt: { cursor: string; until: Promise<void>; reached: () => void } | null;
  /** What push back sent, as the adapter serialised each item. */
  pushed: unknown[];
  /** The device flow's code was approved by the person (until then /device/token answers pending). */
  approved: boolean;
  /** When set, /history answers 429 with this Retry-After. */
  retryAfter: number | null;
  close(): Promise<void>;
}

export async function startFakeApp(pages: FakeTitle[][] = []): Promise<FakeApp> {
  const app: FakeApp = { url: '', key: 'good-key-0123456789', pages, cursorsAsked: [], stallAt: null, retryAfter: null, approved: false, pushed: [], close: async () => undefined };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.headers['x-api-key'] !== app.key) return send(401, { error: 'bad key' });
      if (url.pathname === '/System/Info') return send(200, { ServerName: 'Living room' });
      if (url.pathname === '/Users') return send(200, [{ Id: 'u1', Name: 'alice' }]);
      if (url.pathname === '/push' && req.method === 'POST') {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        app.pushed.push(...(JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown[]));
        return send(200, { added: app.pushed.length });
      }
      if (url.pathname === '/device/code') return send(200, { device_code: DEVICE_CODE, user_code: 'ABCD1234', verification_url: `${app.url}/activate`, expires_in: 600, interval: 5 });
      if (url.pathname === '/device/token') {
        if (url.searchParams.get('code') !== DEVICE_CODE) return send(404, { error: 'unknown code' });
        return app.approved ? send(200, { access_token: 'device-access-token', user: 'alice' }) : send(400, { error: 'pending' });
      }
      if (url.pathname === '/history') {
        const cursor = url.searchParams.get('cursor');
        app.cursorsAsked.push(cursor);
        if (app.stallAt && cursor === app.stallAt.cursor) {
          // Once: the pull that takes over asks for the same page and gets it.
          const { reached, until } = app.stallAt;
          app.stallAt = null;
          reached();
          await until;
        }
        if (app.retryAfter !== null) return send(429, { error: 'slow down' }, { 'retry-after': String(app.retryAfter) });
        const page = Number(cursor ?? 0);
        return send(200, { items: app.pages[page] ?? [], next: page + 1 < app.pages.length ? String(page + 1) : null });
      }
      send(404, { error: 'no such path' });
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  app.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app.close = () => new Promise((r) => server.close(() => r()));
  return app;
}

/** Makes a stalled page wait until `release` is called; `reached` resolves once a pull is waiting there. */
export function stall(app: FakeApp, cursor: string): { reached: Promise<void>; release: () => void } {
  let release!: () => void;
  let reached!: () => void;
  const until = new Promise<void>((r) => (release = r));
  const reachedP = new Promise<void>((r) => (reached = r));
  app.stallAt = { cursor, until, reached };
  return { reached: reachedP, release };
}

const watched = (t: FakeTitle, key: string, at: Date): SyncEvent => ({ key, title: { kind: t.kind, name: t.title, year: t.year }, at, watched: true, playedToEnd: true });

async function call(serverUrl: string, key: string, path: string, signal?: AbortSignal): Promise<any> {
  let res: Response;
  try {
    res = await fetch(`${serverUrl}${path}`, { headers: { 'x-api-key': key }, signal });
  } catch {
    throw new ConnectionError('The test app could not be reached', 'unreachable');
  }
  if (res.status === 401) throw new ConnectionError('The test app rejected the API key', 'auth');
  if (res.status === 429) throw new ConnectionError('The test app asked us to slow down', 'rate_limited', Number(res.headers.get('retry-after')));
  if (!res.ok) throw new ConnectionError(`The test app answered ${res.status}`, 'refused');
  return res.json();
}

/** The adapter of the test app, registered as `kind` (jellyfin: it has webhooks). */
export function testAdapter(kind: ConnectionAdapter['kind'] = 'jellyfin'): ConnectionAdapter {
  return {
    kind,
    async serverUsers(body, ctx) {
      const users = (await call(body.server_url, body.api_key, '/Users', ctx.signal)) as Array<{ Id: string; Name: string }>;
      return users.map((u) => ({ id: u.Id, name: u.Name }));
    },
    async connect(body, ctx) {
      const b = body as { server_url: string; api_key: string; user_id: string };
      const info = (await call(b.server_url, b.api_key, '/System/Info', ctx.signal)) as { ServerName: string };
      return { credentials: { url: b.server_url, key: b.api_key, user: b.user_id }, accountName: `${b.user_id} on ${info.ServerName}` };
    },
    async pull(credentials, cursor, ctx) {
      const c = credentials as { url: string; key: string };
      const page = (await call(c.url, c.key, `/history${cursor === null ? '' : `?cursor=${cursor}`}`, ctx.signal)) as { items: FakeTitle[]; next: string | null };
      const events = page.items.map((t) => watched(t, `played:${t.title}:${t.year}`, new Date(ctx.now.getTime() - 3_600_000)));
      return { events, cursor: page.next, more: page.next !== null };
    },
    webhook(body) {
      let parsed: { Event?: unknown; Name?: unknown; Year?: unknown; Type?: unknown; At?: unknown };
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        throw new WebhookPayloadError('The webhook body is not JSON');
      }
      if (parsed.Event !== 'PlaybackStop' || typeof parsed.Name !== 'string' || typeof parsed.Year !== 'number') throw new WebhookPayloadError('Not a PlaybackStop event');
      const t: FakeTitle = { title: parsed.Name, year: parsed.Year, kind: parsed.Type === 'series' ? 'series' : 'movie' };
      return { events: [watched(t, `stop:${t.title}:${String(parsed.At)}`, new Date(String(parsed.At)))] };
    },
  };
}

/** A device-flow app (as Trakt is) on the same test server: the code is polled until approved. */
export function testDeviceAdapter(app: FakeApp): ConnectionAdapter {
  return {
    ...testAdapter('trakt'),
    webhook: undefined,
    async deviceStart(ctx) {
      const c = (await call(app.url, app.key, '/device/code', ctx.signal)) as { device_code: string; user_code: string; verification_url: string; expires_in: number; interval: number };
      return { deviceCode: c.device_code, userCode: c.user_code, verificationUrl: c.verification_url, expiresIn: c.expires_in, interval: c.interval };
    },
    async push(_credentials, items, ctx) {
      const res = await fetch(`${app.url}/push`, { method: 'POST', headers: { 'x-api-key': app.key }, body: JSON.stringify(items), signal: ctx.signal });
      if (!res.ok) throw new ConnectionError('The test app refused the push', 'refused');
      return {};
    },
    async devicePoll(deviceCode, ctx) {
      const res = await fetch(`${app.url}/device/token?code=${encodeURIComponent(deviceCode)}`, { headers: { 'x-api-key': app.key }, signal: ctx.signal });
      if (res.status === 400) return 'pending';
      if (!res.ok) throw new ConnectionError('The test app refused the code', 'refused');
      const t = (await res.json()) as { access_token: string; user: string };
      return { credentials: { url: app.url, key: app.key, token: t.access_token }, accountName: t.user };
    },
  };
}
