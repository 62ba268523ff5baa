import { sql, type Kysely } from 'kysely';
import type { Migration } from './migration.js';

/** Issued recommendations and the weekly quota counter of the free plan. */
export const recommendations: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('recommendations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // Per-user issue order: history sorts by it (timestamps can tie) and the engine seeds from it.
      .addColumn('seq', 'integer', (c) => c.notNull())
      // No foreign key: a catalog upgrade may drop a title without touching user history.
      .addColumn('title_id', 'text', (c) => c.notNull())
      .addColumn('movie_title', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
      .addColumn('user_rating', 'integer')
      .addColumn('rated_at', 'text')
      .addColumn('mood', 'text')
      .addColumn('platform', 'text')
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('score', 'real', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('closed_at', 'text')
      .execute();
    await db.schema.createIndex('recommendations_user_seq_idx').on('recommendations').columns(['user_id', 'seq']).unique().execute();
    // A title is issued to a user at most once, whatever happens in the engine.
    await db.schema.createIndex('recommendations_user_title_idx').on('recommendations').columns(['user_id', 'title_id']).unique().execute();
    // At most one active recommendation per user.
    await sql`create unique index recommendations_one_active_idx on recommendations (user_id) where status = 'active'`.execute(db);

    await db.schema
      .createTable('recommendation_quota')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // The local date (YYYY-MM-DD) of the Monday that starts the user's week.
      .addColumn('week_start', 'text', (c) => c.notNull())
      .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('recommendation_quota_pk', ['user_id', 'week_start'])
      .execute();
  },
};
