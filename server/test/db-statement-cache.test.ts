// The SQLite statement cache (server/src/db/statement-cache.ts) answers as a fresh prepare would:
// across schema changes on the same handle, and for one query text run with many parameters. The
// same assertions run on PostgreSQL through the same code (openDatabase, Kysely), where nothing
// is cached, so the two databases are held to one behaviour.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { migrateToLatest, probeStorage, type DatabaseHandle } from '../src/db/connection.js';
import { dialects, scratchDatabase } from './support/dialects.js';

describe.each(dialects)('statement reuse on %s', (dialect) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;

  beforeEach(async () => {
    ({ handle, drop: cleanup } = await scratchDatabase(dialect, 'stmt'));
  });
  afterEach(async () => {
    await handle.close();
    await cleanup();
  });

  const all = async (text: string) => (await sql.raw<Record<string, unknown>>(text).execute(handle.db)).rows;

  it('a select * run before ALTER TABLE ADD COLUMN returns the new column after it', async () => {
    await all('create table notes (id integer primary key, body text not null)');
    await all("insert into notes (id, body) values (1, 'first')");
    expect(await all('select * from notes')).toEqual([{ id: 1, body: 'first' }]);
    await all("alter table notes add column tag text not null default 'none'");
    expect(await all('select * from notes')).toEqual([{ id: 1, body: 'first', tag: 'none' }]);
    await all("insert into notes (id, body, tag) values (2, 'second', 'kept')");
    expect(await all('select * from notes order by id')).toEqual([
      { id: 1, body: 'first', tag: 'none' },
      { id: 2, body: 'second', tag: 'kept' },
    ]);
  });

  it('a table dropped and created again with other columns answers with the new columns', async () => {
    await all('create table shelf (id integer primary key, title text)');
    await all("insert into shelf (id, title) values (1, 'Heat')");
    expect(await all('select * from shelf')).toEqual([{ id: 1, title: 'Heat' }]);
    await all('drop table shelf');
    await expect(all('select * from shelf')).rejects.toThrow(/shelf/);
    await all('create table shelf (code text primary key, year integer, rating integer)');
    await all("insert into shelf (code, year, rating) values ('tt1', 1995, 5)");
    expect(await all('select * from shelf')).toEqual([{ code: 'tt1', year: 1995, rating: 5 }]);
  });

  it('a select naming its columns answers with those columns, in that order, after the table is made again in another order', async () => {
    await all('create table films (id integer primary key, title text not null, year integer, score real)');
    await all("insert into films (id, title, year, score) values (1, 'Heat', 1995, 8.3), (2, 'Alien', 1979, null)");
    const named = 'select year, title, id, score from films order by id';
    const first = await all(named);
    expect(first).toEqual([
      { year: 1995, title: 'Heat', id: 1, score: 8.3 },
      { year: 1979, title: 'Alien', id: 2, score: null },
    ]);
    // The keys in the order the select names them, on plain objects, as a fresh prepare gives.
    expect(first.map((r) => Object.keys(r))).toEqual([
      ['year', 'title', 'id', 'score'],
      ['year', 'title', 'id', 'score'],
    ]);
    expect(first.every((r) => Object.getPrototypeOf(r) === Object.prototype)).toBe(true);
    // Rows of one statement are distinct objects: changing one leaves the next answer alone.
    first[0].title = 'changed';
    expect((await all(named))[0].title).toBe('Heat');
    await all('drop table films');
    await all('create table films (score real, year integer, title text not null, id integer primary key, extra text)');
    await all("insert into films (score, year, title, id, extra) values (6.1, 2009, 'Moon', 3, 'x')");
    expect(await all(named)).toEqual([{ year: 2009, title: 'Moon', id: 3, score: 6.1 }]);
    await all('alter table films add column note text');
    expect(await all(named)).toEqual([{ year: 2009, title: 'Moon', id: 3, score: 6.1 }]);
  });

  it('a select naming one column twice keeps its first place and its last value, as a fresh prepare does', async () => {
    await all('create table pairs (a integer, b integer)');
    await all('insert into pairs (a, b) values (1, 2)');
    const rows = await all('select a as x, b, b as x from pairs');
    expect(rows).toEqual([{ x: 2, b: 2 }]);
    expect(Object.keys(rows[0])).toEqual(['x', 'b']);
  });

  it('a migration run on the open handle changes what the same queries return', async () => {
    // Two steps of a migration set of the test's own, then the product's whole set, all on this
    // handle: the migrator's own queries (its lock and bookkeeping tables) run each time too.
    const steps: Record<string, Migration> = {
      '0001_watch': { up: async (db: Kysely<any>) => void (await db.schema.createTable('watch').addColumn('id', 'integer', (c) => c.primaryKey()).execute()) },
      '0002_watch_note': { up: async (db: Kysely<any>) => void (await db.schema.alterTable('watch').addColumn('note', 'text', (c) => c.notNull().defaultTo('-')).execute()) },
    };
    const provider = (upTo: number): MigrationProvider => ({ getMigrations: async () => Object.fromEntries(Object.entries(steps).slice(0, upTo)) });
    const migrate = async (upTo: number) => {
      const { error } = await new Migrator({ db: handle.db, provider: provider(upTo), migrationTableName: 'test_migration', migrationLockTableName: 'test_migration_lock', ...(handle.schema ? { migrationTableSchema: handle.schema } : {}) }).migrateToLatest();
      if (error) throw error;
    };
    await migrate(1);
    await all('insert into watch (id) values (7)');
    expect(await all('select * from watch')).toEqual([{ id: 7 }]);
    await migrate(2);
    expect(await all('select * from watch')).toEqual([{ id: 7, note: '-' }]);

    // The product's migrations on the same handle, then a query of a table they made.
    expect((await migrateToLatest(handle)).length).toBeGreaterThan(0);
    await probeStorage(handle.db, new Date('2026-01-02T03:04:05.000Z'));
    expect(await handle.db.selectFrom('health_probe').selectAll().execute()).toEqual([{ id: 'probe', checked_at: '2026-01-02T03:04:05.000Z' }]);
    expect(await migrateToLatest(handle)).toEqual([]);
  });

  it('one query text run many times with different parameters returns the rows of each', async () => {
    await all('create table scores (id integer primary key, name text not null, score integer not null)');
    for (let i = 1; i <= 50; i++) await sql`insert into scores (id, name, score) values (${i}, ${`n${i}`}, ${i * 3})`.execute(handle.db);
    for (let round = 0; round < 3; round++) {
      for (let i = 1; i <= 50; i++) {
        const rows = (await sql<{ id: number; name: string; score: number }>`select id, name, score from scores where id = ${i}`.execute(handle.db)).rows;
        expect(rows).toEqual([{ id: i, name: `n${i}`, score: i * 3 }]);
      }
    }
    const above = (min: number) => sql<{ id: number }>`select id from scores where score > ${min} order by id`.execute(handle.db);
    expect((await above(141)).rows.map((r) => r.id)).toEqual([48, 49, 50]);
    expect((await above(0)).rows).toHaveLength(50);
    expect((await above(150)).rows).toEqual([]);
    // A write statement reused: its changes counted each time.
    for (const id of [1, 2, 3]) {
      const result = await sql`update scores set score = score + 1 where id = ${id}`.execute(handle.db);
      expect(Number(result.numAffectedRows)).toBe(1);
    }
    expect((await sql<{ total: number }>`select sum(score) as total from scores where id <= 3`.execute(handle.db)).rows[0].total).toBe(3 + 6 + 9 + 3);
  });

  // SQLite only: the product's PostgreSQL dialect has no cursor, so Kysely cannot stream there.
  it.runIf(dialect === 'sqlite')('a stream left after its first row does not spoil the next run of the same query', async () => {
    await all('create table items (id integer primary key)');
    for (let i = 1; i <= 5; i++) await sql`insert into items (id) values (${i})`.execute(handle.db);
    const query = handle.db.selectFrom('items' as never).select('id' as never).where('id' as never, '<=', 3 as never).orderBy('id' as never);
    for await (const row of query.stream()) {
      expect(row).toEqual({ id: 1 });
      break;
    }
    expect(await query.execute()).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    const streamed: unknown[] = [];
    for await (const row of query.stream()) streamed.push(row);
    expect(streamed).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });
});
