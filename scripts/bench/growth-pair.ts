// Pick latency at two sizes side by side (issue 38's "pick p99 at 100,000 users within 10% of
// 1,000"): bench:growth measures one size after the other, so on a shared machine each size's p99
// is the machine's as much as the server's. Here both databases are grown first (growth-users.ts),
// both servers run at once (scheduler off: the tick is bench:growth's figure), and the picks
// alternate between them in blocks (ABBA order per round), each block's server CPU and major page
// faults read from /proc, so the two sizes see the same machine. With the co-likes table of the
// small size copied into the large one (SWAP=1, a third server on the large database), what the
// larger co-likes table costs a pick is told apart from what the larger file costs.
// Prints a table and writes bench-results/growth-pair.json.
//   npm run bench:growth-pair   (env SIZES=1000,100000 SAMPLE=40 PICKS=10 ROUNDS=4 SWAP=1)
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { catalogIds, api } from './api-users.js';
import { issuePick } from './api-picks.js';
import { logLines, spread, type Spread } from './growth-measure.js';
import { growUsers, sampleTokens, withDatabase } from './growth-users.js';
import { procOf, startBundledServer, type BundledServer } from './server-process.js';

const SIZES = (process.env.SIZES ?? '1000,100000').split(',').map(Number);
const SAMPLE = Number(process.env.SAMPLE ?? 40);
const PICKS = Number(process.env.PICKS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const SWAP = process.env.SWAP !== '0';
const SECRET = randomBytes(24).toString('hex');
if (SIZES.length !== 2 || SIZES.some((n) => !Number.isInteger(n) || n < 10 || n > 100_000)) throw new Error('SIZES: two numbers of users from 10 to 100,000');

const log = (line: string) => console.error(`[pair] ${line}`);

interface Side {
  label: string;
  env: Record<string, string>;
  tokens: string[];
  server?: BundledServer;
  ms: number[];
  cpuMs: number;
  majorFaults: number;
  /** The positives the server's co-likes table was built from (its log's `rows`). */
  coLikeEntries: number;
}

/** A fresh SQLite database of `users` users (the catalog from a first start), and sample tokens. */
async function grow(users: number, dir: string): Promise<Side> {
  const env = { DATA_DIR: dir, JWT_SECRET: SECRET, LOG_LEVEL: 'info', SMTP_URL: '', DATABASE_URL: `sqlite:${join(dir, 'app.db')}` };
  await (await startBundledServer(env)).stop();
  const tokens = await withDatabase(env, async (handle) => {
    const grown = await growUsers(handle, await catalogIds(handle), users, new Date(), (l) => log(`${users}: ${l}`));
    log(`${users}: ${grown.history_rows.toLocaleString('en-US')} history rows in ${(grown.build_ms / 1000).toFixed(1)} s`);
    return sampleTokens(handle, SECRET, SAMPLE);
  });
  return { label: users.toLocaleString('en-US'), env, tokens, ms: [], cpuMs: 0, majorFaults: 0, coLikeEntries: 0 };
}

/** Start the side's server and have it build (or load) its co-likes table; the entries it holds. */
async function start(side: Side): Promise<void> {
  const server = await startBundledServer(side.env, { stdout: 'pipe' });
  side.server = server;
  const lines = logLines(server.child.stdout!);
  await issuePick(server.url, side.tokens[0], 0);
  const built = await lines.waitFor(['co-like neighbours rebuilt', 'co-like neighbours loaded'], 180_000);
  if (!built) throw new Error(`${side.label}: the server built no co-likes table`);
  side.coLikeEntries = Number(built.rows ?? 0);
  log(`${side.label}: ${String(built.msg)} (from ${side.coLikeEntries} positives)`);
}

/** One block: each of the side's users asks for tonight's pick and `PICKS` more. */
async function block(side: Side, round: number): Promise<void> {
  const url = side.server!.url;
  const before = procOf(side.server!.pid);
  for (const token of side.tokens) {
    for (let i = 0; i <= PICKS; i++) {
      const t = performance.now();
      await (i === 0 && round === 0 ? api(url, token, '/api/recommendations/current') : issuePick(url, token, round * (PICKS + 1) + i));
      side.ms.push(performance.now() - t);
    }
  }
  const after = procOf(side.server!.pid);
  side.cpuMs += after.cpuMs - before.cpuMs;
  side.majorFaults += after.majorFaults - before.majorFaults;
}

const dirs: string[] = [];
const sides: Side[] = [];
const started = performance.now();
try {
  for (const n of SIZES) {
    const dir = mkdtempSync(join(tmpdir(), `tp-bench-pair-${n}-`));
    dirs.push(dir);
    sides.push(await grow(n, dir));
  }
  if (SWAP) {
    // The large database with the small one's co-likes table: a copy of the large file (its WAL
    // checkpointed by the clean stops above), the table rows replaced by the small side's.
    const [small, large] = sides;
    const dir = mkdtempSync(join(tmpdir(), 'tp-bench-pair-swap-'));
    dirs.push(dir);
    copyFileSync(join(large.env.DATA_DIR, 'app.db'), join(dir, 'app.db'));
    const env = { ...large.env, DATA_DIR: dir, DATABASE_URL: `sqlite:${join(dir, 'app.db')}` };
    sides.push({ ...large, label: `${large.label}, ${small.label}'s co-likes`, env, ms: [] });
  }
  for (const side of sides.slice(0, 2)) await start(side);
  if (SWAP) {
    // Copy the small server's table (its newest build) into the swapped file before its server starts.
    const rows = await withDatabase(sides[0].env, (h) => h.db.selectFrom('co_like_tables').selectAll().execute());
    await withDatabase(sides[2].env, async (h) => {
      await h.db.deleteFrom('co_like_tables').execute();
      const now = new Date().toISOString();
      for (const row of rows) await h.db.insertInto('co_like_tables').values({ ...row, built_at: now } as never).execute();
    });
    await start(sides[2]);
  }
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) await block(side, round);
    log(`round ${round + 1}/${ROUNDS} (load ${loadavg()[0].toFixed(1)})`);
  }
} finally {
  await Promise.all(sides.map((s) => s.server?.stop()));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}

const rows = sides.map((s) => ({ side: s.label, co_likes_from_positives: s.coLikeEntries, picks: spread(s.ms) as Spread, server_cpu_ms_per_pick: s.cpuMs / s.ms.length, major_faults: s.majorFaults }));
console.log(`\nbench:growth-pair on SQLite (${cpus().length} cores, node ${process.version}; ${SAMPLE} users x ${PICKS + 1} picks x ${ROUNDS} rounds a side, interleaved; ${((performance.now() - started) / 1000).toFixed(0)} s in all)`);
console.log('| users | co-likes built from (positives) | picks | pick p50 (ms) | pick p99 (ms) | max (ms) | server CPU per pick (ms) | major faults |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.side} | ${r.co_likes_from_positives.toLocaleString('en-US')} | ${r.picks.count} | ${r.picks.p50_ms.toFixed(1)} | ${r.picks.p99_ms.toFixed(1)} | ${r.picks.max_ms.toFixed(1)} | ${r.server_cpu_ms_per_pick.toFixed(2)} | ${r.major_faults} |`);
const ratio = rows[1].picks.p99_ms / rows[0].picks.p99_ms;
console.log(`p99 ${rows[1].side} / ${rows[0].side}: ${ratio.toFixed(2)}`);
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/growth-pair.json', `${JSON.stringify({ date: new Date().toISOString(), machine: { cpus: cpus().length, node: process.version, load_1m: loadavg()[0] }, sample_users: SAMPLE, picks_per_user: PICKS + 1, rounds: ROUNDS, p99_ratio: ratio, rows }, null, 2)}\n`);
console.log('wrote bench-results/growth-pair.json');
