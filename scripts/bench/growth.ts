// How the product grows (issue 38): per size (SIZES, default 1,000 / 10,000 / 100,000 users; and
// 1,000,000 on PostgreSQL when asked) a fresh database with the real catalog and that many users
// with realistic histories (growth-users.ts), then ONE real server process (server/dist/main.mjs,
// scheduler and metrics on) on it, measured as an operator would see it: start time (spawn to
// /healthz), RSS after start, the longest /healthz wait over the scheduler pass a minute after
// start, pick p50/p99 for a sample of users (tonight's pick, then more), the server's own co-likes
// build, export p50, the backup while it runs; then, the server stopped, the shared co-likes build
// in a process of its own (measureCoLikes: time and memory) and scheduled deliveries
// (measureDeliveries: sends a second).
// Prints a table and writes bench-results/growth.json (growth-postgres.json), every raw figure.
//   npm run bench:growth   (env SIZES=1000,10000,100000 DB=sqlite|postgres SAMPLE=40 PICKS=10 DELIVERY_DUE=0)
//   DB=postgres uses DATABASE_URL (default the local tp_dev), a fresh schema per size, dropped after.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { TICK_MS } from '../../server/src/jobs/scheduler.js';
import { catalogIds } from './api-users.js';
import { issuePick } from './api-picks.js';
import { coLikesInChild, type CoLikesFigure } from './growth-co-likes.js';
import { measureDeliveries, type DeliveryFigure } from './deliveries.js';
import { logLines, sampleExports, samplePicks, tickStall, timeBackup, type BackupFigure, type Spread, type TickStall } from './growth-measure.js';
import { growUsers, makeDueAt, sampleTokens, withDatabase, type GrownUsers } from './growth-users.js';
import { memoryOf, startBundledServer } from './server-process.js';
import { startStallProbe } from './stall-probe.js';
import { dropSchema } from './bench-server.js';

const DB = process.env.DB === 'postgres' ? 'postgres' : 'sqlite';
const SIZES = (process.env.SIZES ?? '1000,10000,100000').split(',').map(Number);
const SAMPLE = Number(process.env.SAMPLE ?? 40);
const PICKS = Number(process.env.PICKS ?? 10);
const EXPORTS = Math.min(SAMPLE, 20);
const DELIVERY_DUE = Number(process.env.DELIVERY_DUE ?? 0);
const PG_URL = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : 'postgres://tp_dev:tpdev@127.0.0.1:5432/tp_dev';
const SECRET = randomBytes(24).toString('hex');
/** The goals of issue 38. */
const GOAL_STALL_MS = 20;
const GOAL_P99_GROWTH = 1.1;

for (const n of SIZES) {
  if (!Number.isInteger(n) || n < 10 || n > 1_000_000) throw new Error(`SIZES: ${n} is not a number of users from 10 to 1,000,000`);
  if (n > 100_000 && DB !== 'postgres') throw new Error('SIZES above 100,000 are for PostgreSQL: add DB=postgres');
}

interface SizeFigure {
  users: number;
  /** The machine's load when this size's server started (2 cores, shared: above 2, others were waiting for them). */
  load_1m: number;
  grown: GrownUsers;
  start_ms: number;
  rss_after_start_mb: number;
  peak_rss_mb: number;
  /** due_at_the_tick: users made due at the measured pass; passes: the server's log of each pass that delivered (ms after the scheduler started). */
  tick: TickStall & { due_at_the_tick: number; passes: Array<Record<string, unknown>> };
  /** The first pick after start: the engine index built for the catalog. */
  first_pick_ms: number;
  /**
   * The server's own co-likes build (its log line), started by the first pick and waited for before
   * the picks were timed; peak_growth_mb: the server's peak RSS over the first pick and the build, above its RSS before.
   */
  server_co_likes: { msg: string; ms: number; rows: number; bytes: number; peak_growth_mb: number } | null;
  tonight: Spread;
  picks: Spread;
  /** The picks during which the stall probe always had a core (the machine did not hold them up). */
  clean: Spread;
  export: Spread & { bytes_p50: number };
  backup: BackupFigure;
  /** null when the build failed (co_likes_error says why): the other figures are still this size's. */
  co_likes: CoLikesFigure | null;
  co_likes_error?: string;
  /** Scheduled deliveries (deliveryThroughput); null with DELIVERY_DUE=0 or when it failed (deliveries_error). */
  deliveries: DeliveryFigure | null;
  deliveries_error?: string;
}

/**
 * Scheduled deliveries on this size's database (measureDeliveries of deliveries.ts: DELIVERY_DUE
 * users due in one minute, one instance mailing a local SMTP server), with the measured server
 * stopped. It reschedules those users, so it runs last. Off by default (DELIVERY_DUE=0): it waits
 * until every pick is chosen ahead or a minute before the slot (up to 19 minutes a size);
 * `npm run bench:deliveries` measures deliveries at 100,000 due on its own.
 */
async function deliveryThroughput(env: Record<string, string>, users: number, log: (line: string) => void): Promise<DeliveryFigure | null> {
  if (DELIVERY_DUE === 0) return null;
  return measureDeliveries(env, 1, log, Math.min(users, DELIVERY_DUE));
}


async function measureSize(users: number): Promise<SizeFigure> {
  const dataDir = mkdtempSync(join(tmpdir(), `tp-bench-growth-${users}-`));
  // tp_dev may not create databases: a schema of its own is PostgreSQL's fresh database here.
  const schema = `growth_${users}_${randomBytes(3).toString('hex')}`;
  const env: Record<string, string> = { DATA_DIR: dataDir, JWT_SECRET: SECRET, LOG_LEVEL: 'warn', SMTP_URL: '' };
  Object.assign(env, DB === 'sqlite' ? { DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}` } : { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema });
  const log = (line: string) => console.error(`[${users.toLocaleString('en-US')}] ${line}`);
  try {
    // A first start: the migrations and the catalog pack, as on a new install.
    await (await startBundledServer(env)).stop();
    const { grown, tokens } = await withDatabase(env, async (handle) => {
      const grown = await growUsers(handle, await catalogIds(handle), users, new Date(), log);
      return { grown, tokens: await sampleTokens(handle, SECRET, SAMPLE + 1) };
    });
    log(`${grown.history_rows.toLocaleString('en-US')} history rows in ${(grown.build_ms / 1000).toFixed(1)} s; server`);
    const probe = startStallProbe();
    const server = await startBundledServer({ ...env, SCHEDULER: 'on', METRICS: 'on', LOG_LEVEL: 'info' }, { stdout: 'pipe' });
    try {
      const rss = memoryOf(server.pid).rssMb;
      const load = loadavg()[0];
      const lines = logLines(server.child.stdout!);
      const scheduler = await lines.waitFor(['scheduler started'], 30_000);
      if (!scheduler) throw new Error('the server did not log "scheduler started"');
      const startedAt = Number(scheduler.time);
      // The pass a minute after start (the one measured) has a quarter hour's share of the scheduled users due.
      const dueAt = new Date(Math.floor((startedAt + TICK_MS) / 60_000) * 60_000);
      const cohort = await withDatabase(env, (h) => makeDueAt(h, dueAt, Math.round(grown.scheduled / 96)));
      const tick = { ...(await tickStall(server.url, probe, startedAt)), due_at_the_tick: cohort, passes: lines.all('scheduled deliveries').map((l) => ({ at_ms: Number(l.time) - startedAt, ...(l.deliveries as object) })) };
      log(`tick: longest /healthz ${tick.tick_longest_ms.toFixed(1)} ms; picks`);
      // The first pick builds the engine's index and starts the server's co-likes build; its peak
      // memory is read from a fresh mark (Linux: clear_refs 5 resets VmHWM to the current RSS).
      const before = memoryOf(server.pid).rssMb;
      writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
      const t = performance.now();
      await issuePick(server.url, tokens[0], 0);
      const first_pick_ms = performance.now() - t;
      // Bounded: a build takes well under a second per 1,000 users here.
      const built = await lines.waitFor(['co-like neighbours rebuilt', 'co-like neighbours loaded'], 60_000 + users);
      const buildPeakMb = memoryOf(server.pid).peakRssMb - before;
      const picks = await samplePicks(server.url, tokens.slice(1), PICKS, probe);
      const exported = await sampleExports(server.url, tokens.slice(1, 1 + EXPORTS));
      const backup = await timeBackup(env, dataDir);
      const peak = memoryOf(server.pid).peakRssMb;
      await server.stop();
      // With the server stopped: the build's time and memory are its own.
      log('co-likes build');
      const co_likes = await coLikesInChild(env).catch((err: unknown) => String(err));
      return {
        users,
        load_1m: load,
        grown,
        start_ms: server.startMs,
        rss_after_start_mb: rss,
        peak_rss_mb: peak,
        tick,
        first_pick_ms,
        server_co_likes: built ? { msg: String(built.msg), ms: Number(built.ms), rows: Number(built.rows), bytes: Number(built.bytes), peak_growth_mb: buildPeakMb } : null,
        ...picks,
        export: exported,
        backup,
        ...(typeof co_likes === 'string' ? { co_likes: null, co_likes_error: co_likes } : { co_likes }),
        ...(await deliveryThroughput(env, users, log).then(
          (deliveries) => ({ deliveries }),
          (err: unknown) => ({ deliveries: null, deliveries_error: String(err) }),
        )),
      };
    } finally {
      await server.stop();
      probe.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (DB === 'postgres') await dropSchema(PG_URL, schema);
  }
}

const started = performance.now();
const rows: SizeFigure[] = [];
const file = `bench-results/growth${DB === 'postgres' ? '-postgres' : ''}.json`;
const machine = { cpus: cpus().length, node: process.version };
mkdirSync('bench-results', { recursive: true });
for (const users of SIZES) {
  rows.push(await measureSize(users));
  // Each size as it ends: a later size that fails leaves the earlier ones on record.
  writeFileSync(file, `${JSON.stringify({ db: DB, date: new Date().toISOString(), machine, partial: true, rows }, null, 2)}\n`);
}
const wallS = (performance.now() - started) / 1000;

const f0 = (v: number) => v.toFixed(0);
const f1 = (v: number) => v.toFixed(1);
console.log(`\nbench:growth on ${DB} (${cpus().length} cores, node ${process.version}; ${SAMPLE} sample users, ${PICKS + 1} picks each; ${f0(wallS)} s in all)`);
const head = ['users', 'history rows', 'start (ms)', 'RSS (MB)', 'pick p50 (ms)', 'pick p99 (ms)', 'p99, machine quiet (ms)', 'tick stall (ms)', 'co-likes build (ms)', 'co-likes peak (MB)', 'deliveries sent/s', 'export p50 (ms)', 'backup (ms)'];
console.log(`| ${head.join(' | ')} |`);
console.log(`|${head.map(() => '---:').join('|')}|`);
for (const r of rows) {
  const co = r.co_likes;
  const cells = [
    r.users.toLocaleString('en-US'), r.grown.history_rows.toLocaleString('en-US'), f0(r.start_ms), f0(r.rss_after_start_mb), f1(r.picks.p50_ms), f1(r.picks.p99_ms), f1(r.clean.p99_ms),
    f1(r.tick.tick_longest_ms), co ? f0(co.buildMs) : '-', co ? f0(co.peakMb) : '-', r.deliveries ? f0(r.deliveries.sends_per_s) : '-', f1(r.export.p50_ms), f0(r.backup.wall_ms),
  ];
  console.log(`| ${cells.join(' | ')} |`);
}

const at = (n: number) => rows.find((r) => r.users === n);
const big = at(100_000);
const small = at(1_000);
const goals = {
  tick_stall_under_20ms_at_100k: big ? big.tick.tick_longest_ms < GOAL_STALL_MS : null,
  pick_p99_at_100k_within_10pct_of_1k: big && small ? big.picks.p99_ms <= GOAL_P99_GROWTH * small.picks.p99_ms : null,
  /** The same, of the picks the machine did not hold up (see SizeFigure.clean). */
  quiet_pick_p99_at_100k_within_10pct_of_1k: big && small ? big.clean.p99_ms <= GOAL_P99_GROWTH * small.clean.p99_ms : null,
};
for (const [goal, met] of Object.entries(goals)) if (met !== null) console.log(`${goal}: ${met ? 'yes' : 'NO'}`);

const out = { db: DB, date: new Date().toISOString(), machine: { ...machine, load_1m: loadavg()[0] }, sample_users: SAMPLE, picks_per_user: PICKS + 1, wall_s: wallS, goals, rows };
writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
console.log(`wrote ${file}`);
if (Object.values(goals).includes(false)) process.exitCode = 1;
