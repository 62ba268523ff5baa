// TMDB's v3 API over Node's fetch, as a polite client (docs/catalog.md, "Rate limits"): at most
// `concurrency` requests in flight, a request rate under TMDB's ceiling (about 40 a second per
// key; we default to 30), 429 answered by waiting Retry-After (and every other request waits
// too), 5xx / network errors / timeouts retried a bounded number of times with exponential backoff
// and jitter, 401 fatal, 404 null. The key never appears in an error message or a log line.
import type { TmdbChangesPage, TmdbConfiguration, TmdbDiscoverPage, TmdbMovieDetails, TmdbProviderList, TmdbTvDetails } from './types.js';
import { abortableSleep, retryAfterMs } from '../http/wait.js';

export class TmdbAuthError extends Error {
  constructor() {
    super('TMDB refused the API key: check TMDB_API_KEY / TMDB_READ_TOKEN');
    this.name = 'TmdbAuthError';
  }
}

/** A request that failed for good (after its retries, or a status that is not retried). */
export class TmdbError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'TmdbError';
  }
}

export interface TmdbClientOptions {
  apiUrl: string;
  /** v3 key, sent as the api_key query parameter. */
  apiKey?: string | null;
  /** v4 read access token, sent as Authorization: Bearer (preferred when both are set). */
  readToken?: string | null;
  /** Requests in flight at most. */
  concurrency?: number;
  /** Requests started per second at most (token bucket), and the bucket's size. */
  ratePerSecond?: number;
  burst?: number;
  /** Tries per request for 5xx, network errors and timeouts (429s have their own bound). */
  maxAttempts?: number;
  max429?: number;
  /** Backoff: base * 2^(attempt-1), with full jitter, capped. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** A Retry-After longer than this is cut to it. */
  maxRetryAfterMs?: number;
  /** A request gives up rather than wait past this much time in all (its tries and waits). */
  maxTotalMs?: number;
  timeoutMs?: number;
  /** Aborts every request of this client (Ctrl-C, shutdown). */
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

export interface TmdbStats {
  requests: number;
  retries: number;
  throttled: number;
  maxInFlight: number;
}

type Params = Record<string, string | number | undefined>;

const sleep = abortableSleep;
export { retryAfterMs };

export class TmdbClient {
  readonly stats: TmdbStats = { requests: 0, retries: 0, throttled: 0, maxInFlight: 0 };
  private readonly o: Required<Omit<TmdbClientOptions, 'apiKey' | 'readToken' | 'signal' | 'fetch'>>;
  private readonly fetchImpl: typeof fetch;
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];
  /** Token bucket as a theoretical arrival time (GCRA): slots are reserved synchronously. */
  private tat = 0;
  /** Set by a 429: nobody starts a request before this. */
  private pausedUntil = 0;

  constructor(private readonly opts: TmdbClientOptions) {
    if (!opts.apiKey && !opts.readToken) throw new TmdbAuthError();
    this.o = {
      apiUrl: opts.apiUrl.replace(/\/+$/, ''),
      concurrency: Math.max(1, opts.concurrency ?? 8),
      ratePerSecond: Math.max(0.1, opts.ratePerSecond ?? 30),
      burst: Math.max(1, opts.burst ?? 10),
      maxAttempts: Math.max(1, opts.maxAttempts ?? 4),
      max429: Math.max(1, opts.max429 ?? 8),
      backoffBaseMs: opts.backoffBaseMs ?? 500,
      backoffMaxMs: opts.backoffMaxMs ?? 15_000,
      maxRetryAfterMs: opts.maxRetryAfterMs ?? 60_000,
      maxTotalMs: opts.maxTotalMs ?? 180_000,
      timeoutMs: opts.timeoutMs ?? 20_000,
    };
    this.fetchImpl = opts.fetch ?? fetch;
  }

  discover(kind: 'movie' | 'tv', params: Params, signal?: AbortSignal): Promise<TmdbDiscoverPage | null> {
    return this.get<TmdbDiscoverPage>(`/discover/${kind}`, params, signal);
  }

  movie(id: number, signal?: AbortSignal): Promise<TmdbMovieDetails | null> {
    return this.get<TmdbMovieDetails>(`/movie/${id}`, { append_to_response: 'credits,keywords,external_ids,watch/providers,videos,release_dates,translations' }, signal);
  }

  tv(id: number, signal?: AbortSignal): Promise<TmdbTvDetails | null> {
    return this.get<TmdbTvDetails>(`/tv/${id}`, { append_to_response: 'credits,keywords,external_ids,watch/providers,videos,content_ratings,translations' }, signal);
  }

  changes(kind: 'movie' | 'tv', startDate: string, endDate: string, page: number, signal?: AbortSignal): Promise<TmdbChangesPage | null> {
    return this.get<TmdbChangesPage>(`/${kind}/changes`, { start_date: startDate, end_date: endDate, page }, signal);
  }

  configuration(signal?: AbortSignal): Promise<TmdbConfiguration | null> {
    return this.get<TmdbConfiguration>('/configuration', {}, signal);
  }

  watchProviders(kind: 'movie' | 'tv', region: string, signal?: AbortSignal): Promise<TmdbProviderList | null> {
    return this.get<TmdbProviderList>(`/watch/providers/${kind}`, { watch_region: region }, signal);
  }

  /** One GET: the parsed body, or null on 404. Throws TmdbAuthError on 401, TmdbError when retries are spent. */
  async get<T>(path: string, params: Params = {}, signal?: AbortSignal): Promise<T | null> {
    const outer = signal && this.opts.signal ? AbortSignal.any([signal, this.opts.signal]) : (signal ?? this.opts.signal);
    const url = new URL(this.o.apiUrl + path);
    for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.opts.readToken) headers.authorization = `Bearer ${this.opts.readToken}`;
    else url.searchParams.set('api_key', this.opts.apiKey!);

    let failures = 0;
    let throttles = 0;
    let last = '';
    const deadline = Date.now() + this.o.maxTotalMs;
    const wait = async (ms: number) => {
      if (Date.now() + ms > deadline) throw new TmdbError(`TMDB ${path}: ${last}, gave up after ${Math.round(this.o.maxTotalMs / 1000)} s`, null);
      this.stats.retries++;
      await sleep(ms, outer);
    };
    // Bounded: every pass either returns, throws, or spends one of maxAttempts + max429 tries.
    for (;;) {
      outer?.throwIfAborted();
      await this.acquire(outer);
      let res: Response;
      let body: unknown;
      let unreadable = false;
      // The slot is held until the body is read: a connection still sending counts as in flight.
      try {
        this.stats.requests++;
        res = await this.fetchImpl(url, { headers, signal: outer ? AbortSignal.any([outer, AbortSignal.timeout(this.o.timeoutMs)]) : AbortSignal.timeout(this.o.timeoutMs) });
        if (res.status === 200) {
          try {
            body = await res.json();
          } catch (err) {
            if (outer?.aborted) throw err;
            unreadable = true;
          }
        } else {
          await res.body?.cancel().catch(() => {});
        }
      } catch (err) {
        this.release();
        if (outer?.aborted) throw outer.reason;
        last = err instanceof Error && err.name === 'TimeoutError' ? `timed out after ${this.o.timeoutMs} ms` : `network error (${this.scrub(err instanceof Error ? (err.cause as Error | undefined)?.message ?? err.message : String(err))})`;
        if (++failures >= this.o.maxAttempts) throw new TmdbError(`TMDB ${path}: ${last}, ${failures} attempts`, null);
        await wait(this.backoffMs(failures));
        continue;
      }
      this.release();
      if (res.status === 200) {
        if (!unreadable) return body as T;
        last = 'unreadable or cut-off JSON';
        if (++failures >= this.o.maxAttempts) throw new TmdbError(`TMDB ${path}: ${last}, ${failures} attempts`, 200);
        await wait(this.backoffMs(failures));
        continue;
      }
      if (res.status === 401) throw new TmdbAuthError();
      if (res.status === 404) return null;
      if (res.status === 429) {
        this.stats.throttled++;
        if (++throttles >= this.o.max429) throw new TmdbError(`TMDB ${path}: still rate-limited (429) after ${throttles} attempts`, 429);
        last = 'rate-limited (429)';
        const pause = Math.min(retryAfterMs(res.headers.get('retry-after')) ?? this.backoffMs(throttles), this.o.maxRetryAfterMs);
        this.pausedUntil = Math.max(this.pausedUntil, Date.now() + pause);
        await wait(pause);
        continue;
      }
      if (res.status >= 500) {
        last = `HTTP ${res.status}`;
        if (++failures >= this.o.maxAttempts) throw new TmdbError(`TMDB ${path}: ${last}, ${failures} attempts`, res.status);
        await wait(this.backoffMs(failures));
        continue;
      }
      throw new TmdbError(`TMDB ${path}: HTTP ${res.status}`, res.status);
    }
  }

  /** A message from below (undici, the OS) without the key or token, should one quote the URL. */
  private scrub(message: string): string {
    let out = message;
    for (const secret of [this.opts.apiKey, this.opts.readToken]) if (secret) out = out.split(secret).join('[redacted]');
    return out.slice(0, 300);
  }

  private backoffMs(attempt: number): number {
    const cap = Math.min(this.o.backoffMaxMs, this.o.backoffBaseMs * 2 ** (attempt - 1));
    return cap / 2 + Math.random() * (cap / 2);
  }

  /** A concurrency slot, then a rate slot (and the end of any 429 pause). */
  private async acquire(signal?: AbortSignal): Promise<void> {
    if (this.inFlight >= this.o.concurrency) {
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          const i = this.waiting.indexOf(go);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(signal!.reason);
        };
        const go = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        this.waiting.push(go);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    } else {
      this.inFlight++;
    }
    this.stats.maxInFlight = Math.max(this.stats.maxInFlight, this.inFlight);
    try {
      const interval = 1000 / this.o.ratePerSecond;
      const now = Date.now();
      this.tat = Math.max(this.tat, now, this.pausedUntil);
      const allowAt = this.tat - (this.o.burst - 1) * interval;
      this.tat += interval;
      if (allowAt > now) await sleep(allowAt - now, signal);
      while (this.pausedUntil > Date.now()) await sleep(this.pausedUntil - Date.now(), signal);
    } catch (err) {
      this.release();
      throw err;
    }
  }

  /** Hands the slot to the next waiter, or frees it. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.inFlight--;
  }
}
