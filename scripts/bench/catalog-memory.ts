// `npx tsx scripts/bench/catalog-memory.ts`: where the server's memory goes with a 100,000-title
// catalog. Per dialect (SQLite; PostgreSQL too with BENCH_DATABASE_URL): the server bundle `npm
// start` runs is started once to migrate and load the pack, the catalog is topped up with
// synthetic titles to SYNTHETIC_TITLES, and the server is started again; after ISSUES picks and
// GET /current (so the engine index and the co-likes exist) it reads VmRSS (steady) and VmHWM
// (the peak, the load included) from /proc. Optional:
// - HEAP_SNAPSHOT=1 writes a heap snapshot (SIGUSR2) and prints its self sizes by constructor, to
//   attribute the heap (HEAP_SNAPSHOT_KEEP=<path prefix> keeps the file);
// - TRACE_GC=1 prints V8's lines on the full collections and the last one (heap used (committed));
// - CPU_PROF_DIR=<dir> writes a V8 CPU profile of each server run.
// Its timings are for orientation only: bench:api is the figure of record.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../server/src/db/connection.js';
import type { DatabaseConfig } from '../../server/src/config.js';
import { insertSyntheticCatalog } from './api-synthetic.js';
import { api, onboardedUser } from './api-users.js';
import { memoryOf, startBundledServer, type BundledServer } from './server-process.js';

const SYNTHETIC_TITLES = Number(process.env.SYNTHETIC_TITLES ?? 100_000);
const ISSUES = Number(process.env.ISSUES ?? 200);
const HEAP_SNAPSHOT = process.env.HEAP_SNAPSHOT === '1';
const TRACE_GC = process.env.TRACE_GC === '1';

interface Child extends BundledServer {
  /** With TRACE_GC=1: V8's lines on every full collection and the last collection (heap used (committed)). */
  lastGc(): string;
}

async function startChild(env: Record<string, string>, cwd: string): Promise<Child> {
  const nodeArgs = [...(HEAP_SNAPSHOT ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${cwd}`] : []), ...(TRACE_GC ? ['--trace-gc'] : [])];
  const server = await startBundledServer({ ...env, LOG_LEVEL: 'warn' }, { nodeArgs, stdout: TRACE_GC ? 'pipe' : 'ignore' });
  let lastGc = '';
  const compactions: string[] = [];
  server.child.stdout?.on('data', (d: Buffer) => {
    for (const line of d.toString().split('\n')) {
      if (/Mark-Compact|Scavenge/.test(line)) lastGc = line.trim();
      if (/Mark-Compact/.test(line)) compactions.push(line.trim());
    }
  });
  return { ...server, lastGc: () => [...compactions, lastGc].join('\n') };
}

/** Self size by constructor (and strings, arrays, code) of a V8 heap snapshot, largest first. */
function summarizeHeap(file: string): void {
  const snap = JSON.parse(readFileSync(file, 'utf8')) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] };
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const by = new Map<string, { count: number; bytes: number }>();
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt]];
    const key = type === 'object' || type === 'native' ? snap.strings[snap.nodes[i + nameAt]] : `(${type})`;
    const e = by.get(key) ?? { count: 0, bytes: 0 };
    e.count++;
    e.bytes += snap.nodes[i + sizeAt];
    by.set(key, e);
  }
  const total = [...by.values()].reduce((a, e) => a + e.bytes, 0);
  console.log(`heap snapshot: ${(total / 1048576).toFixed(1)} MB self size in all`);
  console.table(
    Object.fromEntries(
      [...by]
        .sort((a, b) => b[1].bytes - a[1].bytes)
        .slice(0, 25)
        .map(([k, e]) => [k.slice(0, 60), { count: e.count, MB: (e.bytes / 1048576).toFixed(1) }]),
    ),
  );
}

async function run(dialect: 'sqlite' | 'postgres'): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tp-bench-memory-'));
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const secret = randomBytes(48).toString('base64url');
  const env: Record<string, string> = { DATA_DIR: dir, JWT_SECRET: secret };
  let config: DatabaseConfig;
  if (dialect === 'sqlite') {
    env.DATABASE_URL = `sqlite:${join(dir, 'app.db')}`;
    config = { dialect: 'sqlite', path: join(dir, 'app.db') };
  } else {
    Object.assign(env, { DATABASE_URL: process.env.BENCH_DATABASE_URL!, DATABASE_SCHEMA: schema });
    config = { dialect: 'postgres', url: process.env.BENCH_DATABASE_URL!, schema };
  }
  try {
    // First start: migrations and the built-in pack.
    await (await startChild(env, dir)).stop();
    const handle = await openDatabase(config);
    try {
      const have = Number((await handle.db.selectFrom('titles').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      await insertSyntheticCatalog(handle, Math.max(0, SYNTHETIC_TITLES - have));
      const startedAt = performance.now();
      const server = await startChild(env, dir);
      const startMs = performance.now() - startedAt;
      try {
        const afterStart = memoryOf(server.pid);
        const { token } = await onboardedUser(handle, server.url, secret);
        let t = performance.now();
        await api(server.url, token, '/api/recommendations/new', { method: 'POST', body: { previous: 'skip' } });
        const firstMs = performance.now() - t;
        const times: number[] = [];
        for (let i = 0; i < ISSUES; i++) {
          t = performance.now();
          await api(server.url, token, '/api/recommendations/new', { method: 'POST', body: { previous: i % 5 === 0 ? 'watched' : 'skip' } });
          times.push(performance.now() - t);
          await api(server.url, token, '/api/recommendations/current');
        }
        times.sort((a, b) => a - b);
        const steady = memoryOf(server.pid);
        console.log(
          `${dialect}: ${SYNTHETIC_TITLES.toLocaleString('en-US')} titles; start ${startMs.toFixed(0)} ms; RSS after start ${afterStart.rssMb.toFixed(0)} MB; steady RSS ${steady.rssMb.toFixed(0)} MB; peak ${steady.peakRssMb.toFixed(0)} MB; first pick ${firstMs.toFixed(0)} ms; pick p50 ${times[Math.floor(times.length / 2)].toFixed(1)} ms, p99 ${times[Math.floor(times.length * 0.99)].toFixed(1)} ms (noisy)`,
        );
        if (TRACE_GC) console.log(`full collections, then the last one:\n${server.lastGc()}`);
        if (HEAP_SNAPSHOT) {
          server.child.kill('SIGUSR2');
          let file: string | undefined;
          for (let i = 0; i < 600 && !file; i++) {
            await new Promise((r) => setTimeout(r, 500));
            file = readdirSync(dir).find((f) => f.endsWith('.heapsnapshot'));
          }
          // The snapshot is complete when the server answers again.
          for (let i = 0; i < 600; i++) {
            const up = await fetch(`${server.url}/healthz`).then((r) => r.ok, () => false);
            if (up) break;
            await new Promise((r) => setTimeout(r, 500));
          }
          if (file) summarizeHeap(join(dir, file));
          if (file && process.env.HEAP_SNAPSHOT_KEEP) copyFileSync(join(dir, file), `${process.env.HEAP_SNAPSHOT_KEEP}-${dialect}.heapsnapshot`);
        }
      } finally {
        await server.stop();
      }
    } finally {
      await handle.close();
    }
  } finally {
    if (dialect === 'postgres') {
      const c = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const dialect of process.env.BENCH_DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)) await run(dialect);
