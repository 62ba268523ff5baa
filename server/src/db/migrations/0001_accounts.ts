import { sql, type Kysely } from 'kysely';
import type { Migration } from './migration.js';
import { codeColumns } from './helpers.js';

export const accounts: Migration = {
  async up(db: Kysely<any>, dialect) {
    const autoId = dialect === 'postgres' ? 'serial' : 'integer';
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text')
      .addColumn('full_name', 'text')
      .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('google_sub', 'text', (c) => c.unique())
      .addColumn('is_onboarded', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('subscription_tier', 'text', (c) => c.notNull().defaultTo('free_trial'))
      .addColumn('subscription_end_date', 'text')
      .addColumn('calendar_refresh_token', 'text')
      .addColumn('calendar_account_email', 'text')
      .addColumn('calendar_enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('selected_days', 'text', (c) => c.notNull().defaultTo('[1,2,3,4,5]'))
      .addColumn('recommendation_frequency', 'text')
      .addColumn('recommendation_day', 'integer')
      .addColumn('recommendation_time', 'text', (c) => c.notNull().defaultTo('19:00'))
      .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
      .addColumn('ott_subscriptions', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('preferred_languages', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('selected_genres', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('email_delivery', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('tokens_valid_after', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('verification_codes')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .$call(codeColumns)
      .execute();

    await db.schema
      .createTable('rate_limit_hits')
      .addColumn('bucket', 'text', (c) => c.notNull())
      .addColumn('window_start', 'text', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('rate_limit_hits_pk', ['bucket', 'window_start'])
      .execute();

    await db.schema
      .createTable('analytics_events')
      .addColumn('id', autoId, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('path', 'text')
      .addColumn('properties', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('analytics_events_name_idx').on('analytics_events').columns(['name', 'created_at']).execute();

    await db.schema
      .createTable('app_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
    void sql;
  },
};
