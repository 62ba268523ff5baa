// The client against the local fake TMDB: throttling, retries, auth, concurrency and aborts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeTmdb, type FakeTmdb } from '../../../test/support/fake-tmdb.js';
import { retryAfterMs, TmdbAuthError, TmdbClient, TmdbError } from './client.js';

let fake: FakeTmdb;
beforeAll(async () => {
  fake = await startFakeTmdb({ fillerMovies: 40 });
});
afterAll(async () => fake?.close());
beforeEach(() => {
  fake.reset();
  fake.latencyMs = 0;
});

/** Fast backoff for tests; the production defaults are seconds. */
const client = (extra: Partial<ConstructorParameters<typeof TmdbClient>[0]> = {}) =>
  new TmdbClient({ apiUrl: fake.url, apiKey: fake.apiKey, backoffBaseMs: 5, backoffMaxMs: 20, ratePerSecond: 1000, burst: 100, ...extra });

describe('TMDB client', () => {
  it('authenticates with a v3 key (api_key) or a v4 read token (bearer), and fails fatally on 401', async () => {
    expect((await client().movie(27205))?.title).toBe('Inception');
    expect(fake.requests.at(-1)).toMatchObject({ auth: 'key', path: '/movie/27205' });
    expect(fake.requests.at(-1)?.query.append_to_response).toBe('credits,keywords,external_ids,watch/providers,videos,release_dates,translations');
    expect((await client({ apiKey: null, readToken: fake.readToken }).tv(1396))?.name).toBe('Breaking Bad');
    expect(fake.requests.at(-1)).toMatchObject({ auth: 'bearer', path: '/tv/1396' });

    fake.reset();
    const bad = client({ apiKey: 'deadbeefdeadbeefdeadbeefdeadbeef' });
    const err = await bad.movie(27205).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TmdbAuthError);
    expect((err as Error).message).toBe('TMDB refused the API key: check TMDB_API_KEY / TMDB_READ_TOKEN');
    expect(fake.count()).toBe(1); // not retried
    await expect(client({ apiKey: null, readToken: 'wrong.token.value-wrong-token' }).configuration()).rejects.toBeInstanceOf(TmdbAuthError);
  });

  it('answers null on 404 and never retries it', async () => {
    expect(await client().movie(1)).toBeNull();
    expect(fake.count('/movie/1')).toBe(1);
  });

  it('honours Retry-After on 429 before trying again', async () => {
    fake.fail('/movie/27205', { status: 429, retryAfter: '1' });
    const c = client();
    const t0 = Date.now();
    expect((await c.movie(27205))?.id).toBe(27205);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
    expect(fake.count('/movie/27205')).toBe(2);
    expect(c.stats).toMatchObject({ throttled: 1, retries: 1 });
    // Without Retry-After: backoff, then success.
    fake.fail('/movie/27205', { status: 429 }, { status: 429 });
    expect((await c.movie(27205))?.id).toBe(27205);
    expect(c.stats.throttled).toBe(3);
  });

  it('a 429 pauses the other requests too', async () => {
    fake.fail('/movie/27205', { status: 429, retryAfter: '1' });
    const c = client();
    const first = c.movie(27205);
    await new Promise((r) => setTimeout(r, 100)); // the 429 has come back
    const t0 = Date.now();
    await c.movie(496243);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(700);
    await first;
  });

  it('retries 5xx, dropped connections and cut-off bodies, then succeeds', async () => {
    fake.fail('/tv/1396', { status: 503 }, { status: 500 }, 'drop');
    const c = client();
    expect((await c.tv(1396))?.id).toBe(1396);
    expect(fake.count('/tv/1396')).toBe(4);
    expect(c.stats.retries).toBe(3);
    fake.fail('/tv/1396', 'truncated');
    expect((await c.tv(1396))?.name).toBe('Breaking Bad');
    expect(fake.count('/tv/1396')).toBe(6);
  });

  it('gives up after a bounded number of attempts', async () => {
    fake.fail('/tv/1396', { status: 502 }, { status: 502 }, { status: 502 }, { status: 502 }, { status: 502 });
    const err = await client({ maxAttempts: 4 }).tv(1396).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TmdbError);
    expect((err as TmdbError).message).toBe('TMDB /tv/1396: HTTP 502, 4 attempts');
    expect(fake.count('/tv/1396')).toBe(4);
    // ...and on a run of 429s too.
    fake.reset();
    for (let i = 0; i < 5; i++) fake.fail('/tv/1396', { status: 429, retryAfter: '0' });
    await expect(client({ max429: 3 }).tv(1396)).rejects.toThrow(/still rate-limited \(429\) after 3 attempts/);
    expect(fake.count('/tv/1396')).toBe(3);
  });

  it('gives up rather than wait past its total time bound', async () => {
    fake.fail('/movie/27205', { status: 429, retryAfter: '30' });
    const t0 = Date.now();
    await expect(client({ maxTotalMs: 2000 }).movie(27205)).rejects.toThrow('TMDB /movie/27205: rate-limited (429), gave up after 2 s');
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(fake.count('/movie/27205')).toBe(1);
  });

  it('times out a request that hangs, and retries it', async () => {
    fake.fail('/movie/19404', 'hang');
    const c = client({ timeoutMs: 200 });
    expect((await c.movie(19404))?.id).toBe(19404);
    expect(fake.count('/movie/19404')).toBe(2);
  });

  it('never has more requests in flight than its concurrency cap', async () => {
    fake.latencyMs = 30;
    const c = client({ concurrency: 3 });
    const ids = Array.from({ length: 24 }, (_, i) => 900001 + i);
    const out = await Promise.all(ids.map((id) => c.movie(id)));
    expect(out.map((m) => m?.id)).toEqual(ids);
    expect(fake.maxInFlight).toBe(3);
    expect(c.stats.maxInFlight).toBe(3);
  });

  it('keeps to its request rate (token bucket)', async () => {
    const c = client({ ratePerSecond: 20, burst: 2 });
    const t0 = Date.now();
    await Promise.all(Array.from({ length: 12 }, (_, i) => c.movie(900001 + i)));
    // 2 at once, then one every 50 ms: at least 10 x 50 ms.
    expect(Date.now() - t0).toBeGreaterThanOrEqual(480);
  });

  it('stops at once when its signal is aborted, with nothing left in flight', async () => {
    fake.latencyMs = 200;
    const controller = new AbortController();
    const c = client({ signal: controller.signal, concurrency: 2 });
    const all = Promise.allSettled(Array.from({ length: 6 }, (_, i) => c.movie(900001 + i)));
    setTimeout(() => controller.abort(new Error('stop')), 50);
    const settled = await all;
    expect(settled.every((s) => s.status === 'rejected' && (s.reason as Error).message === 'stop')).toBe(true);
    expect(fake.count('/movie/')).toBe(2);
  });

  it('never puts the key in an error message', async () => {
    fake.fail('/movie/27205', { status: 500 }, { status: 500 });
    const err = (await client({ maxAttempts: 2 }).movie(27205).catch((e: unknown) => e)) as Error;
    expect(err.message).not.toContain(fake.apiKey);
    expect(err.message).toBe('TMDB /movie/27205: HTTP 500, 2 attempts');
  });

  it('the fake image host serves a poster path as a PNG', async () => {
    const movie = await client().movie(27205);
    const res = await fetch(`${fake.imageUrl}/t/p/w342${movie!.poster_path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await res.arrayBuffer()).slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(Date.UTC(2026, 0, 1, 0, 0, 10)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(10_000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });

  it('reads discover, changes, configuration and provider lists', async () => {
    const c = client();
    const d = await c.discover('movie', { sort_by: 'popularity.desc', watch_region: 'US', with_watch_monetization_types: 'flatrate', page: 1 });
    expect(d?.results[0].id).toBe(27205);
    expect(d?.total_results).toBeGreaterThan(20);
    await expect(c.discover('movie', { page: 501 })).rejects.toThrow(/HTTP 400/);
    fake.changed.movie = [27205];
    expect((await c.changes('movie', '2026-11-20', '2026-11-25', 1))?.results).toEqual([{ id: 27205, adult: false }]);
    expect((await c.configuration())?.images?.poster_sizes).toContain('w342');
    expect((await c.watchProviders('movie', 'US'))?.results?.some((p) => p.provider_id === 8)).toBe(true);
  });
});
