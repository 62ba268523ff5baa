// Trakt's API v2 over Node's fetch (docs.trakt.tv): the device flow, token refresh, and the
// signed-in user's GETs and POSTs. Every call sends trakt-api-version 2 and the app's client id
// (trakt-api-key); signed-in calls add the bearer. A 429 is waited out when Trakt asks for a few
// seconds and refused with its Retry-After otherwise; POSTs are spaced a second apart (Trakt's
// AUTHED_API_POST_LIMIT); GETs take from the user's budget (budget.ts). Tokens never reach a message.
import type { GetBudget } from './budget.js';
import type { TraktDeviceCode, TraktToken } from './types.js';
import { abortableSleep, retryAfterMs } from '../http/wait.js';

/** Trakt refused the token (401), or refused to refresh it. */
export class TraktAuthError extends Error {
  constructor(message = 'Trakt refused the access token') {
    super(message);
    this.name = 'TraktAuthError';
  }
}

/** Trakt (or our own budget) asks us to wait this many seconds before the next request. */
export class TraktRateLimitError extends Error {
  constructor(readonly retryAfter: number) {
    super(`Trakt asks us to wait ${retryAfter} s`);
    this.name = 'TraktRateLimitError';
  }
}

/** Any other failure: a status Trakt answered, or none (status null: unreachable, timed out, unreadable). */
export class TraktError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'TraktError';
  }
}

/** What polling a device code answers before the token: Trakt's documented statuses, named. */
export type DevicePollStatus = 'pending' | 'invalid' | 'used' | 'expired' | 'denied' | 'slow_down';
const DEVICE_STATUS: Record<number, DevicePollStatus> = { 400: 'pending', 404: 'invalid', 409: 'used', 410: 'expired', 418: 'denied', 429: 'slow_down' };

export interface TraktClientOptions {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** Waits (Retry-After, backoff, POST spacing); tests pass one that records the wait and returns. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  /** A 429 asking for a longer wait than this is not waited for (TraktRateLimitError). */
  maxWaitMs?: number;
  /** Milliseconds between two POSTs of this client. */
  postSpacingMs?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface TraktPage<T> {
  items: T[];
  /** X-Pagination-Page-Count; null when the answer was not paginated. */
  pageCount: number | null;
}

const ATTEMPTS = 3;

export const realSleep = abortableSleep;

/** Retry-After in seconds, as Trakt sends it (an HTTP date is read too); null when absent. */
export function retryAfterSeconds(value: string | null, now: number): number | null {
  const ms = retryAfterMs(value, now);
  return ms === null ? null : Math.ceil(ms / 1000);
}

export class TraktClient {
  private readonly base: string;
  private readonly sleep: NonNullable<TraktClientOptions['sleep']>;
  private readonly now: () => number;
  private lastPostAt = -Infinity;

  constructor(private readonly o: TraktClientOptions) {
    this.base = o.apiUrl.replace(/\/+$/, '');
    this.sleep = o.sleep ?? realSleep;
    this.now = o.now ?? Date.now;
  }

  deviceCode(): Promise<TraktDeviceCode> {
    return this.json<TraktDeviceCode>('POST', '/oauth/device/code', { client_id: this.o.clientId }, null).then((r) => r.body);
  }

  /** One poll: the token once the user approved, else what Trakt said (its status codes, named). */
  async deviceToken(code: string): Promise<TraktToken | DevicePollStatus> {
    const res = await this.send('POST', '/oauth/device/token', { code, client_id: this.o.clientId, client_secret: this.o.clientSecret }, null, false);
    const status = DEVICE_STATUS[res.status];
    if (status) return status;
    return (await this.read<TraktToken>(res, '/oauth/device/token')).body;
  }

  /** A new access and refresh token; TraktAuthError when Trakt refuses the refresh token. */
  async refresh(refreshToken: string): Promise<TraktToken> {
    const body = { refresh_token: refreshToken, client_id: this.o.clientId, client_secret: this.o.clientSecret, redirect_uri: 'urn:ietf:wg:oauth:2.0:oob', grant_type: 'refresh_token' };
    const res = await this.send('POST', '/oauth/token', body, null, false);
    if (res.status === 400 || res.status === 401) {
      await res.body?.cancel().catch(() => {});
      throw new TraktAuthError('Trakt refused the refresh token');
    }
    return (await this.read<TraktToken>(res, '/oauth/token')).body;
  }

  /** A signed-in GET: one page of a list (or a whole object), from the user's budget. */
  async get<T>(path: string, query: Record<string, string | number | undefined>, token: string, budget?: GetBudget): Promise<TraktPage<T> & { body: unknown }> {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) qs.set(k, String(v));
    const wait = budget?.take(this.now()) ?? 0;
    if (wait > 0) throw new TraktRateLimitError(Math.ceil(wait / 1000));
    const { body, headers } = await this.json<unknown>('GET', qs.size > 0 ? `${path}?${qs}` : path, undefined, token);
    const count = Number(headers.get('x-pagination-page-count'));
    return { body, items: Array.isArray(body) ? (body as T[]) : [], pageCount: headers.has('x-pagination-page-count') && Number.isFinite(count) ? count : null };
  }

  /** A signed-in POST, a second after this client's previous one. */
  async post<T>(path: string, body: unknown, token: string): Promise<T> {
    const gap = this.lastPostAt + (this.o.postSpacingMs ?? 1000) - this.now();
    if (gap > 0) await this.sleep(gap, this.o.signal);
    this.lastPostAt = this.now();
    return (await this.json<T>('POST', path, body, token)).body;
  }

  private async json<T>(method: string, path: string, body: unknown, token: string | null): Promise<{ body: T; headers: Headers }> {
    return this.read<T>(await this.send(method, path, body, token, true), path);
  }

  private async read<T>(res: Response, path: string): Promise<{ body: T; headers: Headers }> {
    if (res.status === 401) {
      await res.body?.cancel().catch(() => {});
      throw new TraktAuthError();
    }
    if (res.status < 200 || res.status >= 300) {
      await res.body?.cancel().catch(() => {});
      throw new TraktError(res.status, `Trakt ${path.split('?')[0]}: HTTP ${res.status}`);
    }
    try {
      const text = await res.text();
      return { body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
    } catch {
      throw new TraktError(null, `Trakt ${path.split('?')[0]}: unreadable answer`);
    }
  }

  /** Sends with retries: 5xx and network errors a bounded number of times, short 429s after their wait. */
  private async send(method: string, path: string, body: unknown, token: string | null, waitOn429: boolean): Promise<Response> {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'trakt-api-version': '2', 'trakt-api-key': this.o.clientId };
    if (token) headers.authorization = `Bearer ${token}`;
    let failure = '';
    // Bounded: every pass returns, throws, or spends one of ATTEMPTS.
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      this.o.signal?.throwIfAborted();
      const timeout = AbortSignal.timeout(this.o.timeoutMs ?? 15_000);
      let res: Response;
      try {
        res = await fetch(this.base + path, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: this.o.signal ? AbortSignal.any([this.o.signal, timeout]) : timeout,
        });
      } catch (err) {
        if (this.o.signal?.aborted) throw this.o.signal.reason;
        failure = (err as Error).name === 'TimeoutError' ? 'timed out' : 'unreachable';
        if (attempt < ATTEMPTS) await this.sleep(500 * 2 ** (attempt - 1), this.o.signal);
        continue;
      }
      if (res.status === 429 && waitOn429) {
        await res.body?.cancel().catch(() => {});
        const after = retryAfterSeconds(res.headers.get('retry-after'), this.now()) ?? 1;
        if (after * 1000 > (this.o.maxWaitMs ?? 5000) || attempt === ATTEMPTS) throw new TraktRateLimitError(after);
        await this.sleep(after * 1000, this.o.signal);
        continue;
      }
      if (res.status >= 500 && attempt < ATTEMPTS) {
        await res.body?.cancel().catch(() => {});
        failure = `HTTP ${res.status}`;
        await this.sleep(500 * 2 ** (attempt - 1), this.o.signal);
        continue;
      }
      return res;
    }
    throw new TraktError(null, `Trakt ${path.split('?')[0]}: ${failure}`);
  }
}
