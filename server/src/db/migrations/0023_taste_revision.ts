import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/**
 * The revision of a user's taste (docs/architecture.md, "Data"): every write to the user's
 * history takes the user row with lockUser (features/history/history.repository.ts), which adds one here
 * in the same transaction. A server keeps each user's resolved history in memory under the
 * revision it read (features/history/taste-state.ts) and uses it only while the row still
 * says that revision, so a write through any instance is seen by the next pick everywhere.
 */
export const tasteRevision: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('taste_rev', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};
