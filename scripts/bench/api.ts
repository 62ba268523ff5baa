// `npm run bench:api`: p50/p99 of issuing a recommendation through the HTTP API (POST
// /api/recommendations/new) on the real server (its own process, the bundle `npm start` runs,
// SQLite), with server RSS and the database's size, on three catalogs: the built-in pack; the pack
// plus the public datasets in ../shared/data imported with `npm run catalog -- import` (skipped
// when absent; BENCH_DATA_DIR overrides the folder), with each import's throughput; and a catalog
// topped up with synthetic titles to SYNTHETIC_TITLES (100,000). It also times a TMDB sync against
// the local fake TMDB server (client at its default rate limit). The user has 200 past ratings.
// Prints tables and writes bench-results/api.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/connection.js';
import { issueAccessToken } from '../../server/src/features/auth/tokens.js';
import { createSession } from '../../server/src/features/sessions/sessions.repository.js';
import { insertUser } from '../../server/src/features/users/users.repository.js';
import { insertSyntheticCatalog } from './api-synthetic.js';
import { freePort } from '../../server/test/support/server-process.js';
import { databaseMb, importDatasets, SHARED_DATA, syncFigure } from './api-catalogs.js';
// @ts-expect-error plain JavaScript module of the root scripts
import { buildServerIfStale } from '../lib.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const WARMUP = Number(process.env.WARMUP ?? 30);
const MEASURED = Number(process.env.REQUESTS ?? 300);
const PAST_RATINGS = 200;
const SYNTHETIC_TITLES = Number(process.env.SYNTHETIC_TITLES ?? 100_000);
const MOODS = [undefined, 'light', 'thrilling', 'dark', 'thoughtful', 'feel-good', 'romantic', 'scary', 'family'];

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

interface Running {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

async function startChild(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  // CPU_PROF_DIR=<dir> writes a V8 CPU profile of each server run, for finding what is slow.
  const prof = process.env.CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF_DIR}`] : [];
  // What `npm start` runs: the bundled server (scripts/build-server.mjs), built when stale.
  const child = spawn(process.execPath, [...prof, '--enable-source-maps', 'server/dist/main.mjs'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    url,
    stop: () =>
      new Promise<void>((ok) => {
        child.once('exit', () => ok());
        child.kill('SIGTERM');
      }),
  };
}

/** User + system CPU time of a process, in ms (Linux clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function memoryOf(pid: number): { rssMb: number; peakRssMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024 };
}

async function api(url: string, token: string, path: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** A verified, onboarded lifetime user with PAST_RATINGS rated recommendations. */
async function benchUser(handle: DatabaseHandle, url: string, secret: string): Promise<string> {
  const user = await insertUser(handle.db, {
    email: `bench.${randomBytes(4).toString('hex')}@example.test`,
    passwordHash: null,
    fullName: 'Bench User',
    emailVerified: true,
    googleSub: null,
    now: new Date(),
  });
  const session = await createSession(handle.db, user.id, null, new Date());
  const token = issueAccessToken(secret, user.id, session.id, new Date());
  const genres = ['Drama', 'Thriller', 'Science Fiction'];
  const languages = ['English', 'Korean', 'Hindi'];
  const { movies } = await api(url, token, `/api/onboarding/movies/filtered?genres=${genres.join(',')}&languages=${languages.join(',')}`);
  await api(url, token, '/api/onboarding/preferences', {
    method: 'POST',
    body: {
      selected_genres: genres,
      preferred_languages: languages,
      initial_movies: movies.slice(0, 8).map((m: { title: string }) => m.title),
      ott_subscriptions: ['Netflix', 'Prime Video'],
      subscription_tier: 'free_trial',
    },
  });
  await handle.db.updateTable('users').set({ subscription_tier: 'paid_lifetime' }).where('id', '=', user.id).execute();

  // 200 past recommendations, all rated (70% liked), drawn from across the catalog.
  const titles = await handle.db.selectFrom('titles').select(['id', 'title']).orderBy('id').execute();
  const step = Math.max(1, Math.floor(titles.length / (PAST_RATINGS + 1)));
  const base = Date.now() - PAST_RATINGS * 86_400_000;
  const rows = Array.from({ length: PAST_RATINGS }, (_, i) => {
    const t = titles[(i * step + 7) % titles.length];
    const at = new Date(base + i * 86_400_000).toISOString();
    return {
      id: `bench-${user.id.slice(0, 8)}-${i}`,
      user_id: user.id,
      seq: i + 1,
      title_id: t.id,
      movie_title: t.title,
      status: i % 4 === 0 ? 'watched' : 'skipped',
      user_rating: i % 10 < 7 ? 1 : 0,
      rated_at: at,
      mood: null,
      platform: null,
      reason: 'bench history',
      score: 0,
      created_at: at,
      closed_at: at,
    };
  });
  for (let i = 0; i < rows.length; i += 100) await handle.db.insertInto('recommendations').values(rows.slice(i, i + 100)).execute();
  return token;
}

interface Phase {
  catalog: string;
  titles: number;
  /** The SQLite file and its WAL. */
  database_mb: number;
  first_issue_ms: number;
  issue_ms: { p50: number; p90: number; p99: number; max: number; mean: number };
  requests: number;
  /** Server CPU per issue: a figure other load on the machine does not inflate. */
  server_cpu_ms_per_issue: number;
  get_current_ms: { p50: number; p99: number; server_cpu_ms: number };
  load_average: number[];
  rss_mb: number;
  peak_rss_mb: number;
}

async function measure(label: string, dataDir: string, secret: string): Promise<Phase> {
  const env = { DATA_DIR: dataDir, DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}`, JWT_SECRET: secret, LOG_LEVEL: 'warn', SCHEDULER: 'off' };
  const server = await startChild(env);
  const handle = await openDatabase({ dialect: 'sqlite', path: join(dataDir, 'app.db') });
  try {
    const titles = Number((await handle.db.selectFrom('titles').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const token = await benchUser(handle, server.url, secret);
    const issue = (i: number) => api(server.url, token, '/api/recommendations/new', { method: 'POST', body: { previous: i % 5 === 0 ? 'watched' : 'skip', mood: MOODS[i % MOODS.length] } });
    // The first issue after start builds the engine index for this catalog snapshot.
    let t = performance.now();
    await issue(0);
    const first = performance.now() - t;
    for (let i = 1; i <= WARMUP; i++) await issue(i);
    const times: number[] = [];
    const cpu0 = cpuMsOf(server.child.pid!);
    for (let i = 0; i < MEASURED; i++) {
      t = performance.now();
      await issue(i);
      times.push(performance.now() - t);
    }
    const cpuPerIssue = (cpuMsOf(server.child.pid!) - cpu0) / MEASURED;
    // For scale: the cheapest authenticated call on the same path (token, user row, one select).
    const reads: number[] = [];
    const cpu1 = cpuMsOf(server.child.pid!);
    for (let i = 0; i < MEASURED; i++) {
      t = performance.now();
      await api(server.url, token, '/api/recommendations/current');
      reads.push(performance.now() - t);
    }
    const cpuPerRead = (cpuMsOf(server.child.pid!) - cpu1) / MEASURED;
    const mem = memoryOf(server.child.pid!);
    return {
      catalog: label,
      titles,
      database_mb: databaseMb(dataDir),
      first_issue_ms: first,
      issue_ms: {
        p50: pct(times, 50),
        p90: pct(times, 90),
        p99: pct(times, 99),
        max: Math.max(...times),
        mean: times.reduce((a, b) => a + b, 0) / times.length,
      },
      requests: times.length,
      server_cpu_ms_per_issue: cpuPerIssue,
      get_current_ms: { p50: pct(reads, 50), p99: pct(reads, 99), server_cpu_ms: cpuPerRead },
      load_average: loadavg(),
      rss_mb: mem.rssMb,
      peak_rss_mb: mem.peakRssMb,
    };
  } finally {
    await handle.close();
    await server.stop();
  }
}

if ((await buildServerIfStale()) !== 0) process.exit(1);
const dataDir = mkdtempSync(join(tmpdir(), 'tp-bench-api-'));
const secret = randomBytes(48).toString('base64url');
const TARGET_TITLES = SYNTHETIC_TITLES;

try {
  const phases: Phase[] = [];
  phases.push(await measure('built-in', dataDir, secret));
  const imports = await importDatasets(dataDir);
  if (imports.length) phases.push(await measure('built-in + imported datasets', dataDir, secret));
  else console.log(`no datasets at ${SHARED_DATA}: the imported-catalog phase is skipped`);
  const handle = await openDatabase({ dialect: 'sqlite', path: join(dataDir, 'app.db') });
  try {
    const have = Number((await handle.db.selectFrom('titles').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    await insertSyntheticCatalog(handle, Math.max(0, TARGET_TITLES - have));
  } finally {
    await handle.close();
  }
  phases.push(await measure(`${imports.length ? 'imported' : 'built-in'} + synthetic to ${TARGET_TITLES.toLocaleString('en-US')}`, dataDir, secret));
  const sync = await syncFigure();

  const f = (n: number) => n.toFixed(1);
  console.table(
    Object.fromEntries(
      phases.map((p) => [
        p.catalog,
        {
          titles: p.titles,
          'DB (MB)': f(p.database_mb),
          'first issue (ms)': f(p.first_issue_ms),
          'p50 (ms)': f(p.issue_ms.p50),
          'p90 (ms)': f(p.issue_ms.p90),
          'p99 (ms)': f(p.issue_ms.p99),
          'max (ms)': f(p.issue_ms.max),
          'server CPU/issue (ms)': f(p.server_cpu_ms_per_issue),
          'GET /current p50/p99 (ms)': `${f(p.get_current_ms.p50)} / ${f(p.get_current_ms.p99)}`,
          'RSS (MB)': f(p.rss_mb),
          'peak RSS (MB)': f(p.peak_rss_mb),
        },
      ]),
    ),
  );
  if (imports.length) {
    console.table(Object.fromEntries(imports.map((i) => [i.files, { format: i.format, rows: i.rows, added: i.added, updated: i.updated, 's': f(i.seconds), 'rows/s': Math.round(i.rows_per_s) }])));
  }
  console.log(`TMDB sync (local fake, default client limits): ${sync.titles} titles, ${sync.requests} requests in ${f(sync.seconds)} s = ${f(sync.titles_per_s)} titles/s`);
  const result = {
    imports,
    tmdb_sync: sync,
    goal_rss_mb: 400,
    endpoint: 'POST /api/recommendations/new (paid_lifetime user, 200 past ratings, SQLite, server in its own process)',
    warmup: WARMUP,
    goal_p99_ms: 30,
    machine: { cpus: cpus().length, node: process.version, load_average_at_end: loadavg() },
    phases,
  };
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench-results/api.json'), JSON.stringify(result, null, 2));
  console.log('wrote bench-results/api.json');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
