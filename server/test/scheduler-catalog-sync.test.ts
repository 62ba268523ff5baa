// The daily TMDB sync job: with several instances on one database exactly one runs it a day; a
// lease left by an instance that died is taken over only after it expires; a server started with
// SCHEDULER=on and a TMDB key syncs by itself, and one without a key never calls TMDB.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startTestServer, TestClock, type TestServer } from './support/test-server.js';
import { startFakeTmdb, type FakeTmdb } from './support/fake-tmdb.js';
import { CATALOG_SYNC_JOB, claimJob, JOB_LEASE_MS } from '../src/db/job-leases.js';
import { runCatalogSyncJob } from '../src/jobs/catalog-sync-job.js';
import { loadConfig } from '../src/config.js';

const MINUTE = 60_000;
const DISCOVERABLE = 6 + 20;

describe.each(dialects)('daily TMDB sync job on %s', (dialect) => {
  const clock = new TestClock(new Date('2026-11-25T03:00:00Z'));
  let fake: FakeTmdb;
  let a: TestServer;
  let b: TestServer;
  const details = () => fake.requests.filter((q) => /^\/(movie|tv)\/\d+$/.test(q.path)).length;
  beforeAll(async () => {
    fake = await startFakeTmdb({ fillerMovies: 20 });
    const env = { TMDB_API_KEY: fake.apiKey, TMDB_API_URL: fake.url, CATALOG_REGIONS: 'US,IN' };
    a = await startTestServer(dialect, { clock, env });
    b = await startTestServer(dialect, { clock, env, shareDatabaseWith: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  it('runs once a day, on exactly one of two instances ticking at once', async () => {
    clock.set('2026-11-25T03:00:00Z');
    const first = await Promise.all([a, b, a, b].map((s) => runCatalogSyncJob(s.running.ctx)));
    const ran = first.filter((o) => o.outcome === 'ran');
    expect(ran).toHaveLength(1);
    expect(first.filter((o) => o.outcome !== 'ran').every((o) => o.outcome === 'held' || o.outcome === 'not-due')).toBe(true);
    expect(ran[0].result).toMatchObject({ mode: 'full', complete: true, processed: DISCOVERABLE });
    expect(details()).toBe(DISCOVERABLE);

    clock.set('2026-11-25T23:59:00Z');
    fake.reset();
    expect((await Promise.all([a, b].map((s) => runCatalogSyncJob(s.running.ctx)))).map((o) => o.outcome)).toEqual(['not-due', 'not-due']);
    expect(fake.count()).toBe(0);

    // The next UTC day: one instance runs the incremental sync (changes + the oldest offers).
    clock.set('2026-11-26T00:01:00Z');
    fake.touch('movie', 27205, { overview: 'Changed overnight.' });
    const next = await Promise.all([b, a].map((s) => runCatalogSyncJob(s.running.ctx)));
    const nextRan = next.filter((o) => o.outcome === 'ran');
    expect(nextRan).toHaveLength(1);
    expect(nextRan[0].result?.mode).toBe('incremental');
    expect(details()).toBe(nextRan[0].result?.processed);
    const row = await a.running.ctx.db.selectFrom('job_leases').selectAll().where('name', '=', CATALOG_SYNC_JOB).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ last_run_date: '2026-11-26', holder: null, lease_until: null, last_error: null });
  });

  it('takes over a lease left by an instance that died, only after it expires', async () => {
    clock.set('2026-11-27T00:00:00Z');
    expect(await claimJob(a.running.ctx.db, CATALOG_SYNC_JOB, 'instance-that-died', clock.now())).toBe(true);
    expect((await runCatalogSyncJob(a.running.ctx)).outcome).toBe('held');
    clock.set(new Date(Date.parse('2026-11-27T00:00:00Z') + JOB_LEASE_MS - MINUTE).toISOString());
    expect((await runCatalogSyncJob(b.running.ctx)).outcome).toBe('held');
    expect(fake.count()).toBe(0);
    clock.set(new Date(Date.parse('2026-11-27T00:00:00Z') + JOB_LEASE_MS).toISOString());
    expect((await runCatalogSyncJob(b.running.ctx)).outcome).toBe('ran');
    expect(fake.count()).toBeGreaterThan(0);
  });

  it('a server started with SCHEDULER=on and a key syncs by itself', async () => {
    const own = await startTestServer(dialect, { clock, env: { SCHEDULER: 'on', TMDB_API_KEY: fake.apiKey, TMDB_API_URL: fake.url } });
    try {
      const deadline = Date.now() + 20_000;
      let last: { value: string } | undefined;
      while (!last && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        last = await own.running.ctx.db.selectFrom('catalog_meta').select('value').where('key', '=', 'tmdb_last_sync_date').executeTakeFirst();
      }
      expect(last?.value).toBe(clock.now().toISOString().slice(0, 10));
    } finally {
      await own.close();
    }
    expect(details()).toBe(5 + 20); // CATALOG_REGIONS defaults to US: not Squid Game (IN and KR only)
  });

  it('does nothing when the sync is off (no key, or CATALOG_SYNC=off)', async () => {
    clock.set('2026-12-01T00:00:00Z');
    const ctx = a.running.ctx;
    const off = { ...ctx, config: { ...ctx.config, catalog: { ...ctx.config.catalog, sync: false } } };
    expect((await runCatalogSyncJob(off)).outcome).toBe('off');
    expect(fake.count()).toBe(0);
  });
});

describe('catalog sync configuration', () => {
  it('is on by default with a key, off without one, and CATALOG_SYNC=on without a key stops start-up', () => {
    expect(loadConfig({ TMDB_API_KEY: 'a'.repeat(32) }).catalog).toEqual({ regions: ['US'], languages: [], maxTitles: 5000, sync: true });
    expect(loadConfig({ TMDB_READ_TOKEN: 'eyJhbGciOiJIUzI1NiJ9.abc.def', CATALOG_SYNC: 'off' }).catalog.sync).toBe(false);
    expect(loadConfig({}).catalog.sync).toBe(false);
    expect(loadConfig({ CATALOG_REGIONS: 'us, in,US', CATALOG_LANGUAGES: 'HI,ko', CATALOG_MAX_TITLES: '200' }).catalog).toEqual({ regions: ['US', 'IN'], languages: ['hi', 'ko'], maxTitles: 200, sync: false });
    expect(() => loadConfig({ CATALOG_SYNC: 'on' })).toThrow('Invalid configuration: CATALOG_SYNC is on but neither TMDB_API_KEY nor TMDB_READ_TOKEN is set');
    expect(() => loadConfig({ CATALOG_LANGUAGES: 'hindi' })).toThrow(/^Invalid configuration: CATALOG_LANGUAGES must be/);
    expect(() => loadConfig({ CATALOG_MAX_TITLES: '0' })).toThrow(/^Invalid configuration: CATALOG_MAX_TITLES must be between 1 and 200000/);
    expect(() => loadConfig({ TMDB_API_KEY: 'not a key!' })).toThrow(/^Invalid configuration: TMDB_API_KEY must be the v3 API key/);
    // The message names the variable, never its value.
    expect(() => loadConfig({ TMDB_READ_TOKEN: 'secret value with spaces' })).toThrow(/^Invalid configuration: TMDB_READ_TOKEN must be the v4 API Read Access Token[^]*$/);
    try {
      loadConfig({ TMDB_READ_TOKEN: 'secret value with spaces' });
    } catch (err) {
      expect(String(err)).not.toContain('secret value');
    }
  });
});
