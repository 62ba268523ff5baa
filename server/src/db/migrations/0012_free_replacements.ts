import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/**
 * The free plan's free replacements (docs/product-decisions.md): beside `used` (the picks that
 * count against the weekly limit), the week's row counts the replacements that did not.
 */
export const freeReplacements: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('recommendation_quota')
      .addColumn('free_replacements', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
