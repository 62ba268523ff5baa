import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/**
 * The language the product speaks to a person (issue 39): one of LOCALES (shared/src/i18n.ts), set
 * at sign-up to the language the sign-up page was shown in and changed in Settings or onboarding;
 * null for accounts from before, which are spoken to in their browser's language and, by email,
 * in English until they choose.
 */
export const uiLanguage: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('ui_language', 'text').execute();
  },
};
