// Nothing listens before it can answer: probes sent while the real process starts (migrations,
// secrets, the catalog) get an immediate answer, 503 "starting", and /readyz turns 200 only once
// the app serves. Before, the port was open without a handler and such probes hung for minutes.
import { describe, it, expect } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { dialects, TEST_DATABASE_URL, dropSchema } from './support/dialects.js';
import { freePort, probe, spawnServer } from './support/server-process.js';

const PROBE_EVERY_MS = 50;
const PROBE_TIMEOUT_MS = 5_000;

describe.each(dialects)('start-up on %s', (dialect) => {
  it('answers every probe during start-up at once, 503 "starting" until ready', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tp-startup-'));
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (dialect === 'postgres') Object.assign(env, { DATABASE_URL: TEST_DATABASE_URL!, DATABASE_SCHEMA: schema });
    const port = await freePort();
    const t0 = Date.now();
    const proc = spawnServer(env, port);
    const results: Array<{ path: string; sentMs: number; tookMs: number; outcome: string; body?: any }> = [];
    const inFlight: Promise<void>[] = [];
    let readyAt: number | null = null;
    try {
      let exited = false;
      void proc.exited.then(() => (exited = true));
      while (readyAt === null && !exited && Date.now() - t0 < 120_000) {
        for (const path of ['/readyz', '/healthz', '/api/public/config']) {
          const sent = Date.now();
          inFlight.push(
            probe(proc.url, path, PROBE_TIMEOUT_MS).then(
              (r) => {
                results.push({ path, sentMs: sent - t0, tookMs: Date.now() - sent, outcome: `${r.status} ${r.body?.status ?? ''}`.trim(), body: r.body });
                if (path === '/readyz' && r.status === 200) readyAt ??= sent - t0;
              },
              (err: Error) => void results.push({ path, sentMs: sent - t0, tookMs: Date.now() - sent, outcome: err.message }),
            ),
          );
        }
        await new Promise((ok) => setTimeout(ok, PROBE_EVERY_MS));
      }
      await Promise.all(inFlight);
      const tally: Record<string, number> = {};
      for (const r of results) tally[`${r.path} ${r.outcome}`] = (tally[`${r.path} ${r.outcome}`] ?? 0) + 1;
      const answered = results.filter((r) => /^\d/.test(r.outcome));
      const slowest = Math.max(...answered.map((r) => r.tookMs));
      console.info(`[start-up probes, ${dialect}] ${results.length} probes, ready after ${readyAt} ms, slowest answer ${slowest} ms: ${JSON.stringify(tally)}`);

      expect(readyAt, proc.output().stderr).not.toBeNull();
      // Every probe got an answer or a refused connection (before listening); none hung or was reset.
      expect(results.filter((r) => !/^\d/.test(r.outcome) && r.outcome !== 'ECONNREFUSED')).toEqual([]);
      const starting = results.filter((r) => r.outcome.startsWith('503'));
      // On PostgreSQL start-up waits on the network, so the loop answers meanwhile. SQLite's work
      // is synchronous: probes then wait in the kernel queue for that moment and get the real answer.
      if (dialect === 'postgres') expect(starting.length).toBeGreaterThan(0);
      for (const r of starting) {
        expect(r.outcome).toBe('503 starting');
        expect(r.body.detail).toBe('The server is starting. Please try again in a moment.');
      }
      expect(slowest).toBeLessThan(PROBE_TIMEOUT_MS);
      // Once ready, health and the API answer for real.
      expect((await probe(proc.url, '/healthz', PROBE_TIMEOUT_MS)).body).toEqual({ status: 'ok', database: dialect });
      expect((await probe(proc.url, '/api/public/config', PROBE_TIMEOUT_MS)).status).toBe(200);
    } finally {
      proc.child.kill('SIGKILL');
      await proc.exited;
      rmSync(dataDir, { recursive: true, force: true });
      if (dialect === 'postgres') {
        await dropSchema(schema);
      }
    }
  }, 180_000);
});
