import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Indexes for the co-like neighbours (features/history/co-likes.ts): reading every
 * user's favourites in order, page by page, and counting the ratings and favourites that
 * arrived since the last rebuild without scanning the tables.
 */
export const coLikes: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('recommendations_rated_at_idx').on('recommendations').column('rated_at').execute();
    await db.schema.createIndex('user_favourites_user_position_idx').on('user_favourites').columns(['user_id', 'position']).execute();
    await db.schema.createIndex('user_favourites_created_at_idx').on('user_favourites').column('created_at').execute();
  },
};
