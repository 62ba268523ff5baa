// POST /api/recommendations/together for `npm run bench:api` (and on its own:
// `npx tsx scripts/bench/api-together.ts`, which builds a SYNTHETIC_TITLES catalog in a temporary
// SQLite database, prints a table and writes bench-results/api-together.json). Per round two fresh
// users with 50-title histories share a household (written straight into the database: the invite
// flow is the integration tests' business); they ask for together picks in turn, each pick
// excluded from the next ones as in the product. p50/p99 and server CPU per pick.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../../server/src/db/connection.js';
import type { DatabaseConfig } from '../../server/src/config.js';
import { insertSyntheticCatalog } from './api-synthetic.js';
import { api, benchUser, catalogIds } from './api-users.js';
import { cpuMsOf, pct, startBundledServer } from './server-process.js';
import { SLOW_PICK_MS, SlowPicks, startStallProbe, type SlowPick, type StallProbe } from './stall-probe.js';

const ROOT = resolve(import.meta.dirname, '../..');
const WARMUP = Number(process.env.WARMUP ?? 30);
const MEASURED = Number(process.env.REQUESTS ?? 300);
const ROUNDS = 3;

export interface TogetherFigure {
  titles: number;
  rounds: Array<{ p50: number; p99: number; max: number; server_cpu_ms_per_pick: number }>;
  p50: number;
  p99: number;
  /** Each pick over SLOW_PICK_MS, with what it may have waited for (stall-probe.ts). */
  slow: SlowPick[];
}

/** Starts the bundled server on an existing database (catalog loaded) and measures together picks. */
export async function measureTogether(env: Record<string, string>, database: DatabaseConfig, probe: StallProbe): Promise<TogetherFigure> {
  const server = await startBundledServer(env);
  const handle = await openDatabase(database);
  const slow = new SlowPicks(server.pid);
  try {
    const titles = await catalogIds(handle);
    const rounds: TogetherFigure['rounds'] = [];
    const all: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const tokens = [await benchUser(handle, server.url, env.JWT_SECRET, titles, 50, 100 + round * 7), await benchUser(handle, server.url, env.JWT_SECRET, titles, 50, 200 + round * 7)];
      const ids = await Promise.all(tokens.map(async (t) => (await api(server.url, t, '/api/settings/profile')).id as string));
      await handle.db.insertInto('households').values({ id: randomUUID(), owner_id: ids[0], partner_id: ids[1], created_at: new Date().toISOString() }).execute();
      const ask = (i: number) => api(server.url, tokens[i % 2], '/api/recommendations/together', { method: 'POST', body: {} });
      for (let i = 0; i < WARMUP; i++) await ask(i);
      const times: number[] = [];
      const cpu0 = cpuMsOf(server.pid);
      for (let i = 0; i < MEASURED; i++) times.push(await slow.time(round, () => ask(i)));
      rounds.push({ p50: pct(times, 50), p99: pct(times, 99), max: Math.max(...times), server_cpu_ms_per_pick: (cpuMsOf(server.pid) - cpu0) / MEASURED });
      all.push(...times);
    }
    return { titles: titles.length, rounds, p50: pct(all, 50), p99: pct(all, 99), slow: await slow.report(probe) };
  } finally {
    await handle.close();
    await server.stop();
  }
}

async function main(): Promise<void> {
  const size = Number(process.env.SYNTHETIC_TITLES ?? 100_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'tp-bench-together-'));
  const env = { DATA_DIR: dataDir, JWT_SECRET: randomBytes(48).toString('base64url'), LOG_LEVEL: 'warn', SCHEDULER: 'off', DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}` };
  const database: DatabaseConfig = { dialect: 'sqlite', path: join(dataDir, 'app.db') };
  const probe = startStallProbe();
  try {
    // One start migrates and loads the pack; the synthetic titles top it up to `size`.
    await (await startBundledServer(env)).stop();
    const handle = await openDatabase(database);
    const have = Number((await handle.db.selectFrom('titles').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    await insertSyntheticCatalog(handle, Math.max(0, size - have));
    await handle.close();
    const figure = await measureTogether(env, database, probe);
    const f = (n: number) => n.toFixed(1);
    console.table(Object.fromEntries(figure.rounds.map((r, i) => [`round ${i + 1}`, { 'p50 (ms)': f(r.p50), 'p99 (ms)': f(r.p99), 'max (ms)': f(r.max), 'server CPU/pick (ms)': f(r.server_cpu_ms_per_pick) }])));
    console.log(`together pick at ${figure.titles.toLocaleString('en-US')} titles: p50 ${f(figure.p50)} ms, p99 ${f(figure.p99)} ms (goal p99 <= 30 ms)`);
    console.log(`picks over ${SLOW_PICK_MS} ms: ${figure.slow.length}`);
    if (figure.slow.length) console.table(figure.slow);
    mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(
      join(ROOT, 'bench-results/api-together.json'),
      JSON.stringify({ endpoint: 'POST /api/recommendations/together', warmup: WARMUP, requests_per_round: MEASURED, ...figure, machine: { cpus: cpus().length, node: process.version, load_average_at_end: loadavg() } }, null, 2),
    );
    console.log('wrote bench-results/api-together.json');
  } finally {
    probe.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
