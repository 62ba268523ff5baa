// The real server on a real port for one benchmark run: SQLite in a temporary folder, or
// PostgreSQL (BENCH_DATABASE_URL) in a schema of its own, dropped afterwards with the folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../../server/src/config.js';
import { startServer, type RunningServer } from '../../server/src/server.js';

export type BenchDialect = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when BENCH_DATABASE_URL is set. */
export const benchDialects: BenchDialect[] = process.env.BENCH_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export async function withBenchServer<T>(dialect: BenchDialect, name: string, run: (server: RunningServer) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), `tp-bench-${name}-`));
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const env: Record<string, string> = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SCHEDULER: 'off', SMTP_URL: '' };
  if (dialect === 'sqlite') env.DATABASE_URL = `sqlite:${join(dataDir, 'app.db')}`;
  else Object.assign(env, { DATABASE_URL: process.env.BENCH_DATABASE_URL!, DATABASE_SCHEMA: schema });
  const server = await startServer(loadConfig(env), { webDist: null });
  try {
    return await run(server);
  } finally {
    await server.close();
    if (dialect === 'postgres') await dropSchema(process.env.BENCH_DATABASE_URL!, schema);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Removes a benchmark's PostgreSQL schema, with everything in it (its fresh database here). */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await c.end();
}
