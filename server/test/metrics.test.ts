// /metrics as a Prometheus server scrapes it (docs/operations.md, "Metrics"): counts after a
// scripted set of requests, read back from the text format; the route label is the route's
// template, never the URL; off by default (404); METRICS_PORT serves it on that port only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../src/config.js';
import { dialects } from './support/dialects.js';
import { rawRequest, startTestServer, TestClock, type TestServer } from './support/test-server.js';
import { startFakeTmdb, type FakeTmdb } from './support/fake-tmdb.js';
import { onboardedUser, planLimit } from './recommendations.helpers.js';
import { parseExposition, type Exposition } from './support/prometheus.js';

async function scrape(url: string): Promise<{ status: number; contentType: string | null; text: string }> {
  const res = await fetch(url);
  return { status: res.status, contentType: res.headers.get('content-type'), text: await res.text() };
}

async function metricsOf(url: string): Promise<Exposition> {
  const { status, contentType, text } = await scrape(url);
  expect(status).toBe(200);
  expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(text);
}

describe.each(dialects)('METRICS=on on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { METRICS: 'on', FREE_WEEKLY_LIMIT: '2' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('counts requests by route template, picks, refusals and 404s, as a scraper reads them', async () => {
    for (let i = 0; i < 3; i++) expect((await rawRequest(server.url, '/api/public/config')).status).toBe(200);
    const u = await onboardedUser(server);
    // Two picks (the first, then the next), and the third refused by the free plan's limit of 2.
    await u.api.recommendations.current();
    await u.api.recommendations.next({ previous: 'skip' });
    await planLimit(u.api.recommendations.next({ previous: 'skip' }));
    // One unknown API path; two imports by id (not found): one series, whatever the id.
    expect((await rawRequest(server.url, '/api/no-such-route')).status).toBe(404);
    const ids = [randomUUID(), randomUUID()];
    for (const id of ids) expect((await rawRequest(server.url, `/api/imports/${id}`, { token: u.store.token! })).status).toBe(404);
    expect((await rawRequest(server.url, '/api/imports', { token: u.store.token! })).status).toBe(200);
    // A 400 from validation leaves its router through an error: still counted under its route.
    expect((await rawRequest(server.url, '/api/recommendations/new', { body: '{"previous":"nope"}', token: u.store.token! })).status).toBe(400);

    const m = await metricsOf(`${server.url}/metrics`);
    expect(m.value('http_requests_total', { method: 'GET', route: '/api/public/config', status: '200' })).toBe(3);
    expect(m.value('http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(m.value('http_requests_total', { method: 'GET', route: '/api/imports/:id', status: '404' })).toBe(2);
    expect(m.value('http_requests_total', { method: 'GET', route: '/api/imports', status: '200' })).toBe(1);
    expect(m.value('http_requests_total', { method: 'POST', route: '/api/recommendations/new', status: '402' })).toBe(1);
    expect(m.value('http_requests_total', { method: 'POST', route: '/api/recommendations/new', status: '400' })).toBe(1);
    expect(m.value('picks_issued_total', { issue: 'first', via: 'api' })).toBe(1);
    expect(m.value('picks_issued_total', { issue: 'next', via: 'api' })).toBe(1);
    expect(m.value('quota_refusals_total', { reason: 'limit' })).toBe(1);

    // No URL made it into a label: every route is a template or "unmatched".
    const routes = new Set(m.samples.filter((s) => s.labels.route !== undefined).map((s) => s.labels.route));
    for (const id of ids) expect([...routes].some((r) => r.includes(id))).toBe(false);
    for (const r of routes) expect(r === 'unmatched' || r.startsWith('/api/') || r === '/metrics' || r === '/healthz' || r === '/readyz').toBe(true);

    // The histogram is whole: cumulative buckets, +Inf equal to the count, as many as the counter.
    const l = { method: 'GET', route: '/api/public/config' };
    const buckets = m.samples.filter((s) => s.name === 'http_request_duration_seconds_bucket' && s.labels.route === l.route && s.labels.method === 'GET');
    expect(buckets.map((b) => b.labels.le).at(-1)).toBe('+Inf');
    for (let i = 1; i < buckets.length; i++) expect(buckets[i].value).toBeGreaterThanOrEqual(buckets[i - 1].value);
    expect(buckets.at(-1)!.value).toBe(3);
    expect(m.value('http_request_duration_seconds_count', l)).toBe(3);
    expect(m.value('http_request_duration_seconds_sum', l)).toBeGreaterThan(0);

    expect(Object.fromEntries(['http_requests_total', 'http_request_duration_seconds', 'picks_issued_total', 'quota_refusals_total', 'scheduler_runs_total', 'catalog_sync_titles', 'catalog_titles', 'process_resident_memory_bytes'].map((n) => [n, m.types.get(n)]))).toEqual({
      http_requests_total: 'counter',
      http_request_duration_seconds: 'histogram',
      picks_issued_total: 'counter',
      quota_refusals_total: 'counter',
      scheduler_runs_total: 'counter',
      catalog_sync_titles: 'gauge',
      catalog_titles: 'gauge',
      process_resident_memory_bytes: 'gauge',
    });
    expect(m.value('catalog_titles')).toBe(server.running.services.catalog.stats().titles);
    expect(m.value('catalog_titles')).toBeGreaterThan(100);
    expect(m.value('process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(m.value('process_uptime_seconds')).toBeGreaterThan(0);
    expect(m.value('nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);

    // A scrape is a request too: the next scrape counts the one before under /metrics.
    const again = await metricsOf(`${server.url}/metrics`);
    expect(again.value('http_requests_total', { method: 'GET', route: '/metrics', status: '200' })).toBe(1);
    expect(again.value('http_requests_total', { method: 'GET', route: '/api/public/config', status: '200' })).toBe(3);
  });
});

describe('METRICS off (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('/metrics is not found, like any unknown path', async () => {
    const res = await scrape(`${server.url}/metrics`);
    expect(res.status).toBe(404);
    expect(res.text).not.toMatch(/http_requests_total/);
    expect(server.running.metricsUrl).toBeNull();
  });
});

describe.each(dialects)('METRICS_PORT on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { METRICS_PORT: '0', SCHEDULER: 'on' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('serves /metrics on that port only, bound to HOST, and counts the main port', async () => {
    const metricsUrl = server.running.metricsUrl!;
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(metricsUrl).port).not.toBe(new URL(server.url).port);
    expect((await scrape(`${server.url}/metrics`)).status).toBe(404);
    expect((await scrape(new URL('/healthz', metricsUrl).href)).status).toBe(404);
    expect((await scrape(new URL('/api/public/config', metricsUrl).href)).status).toBe(404);

    expect((await rawRequest(server.url, '/api/public/config')).status).toBe(200);
    const m = await metricsOf(metricsUrl);
    expect(m.value('http_requests_total', { method: 'GET', route: '/api/public/config', status: '200' })).toBe(1);
    // The main port's 404 for /metrics is counted there as an unknown path.
    expect(m.value('http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
  });

  it('counts the scheduler: the pass at start is a run of the deliveries job, not a failure', async () => {
    const until = Date.now() + 10_000;
    let m = await metricsOf(server.running.metricsUrl!);
    while (m.value('scheduler_runs_total', { job: 'deliveries' }) === undefined && Date.now() < until) {
      await new Promise((ok) => setTimeout(ok, 50));
      m = await metricsOf(server.running.metricsUrl!);
    }
    expect(m.value('scheduler_runs_total', { job: 'deliveries' })).toBe(1);
    expect(m.value('scheduler_failures_total', { job: 'deliveries' })).toBe(0);
    // No TMDB key: the sync is off and never runs.
    expect(m.value('scheduler_runs_total', { job: 'catalog-sync' })).toBeUndefined();
  });
});

describe.each(dialects)('the TMDB sync in /metrics on %s', (dialect) => {
  const clock = new TestClock(new Date('2026-11-25T03:00:00Z'));
  let fake: FakeTmdb;
  let server: TestServer;
  beforeAll(async () => {
    fake = await startFakeTmdb({ fillerMovies: 20 });
    server = await startTestServer(dialect, { clock, env: { METRICS: 'on', SCHEDULER: 'on', TMDB_API_KEY: fake.apiKey, TMDB_API_URL: fake.url, CATALOG_REGIONS: 'US,IN' } });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it("the scheduler's sync shows as a run, its titles done of those queued, and when it finished", async () => {
    const before = server.running.services.catalog.stats().titles;
    const until = Date.now() + 60_000;
    let m = await metricsOf(`${server.url}/metrics`);
    while (m.value('scheduler_runs_total', { job: 'catalog-sync' }) === undefined && Date.now() < until) {
      await new Promise((ok) => setTimeout(ok, 100));
      m = await metricsOf(`${server.url}/metrics`);
    }
    expect(m.value('scheduler_runs_total', { job: 'catalog-sync' })).toBe(1);
    expect(m.value('scheduler_failures_total', { job: 'catalog-sync' })).toBe(0);
    // The fake offers 6 known titles and 20 fillers; all fetched, all queued at the start.
    expect(m.value('catalog_sync_titles', { state: 'done' })).toBe(26);
    expect(m.value('catalog_sync_titles', { state: 'queued' })).toBe(26);
    expect(m.value('catalog_sync_last_success_timestamp_seconds')).toBe(Date.parse('2026-11-25T03:00:00Z') / 1000);
    expect(m.value('catalog_titles')).toBe(server.running.services.catalog.stats().titles);
    expect(m.value('catalog_titles')).toBeGreaterThanOrEqual(before);
  });
});

describe('METRICS configuration', () => {
  it('METRICS_PORT turns metrics on; METRICS=off with a port, or the main port again, is refused', () => {
    expect(loadConfig({}).metrics).toEqual({ on: false, port: null });
    expect(loadConfig({ METRICS: 'on' }).metrics).toEqual({ on: true, port: null });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ on: true, port: 9464 });
    expect(() => loadConfig({ METRICS: 'off', METRICS_PORT: '9464' })).toThrow('METRICS is off but METRICS_PORT is set');
    expect(() => loadConfig({ PORT: '9464', METRICS_PORT: '9464' })).toThrow('METRICS_PORT must differ from PORT');
    expect(() => loadConfig({ METRICS: 'yes' })).toThrow(/^Invalid configuration: METRICS /);
  });
});
