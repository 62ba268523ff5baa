// /readyz tells the truth while the server starts (docs/operations.md, "Health checks"): a slow
// catalog load keeps it at 503 "starting" (with /healthz and the API answering the same at once),
// and it turns 200 only when the app serves. The slow load is real: the test holds the catalog's
// PostgreSQL advisory lock (the one two instances loading the same pack take, lockCatalog), so the
// starting server's loader waits on it. PostgreSQL only: on SQLite start-up work is synchronous,
// so a probe waits for it and gets the real answer (server/test/lifecycle-startup.test.ts).
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';
import { TEST_DATABASE_URL } from './support/dialects.js';
import { freePort, probe } from './support/server-process.js';

const CATALOG_LOCK = 72310001; // catalog.repository.ts, lockCatalog
const PROBE_TIMEOUT_MS = 2_000;

async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const got = await fn();
    if (got !== undefined) return got;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((ok) => setTimeout(ok, 25));
  }
}

describe.skipIf(!TEST_DATABASE_URL)('/readyz while the catalog loads (postgres)', () => {
  it('answers 503 "starting" while the catalog load waits, then 200 once the app serves', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tp-readyz-'));
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const holder = new pg.Client({ connectionString: TEST_DATABASE_URL! });
    await holder.connect();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    let starting: ReturnType<typeof startServer> | null = null;
    let locked = false;
    try {
      await holder.query('select pg_advisory_lock($1)', [CATALOG_LOCK]);
      locked = true;
      const config = loadConfig({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: TEST_DATABASE_URL!, DATABASE_SCHEMA: schema, LOG_LEVEL: 'silent', SCHEDULER: 'off' });
      starting = startServer(config);
      starting.catch(() => undefined);

      // The loader is now waiting on our lock: migrations are done, the catalog load has begun.
      await until('the loader to wait on the catalog lock', async () => {
        const { rows } = await holder.query("select 1 from pg_locks where locktype = 'advisory' and objid = $1 and not granted", [CATALOG_LOCK]);
        return rows.length ? true : undefined;
      });
      for (let i = 0; i < 5; i++) {
        const t0 = Date.now();
        const ready = await probe(url, '/readyz', PROBE_TIMEOUT_MS);
        expect(Date.now() - t0).toBeLessThan(1_000);
        expect(ready.status).toBe(503);
        expect(ready.body).toEqual({ status: 'starting', detail: 'The server is starting. Please try again in a moment.' });
        expect(ready.headers['retry-after']).toBe('1');
        expect((await probe(url, '/healthz', PROBE_TIMEOUT_MS)).status).toBe(503);
        const api = await probe(url, '/api/public/config', PROBE_TIMEOUT_MS);
        expect(api.status).toBe(503);
        expect(api.body.detail).toBe('The server is starting. Please try again in a moment.');
        await new Promise((ok) => setTimeout(ok, 100));
      }

      await holder.query('select pg_advisory_unlock($1)', [CATALOG_LOCK]);
      locked = false;
      const ready = await until('/readyz 200', async () => {
        const r = await probe(url, '/readyz', PROBE_TIMEOUT_MS);
        return r.status === 200 ? r : (expect(r.body.status).toBe('starting'), undefined);
      });
      expect(ready.body).toEqual({ status: 'ready' });
      const running = await starting;
      // Ready means the catalog is in: the app serves it.
      expect(running.services.catalog.stats().titles).toBeGreaterThan(100);
      expect((await probe(url, '/healthz', PROBE_TIMEOUT_MS)).body).toEqual({ status: 'ok', database: 'postgres' });
      expect((await probe(url, '/api/public/config', PROBE_TIMEOUT_MS)).status).toBe(200);
      await running.close();
      starting = null;
    } finally {
      if (locked) await holder.query('select pg_advisory_unlock($1)', [CATALOG_LOCK]);
      if (starting) await starting.then((r) => r.close(), () => undefined);
      await holder.query(`drop schema if exists "${schema}" cascade`);
      await holder.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
