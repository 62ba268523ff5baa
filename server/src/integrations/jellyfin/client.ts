// Jellyfin's and Emby's HTTP API (the MediaBrowser API both descend from). Emby serves it under
// /emby and reads the token from X-Emby-Token (the client's name from X-Emby-Authorization);
// Jellyfin reads both from `Authorization: MediaBrowser ..., Token="..."` (its legacy headers may
// be turned off). Every answer is size-capped and timed out, the caller's signal is honoured, and
// the token never appears in a URL or a message.
import type { AuthenticationResult, ItemsPage, MediaServerFlavour, MediaServerUser, SystemInfo } from './types.js';
import { readCapped } from '../http/read-capped.js';

const TIMEOUT_MS = 15_000;
/** A page of 500 items with provider ids and user data is well under 2 MB: a bigger answer is not one. */
const MAX_BYTES = 8 * 1024 * 1024;
const CLIENT = "Tonight's Pick";
const VERSION = '1.0';

/** The server answered with an error, or not at all (status null). */
export class MediaServerError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
    /** Seconds a 429 asked us to wait. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'MediaServerError';
  }
}

/** 401: the key, token or password is not accepted. */
export class MediaServerAuthError extends MediaServerError {
  constructor(flavour: MediaServerFlavour) {
    super(401, `${flavour === 'emby' ? 'Emby' : 'Jellyfin'} refused the credentials`);
    this.name = 'MediaServerAuthError';
  }
}

export interface MediaServerClientOptions {
  flavour: MediaServerFlavour;
  /** What the user typed (http(s)://host:8096, maybe with a base path); see serverBase. */
  serverUrl: string;
  token?: string | null;
  /** Names this connection to the server (a session per device): random per connection. */
  deviceId: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  maxBytes?: number;
}

/**
 * The server's address as we keep it: http(s) only, no user info, query or fragment, no trailing
 * slash, and for Emby without the /emby we add to every path. Throws on anything else.
 */
export function serverBase(raw: string, flavour: MediaServerFlavour): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new MediaServerError(null, 'The server address is not a URL (e.g. http://192.168.1.10:8096)');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw new MediaServerError(null, 'The server address must be an http:// or https:// URL without a user name');
  }
  let path = url.pathname.replace(/\/+$/, '');
  if (flavour === 'emby') path = path.replace(/\/emby$/i, '');
  if (flavour === 'jellyfin') path = path.replace(/\/web(\/index\.html)?$/i, '');
  return `${url.origin}${path}`;
}

const quoted = (v: string) => `"${v.replace(/["\\\r\n]/g, '')}"`;

export class MediaServerClient {
  private readonly base: string;
  readonly serverUrl: string;

  constructor(private readonly opts: MediaServerClientOptions) {
    this.serverUrl = serverBase(opts.serverUrl, opts.flavour);
    this.base = opts.flavour === 'emby' ? `${this.serverUrl}/emby` : this.serverUrl;
  }

  /** GET System/Info: needs a valid key or token (System/Info/Public does not). */
  systemInfo(): Promise<SystemInfo> {
    return this.request<SystemInfo>('GET', '/System/Info');
  }

  /** GET Users/{id}: null when the server has no such user. */
  async user(id: string): Promise<MediaServerUser | null> {
    try {
      return await this.request<MediaServerUser>('GET', `/Users/${encodeURIComponent(id)}`);
    } catch (err) {
      // Jellyfin answers 400 for an id that is not a GUID, both answer 404 for an unknown one.
      if (err instanceof MediaServerError && (err.status === 404 || err.status === 400)) return null;
      throw err;
    }
  }

  /** GET Users: the server's users (needs an administrator's key). */
  async users(): Promise<MediaServerUser[]> {
    const list = await this.request<unknown>('GET', '/Users');
    if (!Array.isArray(list)) throw this.notAServer('/Users');
    return list as MediaServerUser[];
  }

  /** POST Users/AuthenticateByName: a user's name and password exchanged for an access token. */
  authenticateByName(username: string, password: string): Promise<AuthenticationResult> {
    return this.request<AuthenticationResult>('POST', '/Users/AuthenticateByName', { Username: username, Pw: password });
  }

  /** GET Users/{id}/Items: one page of that user's items (both servers serve this path). */
  async items(userId: string, params: Record<string, string | number>): Promise<ItemsPage> {
    const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
    const page = await this.request<ItemsPage>('GET', `/Users/${encodeURIComponent(userId)}/Items?${query}`);
    if (page.Items !== undefined && !Array.isArray(page.Items)) throw this.notAServer('/Items');
    return page;
  }

  private headers(): Record<string, string> {
    const device = `Client=${quoted(CLIENT)}, Device=${quoted(`${CLIENT} server`)}, DeviceId=${quoted(this.opts.deviceId)}, Version=${quoted(VERSION)}`;
    const token = this.opts.token ?? null;
    if (this.opts.flavour === 'emby') {
      return { 'X-Emby-Authorization': `MediaBrowser ${device}`, ...(token ? { 'X-Emby-Token': token } : {}) };
    }
    return { Authorization: `MediaBrowser ${device}${token ? `, Token=${quoted(token)}` : ''}` };
  }

  private notAServer(path: string): MediaServerError {
    return new MediaServerError(null, `${this.name()} ${path}: the answer is not ${this.name()}'s (is this the server's address?)`);
  }

  private name(): string {
    return this.opts.flavour === 'emby' ? 'Emby' : 'Jellyfin';
  }

  private async request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const where = path.split('?')[0];
    const timeout = AbortSignal.timeout(this.opts.timeoutMs ?? TIMEOUT_MS);
    const signal = this.opts.signal ? AbortSignal.any([this.opts.signal, timeout]) : timeout;
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, {
        method,
        headers: { accept: 'application/json', ...this.headers(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        // A redirect could carry the token's header to another host.
        redirect: 'error',
      });
    } catch (err) {
      if (this.opts.signal?.aborted) throw this.opts.signal.reason;
      const why = err instanceof Error && err.name === 'TimeoutError' ? 'no answer in time' : 'no answer';
      throw new MediaServerError(null, `${this.name()} server unreachable (${why})`);
    }
    const text = await this.readCapped(res).catch((err: unknown) => {
      if (this.opts.signal?.aborted) throw this.opts.signal.reason;
      throw err instanceof MediaServerError ? err : new MediaServerError(null, `${this.name()} server unreachable (the answer was cut off)`);
    });
    if (res.status === 401) throw new MediaServerAuthError(this.opts.flavour);
    if (res.status === 429) {
      const seconds = Number(res.headers.get('retry-after'));
      throw new MediaServerError(429, `${this.name()} asked us to slow down`, Number.isFinite(seconds) && seconds > 0 ? seconds : undefined);
    }
    if (!res.ok) throw new MediaServerError(res.status, `${this.name()} ${where}: HTTP ${res.status}`);
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed === null || typeof parsed !== 'object') throw new Error('not an object');
      return parsed as T;
    } catch {
      throw this.notAServer(where);
    }
  }

  /** The body as text, refused past maxBytes (announced or streamed). */
  private readCapped(res: Response): Promise<string> {
    const max = this.opts.maxBytes ?? MAX_BYTES;
    return readCapped(res, max, () => new MediaServerError(res.status, `${this.name()} answered more than ${max} bytes`));
  }
}
