import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Connected apps (issue 37; docs/security.md, "Connected apps"): one row a user and kind. The
 * credentials are sealed with the token cipher (bound to the user and kind); the webhook's secret
 * is looked up by its SHA-256 (like extension tokens); the secret itself is sealed with the
 * credentials, so Settings can show the URL again. `sync_lease_until` and
 * `sync_holder` are the per-connection lease a pull runs under, so two instances never pull one
 * connection at once; `next_sync_at` is when the scheduled pull is due (null: not scheduled, e.g.
 * after the app refused the key). What it brought in is counted where it is (the history's
 * rows carry their origin; user_library), not here.
 */
export const connections: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('connections')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('credentials', 'text', (c) => c.notNull())
      .addColumn('account_name', 'text')
      .addColumn('server_url', 'text')
      .addColumn('webhook_secret_hash', 'text', (c) => c.unique())
      .addColumn('cursor', 'text')
      .addColumn('last_sync_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('push_back', 'integer', (c) => c.notNull().defaultTo(0))
      // Push back: our history's changes up to this moment are sent (null: none yet, so all of it).
      .addColumn('pushed_until', 'text')
      .addColumn('next_sync_at', 'text')
      .addColumn('sync_lease_until', 'text')
      .addColumn('sync_holder', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('connections_pk', ['user_id', 'kind'])
      .execute();
    await db.schema.createIndex('connections_due_idx').on('connections').column('next_sync_at').execute();

    // Trakt's device flow between its start and the user's approval: the device code sealed, with its expiry.
    await db.schema
      .createTable('connection_device_codes')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('device_code', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('interval_seconds', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('connection_device_codes_pk', ['user_id', 'kind'])
      .execute();
  },
};
