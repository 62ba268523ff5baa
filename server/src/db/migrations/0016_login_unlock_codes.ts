import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';
import { codeColumns } from './helpers.js';

/**
 * Emailed codes that let one browser sign in while new browsers are limited (docs/security.md,
 * "Sign-in limits"). Keyed by address and browser, not by user: a request for an address with no
 * account stores a row too, so both answer alike.
 */
export const loginUnlockCodes: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('login_unlock_codes')
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('browser', 'text', (c) => c.notNull())
      .$call(codeColumns)
      .addPrimaryKeyConstraint('login_unlock_codes_pk', ['email', 'browser'])
      .execute();
    await db.schema.createIndex('login_unlock_codes_expires').on('login_unlock_codes').column('expires_at').execute();
  },
};
