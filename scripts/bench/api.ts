// `npm run bench:api`: every speed and memory goal of the API in one run, on the real server in
// its own process (the bundle `npm start` runs), printed as one goals table and written to
// bench-results/api.json (docs/performance.md explains each figure and how to reproduce it).
// - POST /api/recommendations/new: p50/p99 and server CPU per issue, in three rounds (a fresh
//   user each), on the built-in pack; on the pack plus the public datasets in ../shared/data
//   imported with `npm run catalog -- import` (skipped when absent; BENCH_DATA_DIR overrides the
//   folder); and at SYNTHETIC_TITLES (100,000) titles, where a user with 5,000 history rows and
//   one with 50 are measured side by side.
// - Server RSS with the catalog loaded, on SQLite, and on PostgreSQL at 100,000 titles when
//   BENCH_DATABASE_URL names a database (a schema of its own, dropped afterwards).
// - GET /api/recommendations/current's req/s beside a minimal Express 5 app serving the same JSON
//   (api-throughput.ts), on the built-in catalog; start to /healthz on a first and a second start
//   (api-startup.ts); the landing page's and the extension popup's JavaScript (bench:bundle).
// - The TMDB sync's throughput against the local fake TMDB server (client at its default limits).
// BENCH_BASELINE=<another checkout, its server bundle built> measures the picks of each phase on
// that bundle too, in the same rounds against the same database, printed beside this checkout's.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/connection.js';
import type { DatabaseConfig } from '../../server/src/config.js';
import { insertSyntheticCatalog } from './api-synthetic.js';
import { cpuMsOf, memoryOf, pct, startBundledServer } from './server-process.js';
import { databaseMb, importDatasets, SHARED_DATA, syncFigure } from './api-catalogs.js';
import { api, benchUser, catalogIds } from './api-users.js';
import { MEASURED, measurePicks, ROUNDS, WARMUP, type PickFigure, type PickRun } from './api-picks.js';
import { currentThroughput, type ThroughputFigure } from './api-throughput.js';
import { startupFigure } from './api-startup.js';
import { measureTogether } from './api-together.js';
import { DISK_STALL_MS, PROBE_GAP_MS, SLOW_PICK_MS, startStallProbe, type SlowPick } from './stall-probe.js';
// @ts-expect-error plain JavaScript module of the root scripts
import { buildWebIfStale, run } from '../lib.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const SYNTHETIC_TITLES = Number(process.env.SYNTHETIC_TITLES ?? 100_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? null;
const BASELINE = process.env.BENCH_BASELINE ? resolve(process.env.BENCH_BASELINE) : null;

const GOALS = {
  current_share_of_express: 0.5,
  second_start_ms: 1000,
  landing_js_kb: 90,
  popup_js_kb: 60,
  pick_p99_builtin_ms: 20,
  pick_p99_100k_ms: 30,
  long_history_ratio: 1.1,
  rss_100k_mb: 300,
};

interface Phase {
  catalog: string;
  dialect: 'sqlite' | 'postgres';
  titles: number;
  /** The SQLite file and its WAL (null on PostgreSQL). */
  database_mb: number | null;
  first_issue_ms: number;
  picks: PickFigure[];
  /** The same rounds on BENCH_BASELINE's bundle (null without it). */
  baseline: (PickRun & { checkout: string }) | null;
  get_current_ms: { p50: number; p99: number; server_cpu_ms: number };
  load_average: number[];
  rss_mb: number;
  peak_rss_mb: number;
}

function serverEnv(dialect: 'sqlite' | 'postgres', dataDir: string, secret: string, schema: string): Record<string, string> {
  const common = { DATA_DIR: dataDir, JWT_SECRET: secret, LOG_LEVEL: 'warn', SCHEDULER: 'off' };
  return dialect === 'sqlite' ? { ...common, DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}` } : { ...common, DATABASE_URL: PG_URL!, DATABASE_SCHEMA: schema };
}

function databaseOf(dialect: 'sqlite' | 'postgres', dataDir: string, schema: string): DatabaseConfig {
  return dialect === 'sqlite' ? { dialect, path: join(dataDir, 'app.db') } : { dialect, url: PG_URL!, schema };
}

async function countTitles(handle: DatabaseHandle): Promise<number> {
  return Number((await handle.db.selectFrom('titles').select((eb) => eb.fn.countAll().as('n')).where('retired_at', 'is', null).executeTakeFirstOrThrow()).n);
}

/** GET /current side by side with a minimal Express app: a fresh server, at the production log level. */
async function throughput(dataDir: string, secret: string): Promise<ThroughputFigure> {
  const server = await startBundledServer({ ...serverEnv('sqlite', dataDir, secret, ''), LOG_LEVEL: 'info' });
  const handle = await openDatabase(databaseOf('sqlite', dataDir, ''));
  try {
    const token = await benchUser(handle, server.url, secret, await catalogIds(handle), 50, 11);
    await api(server.url, token, '/api/recommendations/new', { method: 'POST', body: {} });
    return await currentThroughput({ url: server.url, token, seconds: 5, connections: 16, rounds: 3, pid: server.pid });
  } finally {
    await handle.close();
    await server.stop();
  }
}

/** The landing page's and the popup's gzipped JavaScript, from bench:bundle (building what is missing). */
async function bundleFigure(): Promise<Record<string, { gzip_kb: number }>> {
  if ((await buildWebIfStale()) !== 0) throw new Error('the web build failed');
  if ((await run('npm', ['run', 'build', '-w', 'extension'], { stdio: 'ignore' })) !== 0) throw new Error('the extension build failed');
  if ((await run(process.execPath, ['scripts/bench/bundle.mjs'], { stdio: 'ignore' })) !== 0) throw new Error('bench:bundle failed');
  return JSON.parse(readFileSync(join(ROOT, 'bench-results/bundle.json'), 'utf8')).routes;
}

async function measure(label: string, dialect: 'sqlite' | 'postgres', dataDir: string, schema: string, secret: string, histories: number[]): Promise<Phase> {
  const server = await startBundledServer(serverEnv(dialect, dataDir, secret, schema));
  const base = BASELINE ? await startBundledServer(serverEnv(dialect, dataDir, secret, schema), { checkout: BASELINE }) : null;
  const handle = await openDatabase(databaseOf(dialect, dataDir, schema));
  try {
    const titles = await countTitles(handle);
    const { runs, token } = await measurePicks(base ? [server, base] : [server], handle, secret, histories, probe);
    const [{ picks, first }, baseline] = runs;
    await base?.stop();
    // For scale: the cheapest authenticated call on the same path (token, user row, one select).
    const reads: number[] = [];
    const cpu1 = cpuMsOf(server.pid);
    for (let i = 0; i < MEASURED; i++) {
      const t = performance.now();
      await api(server.url, token, '/api/recommendations/current');
      reads.push(performance.now() - t);
    }
    const cpuPerRead = (cpuMsOf(server.pid) - cpu1) / MEASURED;
    const mem = memoryOf(server.pid);
    return {
      catalog: label,
      dialect,
      titles,
      database_mb: dialect === 'sqlite' ? databaseMb(dataDir) : null,
      first_issue_ms: first,
      picks,
      baseline: baseline ? { checkout: BASELINE!, ...baseline } : null,
      get_current_ms: { p50: pct(reads, 50), p99: pct(reads, 99), server_cpu_ms: cpuPerRead },
      load_average: loadavg(),
      rss_mb: mem.rssMb,
      peak_rss_mb: mem.peakRssMb,
    };
  } finally {
    await handle.close();
    await server.stop();
    await base?.stop();
  }
}

/** Starts the server once so it migrates and loads the pack, then tops the catalog up to `target` titles. */
async function fillCatalog(dialect: 'sqlite' | 'postgres', dataDir: string, schema: string, secret: string, target: number): Promise<void> {
  const server = await startBundledServer(serverEnv(dialect, dataDir, secret, schema));
  await server.stop();
  const handle = await openDatabase(databaseOf(dialect, dataDir, schema));
  try {
    await insertSyntheticCatalog(handle, Math.max(0, target - (await countTitles(handle))));
  } finally {
    await handle.close();
  }
}

async function dropSchema(schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_URL! });
  await c.connect();
  try {
    await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await c.end();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'tp-bench-api-'));
const pgDir = mkdtempSync(join(tmpdir(), 'tp-bench-api-pg-'));
const schema = `bench_api_${randomBytes(5).toString('hex')}`;
const secret = randomBytes(48).toString('base64url');
const f = (n: number) => n.toFixed(1);
/** The BENCH_BASELINE bundle's figures for the i-th history length of a phase, beside this checkout's. */
const baselineColumns = (b: Phase['baseline'], i: number) =>
  b
    ? {
        'baseline first issue (ms)': f(b.first),
        'baseline p50 (ms)': f(b.picks[i].p50),
        'baseline p99 per round (ms)': b.picks[i].rounds.map((r) => f(r.p99)).join(' / '),
        'baseline CPU/issue (ms)': f(b.picks[i].server_cpu_ms_per_issue),
      }
    : {};
const big = `${SYNTHETIC_TITLES.toLocaleString('en-US')} titles`;
const probe = startStallProbe();

try {
  const phases: Phase[] = [];
  phases.push(await measure('built-in', 'sqlite', dataDir, schema, secret, [50]));
  const current = await throughput(dataDir, secret);
  const startup = await startupFigure({ runs: 5, env: PG_URL ? { DATABASE_URL: PG_URL } : {} });
  const bundle = await bundleFigure();
  const imports = await importDatasets(dataDir);
  if (imports.length) phases.push(await measure('built-in + imported datasets', 'sqlite', dataDir, schema, secret, [50]));
  else console.log(`no datasets at ${SHARED_DATA}: the imported-catalog phase is skipped`);
  await fillCatalog('sqlite', dataDir, schema, secret, SYNTHETIC_TITLES);
  phases.push(await measure(`${imports.length ? 'imported' : 'built-in'} + synthetic to ${big}`, 'sqlite', dataDir, schema, secret, [50, 5000]));
  const together = await measureTogether(serverEnv('sqlite', dataDir, secret, schema), databaseOf('sqlite', dataDir, schema), probe);
  if (PG_URL) {
    await fillCatalog('postgres', pgDir, schema, secret, SYNTHETIC_TITLES);
    phases.push(await measure(`built-in + synthetic to ${big}`, 'postgres', pgDir, schema, secret, [50, 5000]));
  } else {
    console.log('BENCH_DATABASE_URL is not set: the PostgreSQL phase is skipped');
  }
  const sync = await syncFigure();

  console.table(
    Object.fromEntries(
      phases.flatMap((p) =>
        p.picks.map((k, i) => [
          `${p.catalog} (${p.dialect}), history ${k.history}`,
          {
            titles: p.titles,
            'DB (MB)': p.database_mb === null ? '' : f(p.database_mb),
            'first issue (ms)': f(p.first_issue_ms),
            'p50 (ms)': f(k.p50),
            'p99 per round (ms)': k.rounds.map((r) => f(r.p99)).join(' / '),
            'server CPU/issue (ms)': f(k.server_cpu_ms_per_issue),
            ...baselineColumns(p.baseline, i),
            'GET /current p50/p99 (ms)': `${f(p.get_current_ms.p50)} / ${f(p.get_current_ms.p99)}`,
            'RSS / peak (MB)': `${f(p.rss_mb)} / ${f(p.peak_rss_mb)}`,
          },
        ]),
      ),
    ),
  );
  // What each slow pick was waiting for (scripts/bench/stall-probe.ts).
  const slowOf = (phase: string, picks: SlowPick[]) => picks.map((s) => ({ phase, round: s.round + 1, 'pick (ms)': f(s.ms), 'server CPU (ms)': s.server_cpu_ms, 'server major faults': s.server_major_faults, 'bench CPU (ms)': f(s.bench_cpu_ms), 'machine stall (ms)': f(s.machine_stall_ms), 'disk stall (ms)': f(s.disk_stall_ms) }));
  const slow = [
    ...phases.flatMap((p) => p.picks.flatMap((k) => slowOf(`${p.catalog} (${p.dialect}), history ${k.history}`, k.slow))),
    ...phases.flatMap((p) => (p.baseline?.picks ?? []).flatMap((k) => slowOf(`${p.catalog} (${p.dialect}), history ${k.history}, baseline`, k.slow))),
    ...slowOf(`together, ${big} (sqlite)`, together.slow),
  ];
  console.log(`\nPicks over ${SLOW_PICK_MS} ms: ${slow.length}; for each, the server's CPU (all threads) and pages read from disk, the load generator's CPU, and the longest stretch in which a probe process got no core (machine stall) or waited for a 4 KB write to reach the disk (disk stall)`);
  if (slow.length) console.table(slow);
  if (imports.length) {
    console.table(Object.fromEntries(imports.map((i) => [i.files, { format: i.format, rows: i.rows, added: i.added, updated: i.updated, 's': f(i.seconds), 'rows/s': Math.round(i.rows_per_s) }])));
  }
  console.log(`TMDB sync (local fake, default client limits): ${sync.titles} titles, ${sync.requests} requests in ${f(sync.seconds)} s = ${f(sync.titles_per_s)} titles/s`);

  console.table({ 'GET /current': { 'product req/s': current.product_rps, 'Express req/s': current.express_rps, share: current.ratio, 'product CPU/req (ms)': current.product_cpu_ms_per_request, 'Express CPU/req (ms)': current.express_cpu_ms_per_request, 'with br: req/s': current.product_compressed_rps } });
  console.table(Object.fromEntries(startup.map((s) => [s.database, { 'first start (ms)': s.first_start_ms, 'second start (ms)': s.second_start_ms, 'second start max (ms)': s.second_start_max_ms }])));

  // The goals table (docs/performance.md): one line per goal, from this run only.
  const goals: Array<{ goal: string; figure: string; ok: boolean }> = [];
  goals.push({
    goal: `GET /current >= ${GOALS.current_share_of_express * 100}% of a minimal Express app's req/s`,
    figure: `${current.product_rps} / ${current.express_rps} req/s = ${(current.ratio * 100).toFixed(0)}% (CPU per request: ${current.cpu_ratio === null ? '?' : (current.cpu_ratio * 100).toFixed(0)}%)`,
    ok: current.ratio >= GOALS.current_share_of_express,
  });
  for (const s of startup) goals.push({ goal: `start to /healthz <= ${GOALS.second_start_ms} ms on a second start, ${s.database}`, figure: `${s.second_start_ms} ms (median of ${s.runs}; first start ${s.first_start_ms} ms)`, ok: s.second_start_ms <= GOALS.second_start_ms });
  const landing = bundle['/ (landing)']?.gzip_kb ?? NaN;
  const popup = bundle['extension popup']?.gzip_kb ?? NaN;
  goals.push({ goal: `landing JS <= ${GOALS.landing_js_kb} KB gzip`, figure: `${landing} KB`, ok: landing <= GOALS.landing_js_kb });
  goals.push({ goal: `popup JS <= ${GOALS.popup_js_kb} KB gzip`, figure: `${popup} KB`, ok: popup <= GOALS.popup_js_kb });
  const builtin = phases[0].picks[0];
  goals.push({ goal: `POST /new p99 <= ${GOALS.pick_p99_builtin_ms} ms, built-in, each round`, figure: builtin.rounds.map((r) => f(r.p99)).join(' / '), ok: builtin.rounds.every((r) => r.p99 <= GOALS.pick_p99_builtin_ms) });
  for (const p of phases.filter((x) => x.titles >= SYNTHETIC_TITLES * 0.99)) {
    for (const k of p.picks) {
      goals.push({ goal: `POST /new p99 <= ${GOALS.pick_p99_100k_ms} ms, ${big}, ${p.dialect}, history ${k.history}, each round`, figure: k.rounds.map((r) => f(r.p99)).join(' / '), ok: k.rounds.every((r) => r.p99 <= GOALS.pick_p99_100k_ms) });
    }
    const [short, long] = [p.picks.find((k) => k.history === 50)!, p.picks.find((k) => k.history === 5000)!];
    const ratios = [long.p50 / short.p50, long.p99 / short.p99, long.server_cpu_ms_per_issue / short.server_cpu_ms_per_issue];
    goals.push({
      goal: `history 5,000 within 10% of history 50 (p50, p99, CPU), ${p.dialect}`,
      figure: ratios.map((r) => `${r.toFixed(2)}x`).join(' / '),
      ok: ratios.every((r) => r <= GOALS.long_history_ratio),
    });
    goals.push({ goal: `server RSS <= ${GOALS.rss_100k_mb} MB at ${big}, ${p.dialect}`, figure: `${f(p.rss_mb)} MB (peak ${f(p.peak_rss_mb)})`, ok: p.rss_mb <= GOALS.rss_100k_mb });
  }
  goals.push({ goal: `together pick p99 <= ${GOALS.pick_p99_100k_ms} ms, ${big}, sqlite, each round`, figure: together.rounds.map((r) => f(r.p99)).join(' / '), ok: together.rounds.every((r) => r.p99 <= GOALS.pick_p99_100k_ms) });
  console.table(goals.map((g) => ({ goal: g.goal, figure: g.figure, met: g.ok ? 'yes' : 'NO' })));

  const result = {
    endpoint: 'POST /api/recommendations/new (paid_lifetime users, server in its own process)',
    warmup: WARMUP,
    requests_per_round: MEASURED,
    rounds: ROUNDS,
    baseline_checkout: BASELINE,
    goals,
    get_current_throughput: current,
    startup,
    bundle_gzip_kb: { landing, popup },
    phases,
    together,
    imports,
    tmdb_sync: sync,
    machine: { cpus: cpus().length, node: process.version, load_average_at_end: loadavg(), probe_stalls: { cpu_gaps_over_ms: PROBE_GAP_MS, disk_writes_over_ms: DISK_STALL_MS, ...probe.counts() } },
  };
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench-results/api.json'), JSON.stringify(result, null, 2));
  console.log('wrote bench-results/api.json');
} finally {
  probe.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(pgDir, { recursive: true, force: true });
  if (PG_URL) await dropSchema(schema).catch((err) => console.error(`could not drop schema ${schema}: ${String(err)}`));
}
