import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/**
 * The co-like neighbours built once and shared (issue 38): whichever instance holds the co-likes
 * lease builds the table and stores it here as one compact blob; every instance serves the newest
 * row instead of rebuilding it from every user's positives. Older rows are deleted by the builder.
 */
export const coLikeTables: Migration = {
  async up(db: Kysely<any>, dialect) {
    await db.schema
      .createTable('co_like_tables')
      .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('built_at', 'text', (c) => c.notNull())
      .addColumn('catalog_version', 'integer', (c) => c.notNull())
      .addColumn('rows', 'integer', (c) => c.notNull())
      .addColumn('users', 'integer', (c) => c.notNull())
      .addColumn('build_ms', 'integer', (c) => c.notNull())
      .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .execute();
  },
};
