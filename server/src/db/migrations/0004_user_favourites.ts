import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/** The favourite titles a user picks in onboarding, in the order picked. */
export const userFavourites: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('user_favourites')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title_id', 'text', (c) => c.notNull().references('titles.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_favourites_pk', ['user_id', 'title_id'])
      .execute();
  },
};
