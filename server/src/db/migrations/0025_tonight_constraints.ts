import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Tonight's constraints (issue 19), remembered per user on the user row: they are read by every
 * pick (web, extension, scheduled delivery) with the row the pick already locks, and they go with
 * the account. The time budget, kind and exploration are null when unset; the exclusions are one
 * JSON object {genres, keywords, people}; the age rating is one of MAX_AGE_RATINGS or null.
 */
export const tonightConstraints: Migration = {
  async up(db: Kysely<any>) {
    const columns: Array<[string, 'integer' | 'text' | 'double precision', boolean]> = [
      ['tonight_max_minutes', 'integer', false],
      ['tonight_kind', 'text', false],
      ['tonight_exploration', 'double precision', false],
      ['tonight_finish', 'integer', true],
      ['exclusions', 'text', false],
      ['max_age_rating', 'text', false],
    ];
    for (const [name, type, flag] of columns) {
      await db.schema
        .alterTable('users')
        .addColumn(name, type, (c) => (flag ? c.notNull().defaultTo(0) : c))
        .execute();
    }
  },
};
