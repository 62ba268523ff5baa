import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/** One row /healthz rewrites to prove the database still takes writes (docs/operations.md). */
export const healthProbe: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('health_probe')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('checked_at', 'text', (c) => c.notNull())
      .execute();
  },
};
