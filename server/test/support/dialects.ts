// Every database test runs on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set
// (CI sets it; see .ci/run).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/db/connection.js';

export type TestDialect = 'sqlite' | 'postgres';
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? null;
export const dialects: TestDialect[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * An empty database of its own for one test: a SQLite file in a temporary folder, or a schema on
 * TEST_DATABASE_URL. `drop` removes it; close the handle first.
 */
export async function scratchDatabase(dialect: TestDialect, name: string): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), `tp-${name}-`));
    return { handle: await openDatabase({ dialect: 'sqlite', path: join(dir, 'app.db') }), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const schema = `${name}_${randomBytes(5).toString('hex')}`;
  const handle = await openDatabase({ dialect: 'postgres', url: TEST_DATABASE_URL!, schema });
  return { handle, drop: () => dropSchema(schema) };
}

/** Removes a test's PostgreSQL schema on TEST_DATABASE_URL, with everything in it. */
export async function dropSchema(schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: TEST_DATABASE_URL! });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await c.end();
}
