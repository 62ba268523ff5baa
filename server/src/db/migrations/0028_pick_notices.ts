import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/**
 * What a pick says plainly beside its reason (docs/product-decisions.md, "Honest moods and
 * reasons"): a JSON list of `{code, mood, nearest_mood}`, null for none (every older row). The
 * card reads it again on every GET of tonight's pick, so it is stored with the row.
 */
export const pickNotices: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('recommendations').addColumn('notices', 'text').execute();
  },
};
