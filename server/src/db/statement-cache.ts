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
//
// Rows of a select that names its columns are built here rather than by better-sqlite3. It adds
// each column to an empty object one by one, and an object of more than a few dozen columns (a
// user is 35) ends in V8's dictionary mode: slow to build (20-27 us for the session's user, against
// 11-13 us here) and slow at every later read of a field. Here each row is a copy of one template
// object holding the statement's columns, so every row of a statement shares one fast shape. Only
// for texts without a `*`: SQLite may re-prepare a statement after a schema change, and only a
// `*` can then answer with other columns; a text that names its columns answers with those names
// in that order, or fails to prepare.
import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Texts kept, least recently used out first. A request path uses a few dozen; the bound is for the
 * texts that vary with a list's length (`in (?, ?, ...)`), so memory stays flat whatever comes.
 */
const MAX_STATEMENTS = 300;

interface Kept {
  /** better-sqlite3's statement: `busy` while an iterate() is open. */
  native: BetterSqlite3.Statement;
  /** What Kysely is handed: the native statement, or one that builds its rows (rowsFromTemplate). */
  statement: SqliteStatement;
}

type Row = Record<string, unknown>;

/**
 * A reader whose SQL names its columns, answering with rows copied from one template object; the
 * native statement itself for any other (a write without RETURNING, a `*`, a column named
 * __proto__, which an object literal would take as its prototype).
 */
function rowsFromTemplate(sql: string, native: BetterSqlite3.Statement): SqliteStatement {
  if (!native.reader || sql.includes('*')) return native;
  // The statement's column names, and a row holding each of them. Duplicate names keep the first
  // one's place and the last one's value, as better-sqlite3 does.
  const shapeOf = () => {
    const names = native.columns().map((c) => c.name);
    return { names, template: Object.fromEntries(names.map((n) => [n, null])) as Row };
  };
  let { names, template } = shapeOf();
  if (names.includes('__proto__')) return native;
  native.raw(true);
  const toRow = (values: unknown[]): Row => {
    // Not expected (see above); should SQLite ever answer with other columns, follow them.
    if (values.length !== names.length) ({ names, template } = shapeOf());
    const row = { ...template };
    for (let i = 0; i < names.length; i++) row[names[i]] = values[i];
    return row;
  };
  return {
    reader: true,
    all(parameters) {
      const rows = native.all(parameters) as unknown[][];
      const out: Row[] = new Array(rows.length);
      for (let i = 0; i < rows.length; i++) out[i] = toRow(rows[i]);
      return out;
    },
    run: (parameters) => native.run(parameters),
    *iterate(parameters) {
      for (const values of native.iterate(parameters) as IterableIterator<unknown[]>) yield toRow(values);
    },
  };
}

export function cachingDatabase(sqlite: BetterSqlite3.Database, max = MAX_STATEMENTS): SqliteDatabase {
  const statements = new Map<string, Kept>();
  const prepared = (sql: string): Kept => {
    const native = sqlite.prepare(sql);
    return { native, statement: rowsFromTemplate(sql, native) };
  };
  return {
    prepare(sql: string): SqliteStatement {
      const hit = statements.get(sql);
      if (hit) {
        if (hit.native.busy) return prepared(sql).statement;
        // Most recently used last: re-inserting moves it to the end of the Map's order.
        statements.delete(sql);
        statements.set(sql, hit);
        return hit.statement;
      }
      const made = prepared(sql);
      if (statements.size >= max) statements.delete(statements.keys().next().value!);
      statements.set(sql, made);
      return made.statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}
