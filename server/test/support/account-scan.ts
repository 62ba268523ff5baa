// Finds a person anywhere in the database: every table the database's own catalog lists
// (sqlite_master / information_schema, so a table added later is scanned without anyone adding
// it here) and, in each, every text column.
import { sql } from 'kysely';
import type { DB } from '../../src/db/connection.js';
import type { TestDialect } from './dialects.js';

export interface TextColumn {
  table: string;
  column: string;
}

export async function textColumns(db: DB, dialect: TestDialect): Promise<TextColumn[]> {
  if (dialect === 'sqlite') {
    const tables = (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows;
    const out: TextColumn[] = [];
    for (const { name } of tables) {
      const cols = (await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${name})`.execute(db)).rows;
      // SQLite stores any value in any column: only columns declared numeric are skipped.
      for (const c of cols) if (!/^(integer|real|bigint|numeric|double|float)$/i.test(c.type)) out.push({ table: name, column: c.name });
    }
    return out;
  }
  const rows = (
    await sql<{ table_name: string; column_name: string }>`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')`.execute(db)
  ).rows;
  return rows.map((r) => ({ table: r.table_name, column: r.column_name }));
}

/** "table.column" of every text value that contains one of the markers (case-insensitive). */
export async function placesHolding(db: DB, dialect: TestDialect, markers: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await textColumns(db, dialect)) {
    const conds = markers.map((m) => sql`lower(cast(${sql.ref(column)} as text)) like ${`%${m.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`);
    const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} where ${sql.join(conds, sql` or `)}`.execute(db);
    if (Number(r.rows[0].n) > 0) found.push(`${table}.${column}`);
  }
  return found.sort();
}
