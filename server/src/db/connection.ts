import { Kysely, PostgresDialect, SqliteDialect, sql, Migrator, type MigrationProvider, type KyselyPlugin, type RootOperationNode } from 'kysely';
import BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DatabaseConfig } from '../config.js';
import type { Database as Tables } from './schema.js';
import { migrations, type Dialect } from './migrations/index.js';
import { cachingDatabase } from './statement-cache.js';
import { ensurePrivateDir, privateDatabaseFile } from './private-files.js';

export type DB = Kysely<Tables>;

export interface DatabaseHandle {
  db: DB;
  dialect: Dialect;
  /** PostgreSQL schema set by DATABASE_SCHEMA, or null (default search_path). */
  schema: string | null;
  /**
   * Why writes are refused, or null while storage is fine. SQLite: the file at the configured
   * path is no longer the one this process has open (deleted or replaced while running), so
   * anything written now would be lost at the next start. Once set it stays set until restart.
   */
  storageProblem(): string | null;
  close(): Promise<void>;
}

/** Writes refused because the storage under the database is gone (see storageProblem). */
export class StorageError extends Error {}

// Errors that mean the disk or database cannot take writes, not that the request was wrong:
// SQLite result codes (https://www.sqlite.org/rescode.html) and PostgreSQL SQLSTATEs
// (disk_full, read_only_sql_transaction, io_error).
const STORAGE_CODES = /^(SQLITE_(FULL|READONLY|IOERR|CANTOPEN|CORRUPT|NOTADB)|53100|25006|58030)/;

export function isStorageFailure(err: unknown): boolean {
  if (err instanceof StorageError) return true;
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && STORAGE_CODES.test(code);
}

/**
 * The pg driver, loaded when a PostgreSQL URL is configured: a server on SQLite (the default)
 * starts without spending time loading it.
 */
async function loadPg(): Promise<typeof pg> {
  const { default: driver } = await import('pg');
  // COUNT(*) and BIGINT come back from pg as strings; every value we store fits in a double.
  driver.types.setTypeParser(20, (v) => Number(v));
  return driver;
}

const WRITE_NODES = new Set<RootOperationNode['kind']>(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);

/** Refuses every INSERT / UPDATE / DELETE while storageProblem() reports one. */
function refuseWritesOnLostStorage(problem: () => string | null): KyselyPlugin {
  return {
    transformQuery({ node }) {
      if (WRITE_NODES.has(node.kind)) {
        const why = problem();
        if (why) throw new StorageError(why);
      }
      return node;
    },
    transformResult: async ({ result }) => result,
  };
}

/** Which file the path names now: device and inode, or null when nothing is there. */
function fileIdentity(path: string): string | null {
  try {
    const st = statSync(path);
    return `${st.dev}:${st.ino}`;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

function watchFile(path: string): () => string | null {
  const opened = fileIdentity(path);
  let problem: string | null = null;
  return () => {
    if (problem || opened === null) return problem;
    let now: string | null;
    try {
      now = fileIdentity(path);
    } catch {
      return null; // e.g. EACCES on the directory: not proof that the file changed
    }
    if (now !== opened) {
      problem = `the database file was ${now === null ? 'deleted' : 'replaced'} while the server was running; writes are refused until the server is restarted`;
    }
    return problem;
  };
}

/** For the log: what opening found about the files' permissions (private-files.ts). */
type DatabaseNotice = (message: string) => void;

function openSqlite(path: string, notice: DatabaseNotice): DatabaseHandle {
  if (path !== ':memory:') {
    const loose = ensurePrivateDir(dirname(path));
    if (loose) notice(loose);
    const tightened = privateDatabaseFile(path);
    if (tightened.length) notice(`made ${tightened.join(', ')} readable by the server's user only (mode 0600)`);
  }
  const sqlite = new BetterSqlite3(path);
  const storageProblem = path === ':memory:' ? () => null : watchFile(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // FULL: a commit is on disk (the WAL fsynced) before the write is acknowledged. NORMAL can lose
  // the last acknowledged transactions on an OS crash or power cut (docs/operations.md).
  sqlite.pragma('synchronous = FULL');
  const mode = String(sqlite.pragma('journal_mode', { simple: true }));
  if (path !== ':memory:' && mode.toLowerCase() !== 'wal') throw new Error(`SQLite did not enable WAL (journal_mode=${mode})`);
  if (Number(sqlite.pragma('foreign_keys', { simple: true })) !== 1) throw new Error('SQLite did not enable foreign keys');
  if (Number(sqlite.pragma('busy_timeout', { simple: true })) < 5000) throw new Error('SQLite did not accept busy_timeout');
  if (Number(sqlite.pragma('synchronous', { simple: true })) !== 2) throw new Error('SQLite did not accept synchronous=FULL');
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: cachingDatabase(sqlite) }), plugins: [refuseWritesOnLostStorage(storageProblem)] });
  return { db, dialect: 'sqlite', schema: null, storageProblem, close: () => db.destroy() };
}

function openPostgres(driver: typeof pg, url: string, schema: string | null): DatabaseHandle {
  const pool = new driver.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', schema, storageProblem: () => null, close: () => db.destroy() };
}

export async function openDatabase(config: DatabaseConfig, notice: DatabaseNotice = () => {}): Promise<DatabaseHandle> {
  if (config.dialect === 'sqlite') return openSqlite(config.path, notice);
  const driver = await loadPg();
  if (config.schema) {
    // The schema must exist before the pool's search_path can point at it.
    const boot = new driver.Client({ connectionString: config.url });
    await boot.connect();
    try {
      await boot.query(`CREATE SCHEMA IF NOT EXISTS "${config.schema}"`);
    } finally {
      await boot.end();
    }
  }
  const handle = openPostgres(driver, config.url, config.schema);
  await sql`select 1`.execute(handle.db);
  return handle;
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      return Object.fromEntries(
        // Migrations run against the schema of their day, not today's Database type.
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        Object.entries(migrations).map(([name, m]) => [name, { up: (db: Kysely<any>) => m.up(db, handle.dialect) }]),
      );
    },
  };
  // Kysely looks for its migration tables in every schema; pin them to ours, or a second
  // schema in the same database would find the first one's lock table and never create its own.
  const migrator = new Migrator({ db: handle.db, provider, ...(handle.schema ? { migrationTableSchema: handle.schema } : {}) });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    // Before migrating, Kysely reads the tables of every schema in the database; a schema another
    // client drops at that moment fails the read with "schema ... does not exist" (SQLSTATE 3F000).
    // Nothing was migrated then (the failure precedes the first migration), so trying again is safe.
    // On PostgreSQL the pending migrations run in one transaction, so any failure leaves nothing
    // half-done: a catalog read that met another schema's DDL mid-way ("column ... of relation ...
    // does not exist", 42703 / 42P01; seen once in CI with many test schemas migrating at once) is
    // tried again too. A real fault in a migration fails the same way each time and is thrown.
    if (error && attempt < 3 && raceWithAnotherSchema(error, handle)) continue;
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  }
}

function raceWithAnotherSchema(error: unknown, handle: DatabaseHandle): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (e?.code === '3F000') return typeof e.message === 'string' && (handle.schema === null || !e.message.includes(`"${handle.schema}"`));
  return handle.dialect === 'postgres' && handle.schema !== null && (e?.code === '42703' || e?.code === '42P01');
}

/**
 * What /healthz checks: a real write (one row rewritten in health_probe), so a read-only or full
 * disk, or a database that refuses writes, shows as unhealthy rather than only failing user writes.
 */
export async function probeStorage(db: DB, now: Date): Promise<void> {
  await db
    .insertInto('health_probe')
    .values({ id: 'probe', checked_at: now.toISOString() })
    .onConflict((oc) => oc.column('id').doUpdateSet({ checked_at: now.toISOString() }))
    .execute();
}
