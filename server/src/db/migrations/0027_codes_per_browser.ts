import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';
import { codeColumns } from './helpers.js';

/**
 * Sign-up and password reset codes are bound to the browser that asked for them, as sign-in
 * (unlock) codes are (docs/security.md, "One-time codes"): one row per address (or account) and
 * browser (a keyed hash of its tp_unlock id), so a stranger's request neither replaces the
 * owner's code nor spends its attempts. The tables are made again: codes pending at the upgrade
 * (15 and 30 minutes of life) belong to no browser, and their owners ask for a new one.
 */
export const codesPerBrowser: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.dropTable('verification_codes').execute();
    await db.schema
      .createTable('verification_codes')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('browser', 'text', (c) => c.notNull())
      .$call(codeColumns)
      .addPrimaryKeyConstraint('verification_codes_pk', ['user_id', 'browser'])
      .execute();

    await db.schema.dropTable('password_reset_codes').execute();
    await db.schema
      .createTable('password_reset_codes')
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('browser', 'text', (c) => c.notNull())
      .$call(codeColumns)
      .addPrimaryKeyConstraint('password_reset_codes_pk', ['email', 'browser'])
      .execute();
    await db.schema.createIndex('password_reset_codes_expires_at').on('password_reset_codes').column('expires_at').execute();
  },
};
