// `npm run catalog -- sync` as an operator runs it: a child process (npm, tsx, the CLI) against the
// local fake TMDB, with a temporary DATA_DIR (SQLite).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../db/connection.js';
import { startFakeTmdb, type FakeTmdb } from '../../../test/support/fake-tmdb.js';

const ROOT = resolve(import.meta.dirname, '../../../..');

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function runCli(env: Record<string, string>, opts: { interruptWhen?: () => boolean } = {}): Promise<Run> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(TMDB_|CATALOG_|DATABASE_|DATA_DIR)/.test(k)));
  // Its own process group, as a terminal's foreground job: Ctrl-C signals the whole group.
  const child = spawn('npm', ['run', '--silent', 'catalog', '--', 'sync'], { cwd: ROOT, env: { ...clean, LOG_LEVEL: 'silent', ...env }, detached: true });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  let timer: NodeJS.Timeout | undefined;
  if (opts.interruptWhen) {
    timer = setInterval(() => {
      if (!opts.interruptWhen!()) return;
      clearInterval(timer);
      process.kill(-child.pid!, 'SIGINT');
    }, 10);
  }
  return new Promise((ok) =>
    child.on('exit', (code, signal) => {
      clearInterval(timer);
      ok({ code, signal, stdout, stderr });
    }),
  );
}

describe('npm run catalog -- sync', () => {
  let fake: FakeTmdb;
  let dataDir: string;
  beforeAll(async () => {
    fake = await startFakeTmdb({ fillerMovies: 90 });
  });
  afterAll(async () => fake?.close());
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tp-sync-cli-'));
    fake.reset();
    fake.latencyMs = 0;
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const env = (extra: Record<string, string> = {}) => ({ DATA_DIR: dataDir, TMDB_API_URL: fake.url, TMDB_API_KEY: fake.apiKey, CATALOG_REGIONS: 'US,IN', ...extra });

  it('syncs, prints the summary and exits 0; a second run fetches only what changed', async () => {
    const r = await runCli(env());
    expect(r.stderr).toContain('TMDB sync: regions US, IN, at most 5,000 titles');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^TMDB sync \(full\) finished: added 96, updated 0, unchanged 0, retired 0, ambiguous 0, failed 0; 96 titles fetched, 0 stale offers removed, \d+ requests \(1\.\d\d a title\) in \d+s\n$/);
    const handle = await openDatabase({ dialect: 'sqlite', path: join(dataDir, 'app.db') });
    try {
      const n = await handle.db.selectFrom('titles').select((eb) => eb.fn.countAll<number>().as('n')).where('source', '=', 'tmdb').executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(96);
      // It counts as today's daily run, and holds no lease any more.
      const lease = await handle.db.selectFrom('job_leases').selectAll().executeTakeFirstOrThrow();
      expect(lease).toMatchObject({ name: 'catalog-sync', holder: null, lease_until: null, last_run_date: new Date().toISOString().slice(0, 10) });
    } finally {
      await handle.close();
    }
    fake.reset();
    fake.touch('tv', 1396, { overview: 'Changed.' });
    const again = await runCli(env({ TMDB_API_KEY: '', TMDB_READ_TOKEN: fake.readToken }));
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^TMDB sync \(incremental\) finished: added 0, updated 1, unchanged 0, .* 1 titles fetched, .* 3 requests/);
    expect(fake.requests.every((q) => q.auth === 'bearer')).toBe(true);
  });

  it('refuses to run without a key, and exits 1 when TMDB refuses the key', async () => {
    const none = await runCli(env({ TMDB_API_KEY: '' }));
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('TMDB sync needs a key: set TMDB_API_KEY (v3 API key) or TMDB_READ_TOKEN');
    expect(fake.count()).toBe(0);
    const bad = await runCli(env({ TMDB_API_KEY: 'deadbeefdeadbeefdeadbeefdeadbeef' }));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('TMDB refused the API key: check TMDB_API_KEY / TMDB_READ_TOKEN');
    expect(bad.stderr).not.toContain('deadbeef');
    // While the daily job (or another sync) holds the lease.
    const handle = await openDatabase({ dialect: 'sqlite', path: join(dataDir, 'app.db') });
    try {
      await migrateToLatest(handle);
      const now = new Date().toISOString();
      const lease = { holder: 'daily-job', lease_until: new Date(Date.now() + 600_000).toISOString(), updated_at: now };
      await handle.db.insertInto('job_leases').values({ name: 'catalog-sync', ...lease }).onConflict((oc) => oc.column('name').doUpdateSet(lease)).execute();
    } finally {
      await handle.close();
    }
    const held = await runCli(env());
    expect(held.code).toBe(1);
    expect(held.stderr).toContain('Another TMDB sync is running on this database');
    expect(fake.count()).toBe(1); // the refused-key run's one request
    const badVar = await runCli(env({ CATALOG_REGIONS: 'USA' }));
    expect(badVar.code).toBe(1);
    expect(badVar.stderr).toContain('Invalid configuration: CATALOG_REGIONS must be a comma-separated list of two-letter country codes');
  });

  it('stops at a batch boundary on Ctrl-C (the CLI exits 130, npm dies by SIGINT), and the next run resumes', async () => {
    fake.latencyMs = 40;
    const stopped = await runCli(env(), { interruptWhen: () => fake.count('/movie/9') >= 10 });
    expect(stopped.stderr).toContain('Stopping after the current batch');
    // npm passes the stop on as its own death by SIGINT, as a shell expects of Ctrl-C.
    expect(stopped.signal ?? stopped.code).toBe('SIGINT');
    expect(stopped.stdout).toMatch(/^TMDB sync \(full\) stopped \(run it again to resume\): added 50, /);
    const firstDetails = fake.requests.filter((q) => /^\/(movie|tv)\/\d+$/.test(q.path)).length;
    expect(firstDetails).toBe(50);
    fake.reset();
    fake.latencyMs = 0;
    const resumed = await runCli(env());
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toMatch(/^TMDB sync \(full\) finished: added 46, .* 46 titles fetched/);
    expect(fake.count('/discover/')).toBe(0);
  });
});
