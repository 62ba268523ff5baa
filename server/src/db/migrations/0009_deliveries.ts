import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Scheduled deliveries: one row per user and local date, inserted before anything is sent, so
 * every instance on one database agrees on who delivers it (UNIQUE + a lease); and the user's
 * choice of channel.
 */
export const deliveries: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('delivery_channel', 'text', (c) => c.notNull().defaultTo('email')).execute();
    await db.schema
      .createTable('deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // YYYY-MM-DD on the user's wall calendar: at most one delivery per user and local day.
      .addColumn('local_date', 'text', (c) => c.notNull())
      .addColumn('due_at', 'text', (c) => c.notNull())
      // pending | sent | skipped | failed
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      // recommendation | upgrade, once known
      .addColumn('kind', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      // Held by the instance sending it, or the earliest time of the next retry.
      .addColumn('lease_until', 'text')
      // Set once issued, so a retry sends the same recommendation instead of spending another.
      .addColumn('recommendation_id', 'text')
      .addColumn('email_sent_at', 'text')
      .addColumn('calendar_event_id', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .addUniqueConstraint('deliveries_user_date_unique', ['user_id', 'local_date'])
      .execute();
    await db.schema.createIndex('deliveries_local_date_idx').on('deliveries').column('local_date').execute();
  },
};
