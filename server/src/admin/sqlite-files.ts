// SQLite files for backup and restore: checking that a file is a database of ours, and the
// PostgreSQL refusal both commands share.
import BetterSqlite3 from 'better-sqlite3';
import { closeSync, fsyncSync, openSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DatabaseConfig } from '../config.js';
import { migrations } from '../db/migrations/index.js';

/** Where a PostgreSQL URL points, without user or password. */
export function describePostgres(url: string, schema: string | null): { host: string; port: number; database: string; schema: string | null } {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port || 5432), database: decodeURIComponent(u.pathname.replace(/^\//, '')) || '(default)', schema };
}

export function postgresRefusal(command: 'backup' | 'restore', db: Extract<DatabaseConfig, { dialect: 'postgres' }>): string {
  const where = describePostgres(db.url, db.schema);
  const target = `${where.database} on ${where.host}:${where.port}`;
  return command === 'backup'
    ? `backup copies the SQLite file; this server uses PostgreSQL (${target}). Use pg_dump: pg_dump -Fc "$DATABASE_URL" > backup.dump (README, "Backups").`
    : `restore replaces the SQLite file; this server uses PostgreSQL (${target}). Use pg_restore: pg_restore --clean --if-exists -d "$DATABASE_URL" backup.dump (README, "Backups").`;
}

interface DatabaseCheck {
  /** Applied migrations, in order. */
  migrations: string[];
}

/**
 * Opens the file and checks it is a database of ours: SQLite, `PRAGMA integrity_check` ok, a
 * migrations table whose migrations this version knows. Returns why not, or what it holds.
 */
export function checkOurDatabase(path: string): { ok: true; check: DatabaseCheck } | { ok: false; why: string } {
  let db: BetterSqlite3.Database;
  try {
    db = new BetterSqlite3(path, { fileMustExist: true });
  } catch (err) {
    return { ok: false, why: `cannot open it: ${(err as Error).message}` };
  }
  try {
    let integrity: string[];
    try {
      integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
    } catch (err) {
      const code = (err as { code?: string }).code;
      return { ok: false, why: code === 'SQLITE_NOTADB' ? 'it is not a SQLite database' : `SQLite cannot read it (${(err as Error).message})` };
    }
    if (integrity.length !== 1 || integrity[0] !== 'ok') return { ok: false, why: `PRAGMA integrity_check failed: ${integrity.slice(0, 3).join('; ')}` };
    const hasTable = db.prepare(`select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'`).get();
    if (!hasTable) return { ok: false, why: "it is a SQLite database but not one of Tonight's Pick (no kysely_migration table)" };
    const names = (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((r) => r.name);
    const unknown = names.filter((n) => !(n in migrations));
    if (unknown.length) return { ok: false, why: `it was made by a newer version of Tonight's Pick (migration ${unknown.at(-1)} is unknown here); upgrade first` };
    return { ok: true, check: { migrations: names } };
  } finally {
    db.close();
  }
}

/** Removes the -wal and -shm files beside a database. */
export function removeSidecars(path: string): void {
  for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true });
}

/** Makes a rename in the directory durable. */
export function fsyncDirectory(file: string): void {
  try {
    const fd = openSync(dirname(file), 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    /* not supported on every platform; the rename itself is still atomic */
  }
}

export function fsyncFile(file: string): void {
  const fd = openSync(file, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
