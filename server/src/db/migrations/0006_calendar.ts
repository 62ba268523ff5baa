import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/** Pending Google authorisations (state + PKCE verifier) and the "reconnect needed" flag. */
export const calendar: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('calendar_oauth_states')
      // sha256 of the state: the state itself only travels in the user's browser.
      .addColumn('state_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // Useless without the authorisation code, which never reaches the database; lives 10 minutes.
      .addColumn('code_verifier', 'text', (c) => c.notNull())
      .addColumn('redirect_uri', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('calendar_oauth_states_user_idx').on('calendar_oauth_states').column('user_id').execute();
    await db.schema.createIndex('calendar_oauth_states_expires_idx').on('calendar_oauth_states').column('expires_at').execute();
    // Set when Google stopped accepting the refresh token: the token is gone and Settings asks to reconnect.
    await db.schema.alterTable('users').addColumn('calendar_needs_reconnect', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};
