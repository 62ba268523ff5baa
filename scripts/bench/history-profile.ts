// `npx tsx scripts/bench/history-profile.ts`: where a pick's server CPU goes for a short and a long
// history, side by side in one server, on bench:api's own 100,000-title SQLite catalog (the
// built-in pack, the public datasets when ../shared/data has them, synthetic titles up to
// SYNTHETIC_TITLES) with bench:api's users (api-users.ts `benchUser`) and picks (a mood each time,
// a fifth closed as watched). The server runs under V8's CPU profiler; each user's samples are the
// ones inside the time windows of its own picks (blocks of ten, alternating, as bench:api
// alternates them), so both users share the catalog, the warm-up and the machine's load. Prints
// p50 and CPU per pick for each, then the functions whose self time per pick differs most
// (named through the bundle's source map). HISTORIES=50,5000 (two lengths), REQUESTS=300.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../../server/src/db/connection.js';
import { importDatasets } from './api-catalogs.js';
import { insertSyntheticCatalog } from './api-synthetic.js';
import { issuePick } from './api-picks.js';
import { benchUser, catalogIds } from './api-users.js';
import { cpuMsOf, pct, startBundledServer } from './server-process.js';

const ROOT = resolve(import.meta.dirname, '../..');
const HISTORIES = (process.env.HISTORIES ?? '50,5000').split(',').map(Number);
const SYNTHETIC_TITLES = Number(process.env.SYNTHETIC_TITLES ?? 100_000);
const WARMUP = 30;
const MEASURED = Number(process.env.REQUESTS ?? 300);
const BLOCK = 10;

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

interface User {
  history: number;
  token: string;
  /** [start, end] of each block of its picks, in µs of the monotonic clock V8's profiler uses. */
  windows: Array<[number, number]>;
  times: number[];
  cpuMs: number;
}

if (HISTORIES.length !== 2) throw new Error('HISTORIES names two history lengths, e.g. 50,5000');
const dataDir = mkdtempSync(join(tmpdir(), 'tp-bench-history-profile-'));
const profileDir = mkdtempSync(join(tmpdir(), 'tp-bench-history-cpu-'));
const secret = randomBytes(48).toString('base64url');
const env = { DATA_DIR: dataDir, DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}`, JWT_SECRET: secret, LOG_LEVEL: 'warn', SCHEDULER: 'off' };
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

try {
  // The first start makes the database and loads the pack; the rest goes in with the server stopped.
  await (await startBundledServer(env)).stop();
  await importDatasets(dataDir);
  let handle = await openDatabase({ dialect: 'sqlite', path: join(dataDir, 'app.db') });
  const count = (await catalogIds(handle)).length;
  await insertSyntheticCatalog(handle, Math.max(0, SYNTHETIC_TITLES - count));
  await handle.close();

  process.env.CPU_PROF_DIR = profileDir;
  const server = await startBundledServer(env);
  delete process.env.CPU_PROF_DIR;
  handle = await openDatabase({ dialect: 'sqlite', path: join(dataDir, 'app.db') });
  const titles = await catalogIds(handle);
  const users: User[] = [];
  for (const [k, history] of HISTORIES.entries()) users.push({ history, token: await benchUser(handle, server.url, secret, titles, history, k), windows: [], times: [], cpuMs: 0 });
  await handle.close();
  const issue = (token: string, i: number) => issuePick(server.url, token, i);
  for (const u of users) for (let i = 0; i <= WARMUP; i++) await issue(u.token, i);
  for (let done = 0; done < MEASURED; done += BLOCK) {
    for (const u of users) {
      const started = monotonicUs();
      const cpu0 = cpuMsOf(server.pid);
      for (let i = done; i < done + BLOCK; i++) {
        const t = performance.now();
        await issue(u.token, i);
        u.times.push(performance.now() - t);
      }
      u.cpuMs += cpuMsOf(server.pid) - cpu0;
      u.windows.push([started, monotonicUs()]);
    }
  }
  await server.stop();

  const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('the server wrote no CPU profile');
  const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as CpuProfile;
  const map = new SourceMap(JSON.parse(readFileSync(join(ROOT, 'server/dist/main.mjs.map'), 'utf8')));
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const nameOf = (cf: CpuProfile['nodes'][number]['callFrame']) => {
    if (!cf.url.endsWith('main.mjs')) return `${cf.functionName || '(anonymous)'} ${cf.url || '(native)'}`;
    const at = map.findEntry(cf.lineNumber, cf.columnNumber) as { originalSource?: string; originalLine?: number };
    const source = (at.originalSource ?? '?').replace(/.*node_modules\//, '').replace(/.*\/(server|shared)\/src\//, '$1/');
    return `${cf.functionName || '(anonymous)'} ${source}:${(at.originalLine ?? -1) + 1}`;
  };
  const selfMs = users.map(() => new Map<string, number>());
  let t = profile.startTime;
  for (let s = 0; s < profile.samples.length; s++) {
    t += profile.timeDeltas[s];
    const cf = frames.get(profile.samples[s])!;
    if (cf.functionName === '(idle)') continue;
    const k = users.findIndex((u) => u.windows.some(([a, b]) => t >= a && t <= b));
    if (k < 0) continue;
    const key = nameOf(cf);
    selfMs[k].set(key, (selfMs[k].get(key) ?? 0) + profile.timeDeltas[s] / 1000);
  }
  const f = (n: number) => n.toFixed(3);
  console.log(`POST /api/recommendations/new, ${titles.length.toLocaleString('en-US')} titles, ${MEASURED} picks per user in blocks of ${BLOCK}:`);
  console.table(
    Object.fromEntries(
      users.map((u, k) => [
        `${u.history} rows`,
        {
          'p50 (ms)': pct(u.times, 50).toFixed(2),
          'server CPU per pick (ms)': (u.cpuMs / u.times.length).toFixed(2),
          'profiled busy per pick (ms)': f([...selfMs[k].values()].reduce((a, b) => a + b, 0) / u.times.length),
        },
      ]),
    ),
  );
  const [short, long] = users;
  const rows = [...new Set([...selfMs[0].keys(), ...selfMs[1].keys()])].map((key) => {
    const a = (selfMs[0].get(key) ?? 0) / short.times.length;
    const b = (selfMs[1].get(key) ?? 0) / long.times.length;
    return { function: key, [`${short.history} rows (ms/pick)`]: f(a), [`${long.history} rows (ms/pick)`]: f(b), diff: b - a };
  });
  rows.sort((x, y) => Math.abs(y.diff) - Math.abs(x.diff));
  console.log('Self time per pick, largest differences first:');
  console.table(rows.slice(0, 15).map(({ diff, ...r }) => ({ ...r, 'difference (ms)': f(diff) })));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
}
