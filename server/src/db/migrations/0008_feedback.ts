import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/** Feedback from the in-app widget and the contact page (unauthenticated, so no user id). */
export const feedback: Migration = {
  async up(db: Kysely<any>, dialect) {
    await db.schema
      .createTable('feedback')
      .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('email', 'text')
      .addColumn('page_url', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('feedback_created_idx').on('feedback').column('created_at').execute();
  },
};
