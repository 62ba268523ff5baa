// Start-up time of what `npm start` runs (server/dist/main.mjs): ms from spawn to the first 200 of
// /healthz, on a first start (a fresh data folder: migrations, the catalog pack) and on a second
// start (the same folder: everything already there), the median of `runs` runs each (issue 18's
// goal: a second start within 1 s). SQLite always; PostgreSQL too when env.DATABASE_URL is a
// PostgreSQL URL (each run in a schema of its own, dropped afterwards).
// `startupFigure` is what `npm run bench:api` calls; `npx tsx scripts/bench/api-startup.ts` prints a
// table (RUNS, and BENCH_DATABASE_URL for PostgreSQL). Also the helpers api-throughput.ts starts
// its server with.
import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../server/src/db/connection.js';
import { issueAccessToken } from '../../server/src/features/auth/tokens.js';
import { createSession } from '../../server/src/features/sessions/sessions.repository.js';
import { insertUser } from '../../server/src/features/users/users.repository.js';
import { freePort } from '../../server/test/support/server-process.js';
// @ts-expect-error plain JavaScript module of the root scripts
import { buildServerIfStale } from '../lib.mjs';

const ROOT = resolve(import.meta.dirname, '../..');

export interface BundledServer {
  child: ChildProcess;
  pid: number;
  url: string;
  /** ms from spawn to the first 200 of /healthz. */
  startMs: number;
  stop(): Promise<void>;
}

/** 200 from /healthz on a fresh connection, or false (refused, not up, not healthy yet). */
function healthy(url: string): Promise<boolean> {
  return new Promise((ok) => {
    const req = get(`${url}/healthz`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => ok(res.statusCode === 200));
    });
    req.on('error', () => ok(false));
  });
}

/**
 * The bundled server (built first when stale) on a free port, once /healthz answers 200.
 * nodeArgs: e.g. ['--cpu-prof'] to find what is slow.
 */
export async function startBundledServer(env: Record<string, string>, nodeArgs: string[] = []): Promise<BundledServer> {
  if ((await buildServerIfStale()) !== 0) throw new Error('server build failed');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, 'server/dist/main.mjs'], {
    cwd: ROOT,
    env: { ...process.env, SCHEDULER: 'off', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  // Polled every 5 ms, so the figure is at most that much late.
  while (!(await healthy(url))) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 5));
  }
  const startMs = performance.now() - t0;
  return {
    child,
    pid: child.pid!,
    url,
    startMs,
    stop: () =>
      new Promise<void>((ok) => {
        if (child.exitCode !== null) return ok();
        child.once('exit', () => ok());
        child.kill('SIGTERM');
      }),
  };
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

/** A verified, onboarded lifetime user of the server on SQLite file `dbPath`, with a current pick. */
export async function onboardedUserWithPick(url: string, dbPath: string, secret: string): Promise<string> {
  const handle = await openDatabase({ dialect: 'sqlite', path: dbPath });
  try {
    const user = await insertUser(handle.db, { email: `bench.${randomBytes(4).toString('hex')}@example.test`, passwordHash: null, fullName: 'Bench User', emailVerified: true, googleSub: null, now: new Date() });
    const session = await createSession(handle.db, user.id, null, new Date());
    const token = issueAccessToken(secret, user.id, session.id, new Date());
    const genres = ['Drama', 'Thriller', 'Science Fiction'];
    const languages = ['English', 'Korean', 'Hindi'];
    const { movies } = await api(url, token, `/api/onboarding/movies/filtered?genres=${genres.join(',')}&languages=${languages.join(',')}`);
    await api(url, token, '/api/onboarding/preferences', {
      method: 'POST',
      body: { selected_genres: genres, preferred_languages: languages, initial_movies: movies.slice(0, 8).map((m: { title: string }) => m.title), ott_subscriptions: ['Netflix', 'Prime Video'], subscription_tier: 'free_trial' },
    });
    await api(url, token, '/api/recommendations/new', { method: 'POST', body: {} });
    return token;
  } finally {
    await handle.close();
  }
}

export interface StartupFigure {
  database: 'sqlite' | 'postgres';
  runs: number;
  /** Median ms, spawn to /healthz 200, on a fresh data folder (and schema). */
  first_start_ms: number;
  /** Median ms on the same folder (and schema) again. */
  second_start_ms: number;
  second_start_max_ms: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function startupOn(database: 'sqlite' | 'postgres', runs: number, env: Record<string, string>): Promise<StartupFigure> {
  const first: number[] = [];
  const second: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'tp-bench-startup-'));
    const schema = `bench_${randomBytes(5).toString('hex')}`;
    const runEnv: Record<string, string> = { LOG_LEVEL: 'warn', ...env, DATA_DIR: dataDir };
    if (database === 'sqlite') runEnv.DATABASE_URL = `sqlite:${join(dataDir, 'app.db')}`;
    else runEnv.DATABASE_SCHEMA = schema;
    try {
      for (const into of [first, second]) {
        const server = await startBundledServer(runEnv);
        into.push(server.startMs);
        await server.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      if (database === 'postgres') {
        const c = new pg.Client({ connectionString: env.DATABASE_URL });
        await c.connect();
        await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await c.end();
      }
    }
  }
  return { database, runs, first_start_ms: Math.round(median(first)), second_start_ms: Math.round(median(second)), second_start_max_ms: Math.round(Math.max(...second)) };
}

/** SQLite, and PostgreSQL when env.DATABASE_URL is a PostgreSQL URL. */
export async function startupFigure(options: { runs?: number; env?: Record<string, string> } = {}): Promise<StartupFigure[]> {
  const runs = options.runs ?? 5;
  const env = { ...(options.env ?? {}) };
  const pgUrl = env.DATABASE_URL && /^postgres(ql)?:/.test(env.DATABASE_URL) ? env.DATABASE_URL : null;
  delete env.DATABASE_URL;
  const out = [await startupOn('sqlite', runs, env)];
  if (pgUrl) out.push(await startupOn('postgres', runs, { ...env, DATABASE_URL: pgUrl }));
  return out;
}

if (process.argv[1] === import.meta.filename) {
  const env: Record<string, string> = process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {};
  console.table(await startupFigure({ runs: Number(process.env.RUNS ?? 5), env }));
}
