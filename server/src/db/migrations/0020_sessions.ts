import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';
import { codeColumns } from './helpers.js';

/**
 * Credentials (docs/security.md, "Password reset" and "Sessions"):
 * - sessions: one row per signed-in web session; its id is the access token's `sid` claim, so one
 *   session can be listed and revoked on its own. The user agent is kept to label the device.
 * - password_reset_codes: emailed reset codes, keyed by address (a request for an address with no
 *   account stores a row too, so both answer alike and do the same work).
 * - email_change_codes: the code sent to a new address a signed-in user asked to move to.
 */
export const sessions: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('user_agent', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user_idx').on('sessions').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('password_reset_codes')
      .addColumn('email', 'text', (c) => c.primaryKey())
      .$call(codeColumns)
      .execute();
    await db.schema.createIndex('password_reset_codes_expires').on('password_reset_codes').column('expires_at').execute();

    await db.schema
      .createTable('email_change_codes')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('new_email', 'text', (c) => c.notNull())
      .$call(codeColumns)
      .execute();
  },
};
