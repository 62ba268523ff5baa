// Start-up time of what `npm start` runs (server/dist/main.mjs): ms from spawn to the first 200 of
// /healthz, on a first start (a fresh data folder: migrations, the catalog pack) and on a second
// start (the same folder: everything already there), the median of `runs` runs each (issue 18's
// goal: a second start within 1 s). SQLite always; PostgreSQL too when env.DATABASE_URL is a
// PostgreSQL URL (each run in a schema of its own, dropped afterwards).
// `startupFigure` is what `npm run bench:api` calls; `npx tsx scripts/bench/api-startup.ts` prints a
// table (RUNS, and BENCH_DATABASE_URL for PostgreSQL).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startBundledServer } from './server-process.js';


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
