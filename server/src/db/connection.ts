import { Kysely, PostgresDialect, SqliteDialect, sql, Migrator, type MigrationProvider } from 'kysely';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DatabaseConfig } from '../config.js';
import type { Database as Tables } from './schema.js';
import { migrations, type Dialect } from './migrations/index.js';

export type DB = Kysely<Tables>;

export interface DatabaseHandle {
  db: DB;
  dialect: Dialect;
  /** PostgreSQL schema set by DATABASE_SCHEMA, or null (default search_path). */
  schema: string | null;
  close(): Promise<void>;
}

// COUNT(*) and BIGINT come back from pg as strings; every value we store fits in a double.
pg.types.setTypeParser(20, (v) => Number(v));

function openSqlite(path: string): DatabaseHandle {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new BetterSqlite3(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const mode = String(sqlite.pragma('journal_mode', { simple: true }));
  if (path !== ':memory:' && mode.toLowerCase() !== 'wal') throw new Error(`SQLite did not enable WAL (journal_mode=${mode})`);
  if (Number(sqlite.pragma('foreign_keys', { simple: true })) !== 1) throw new Error('SQLite did not enable foreign keys');
  if (Number(sqlite.pragma('busy_timeout', { simple: true })) < 5000) throw new Error('SQLite did not accept busy_timeout');
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', schema: null, close: () => db.destroy() };
}

function openPostgres(url: string, schema: string | null): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', schema, close: () => db.destroy() };
}

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.dialect === 'sqlite') return openSqlite(config.path);
  if (config.schema) {
    // The schema must exist before the pool's search_path can point at it.
    const boot = new pg.Client({ connectionString: config.url });
    await boot.connect();
    try {
      await boot.query(`CREATE SCHEMA IF NOT EXISTS "${config.schema}"`);
    } finally {
      await boot.end();
    }
  }
  const handle = openPostgres(config.url, config.schema);
  await sql`select 1`.execute(handle.db);
  return handle;
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      return Object.fromEntries(
        Object.entries(migrations).map(([name, m]) => [name, { up: (db: Kysely<any>) => m.up(db, handle.dialect) }]),
      );
    },
  };
  // Kysely looks for its migration tables in every schema; pin them to ours, or a second
  // schema in the same database would find the first one's lock table and never create its own.
  const migrator = new Migrator({ db: handle.db, provider, ...(handle.schema ? { migrationTableSchema: handle.schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** SELECT 1 through the pool: what /healthz reports. */
export async function pingDatabase(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}
