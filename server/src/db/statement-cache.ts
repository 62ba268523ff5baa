// Kysely's SQLite driver prepares every query it runs (`db.prepare(sql)`, then all() or run()),
// and preparing is most of what a small indexed select costs: SQLite parses and plans the SQL
// each time. Kysely builds the same SQL text for the same query shape (values travel as
// parameters), so a request path asks for a handful of texts over and over. This hands Kysely a
// database whose prepare() returns the statement already prepared for that text.
//
// Safe because SQLite re-prepares a statement by itself when the schema changed since it was
// prepared (sqlite3_prepare_v2: a `select *` after ADD COLUMN, a table dropped and recreated,
// a migration on this handle all answer as a fresh prepare would; server/test/db-statement-cache.test.ts),
// and better-sqlite3 resets a statement after all() and run(), so a cached one holds no lock or
// read snapshot between queries. The one state a statement keeps is an open iterate() (Kysely's
// stream()): such a statement is `busy`, and a second user of the same text then gets a statement
// of its own, prepared as before and not kept.
import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Texts kept, least recently used out first. A request path uses a few dozen; the bound is for the
 * texts that vary with a list's length (`in (?, ?, ...)`), so memory stays flat whatever comes.
 */
const MAX_STATEMENTS = 300;

export function cachingDatabase(sqlite: BetterSqlite3.Database, max = MAX_STATEMENTS): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    prepare(sql: string): SqliteStatement {
      const hit = statements.get(sql);
      if (hit) {
        if (hit.busy) return sqlite.prepare(sql);
        // Most recently used last: re-inserting moves it to the end of the Map's order.
        statements.delete(sql);
        statements.set(sql, hit);
        return hit;
      }
      const made = sqlite.prepare(sql);
      if (statements.size >= max) statements.delete(statements.keys().next().value!);
      statements.set(sql, made);
      return made;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}
