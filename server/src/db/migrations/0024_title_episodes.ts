import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/**
 * A series' total episode count, null when unknown (docs/catalog.md). "Finish tonight" reads it:
 * a miniseries fits an evening when all its episodes do (engine/constraints.ts). Only a count we
 * are sure of is ever written (the pack's hand-checked ones, TMDB's for a series that has ended):
 * a wrong one would promise an evening the series cannot keep.
 */
export const titleEpisodes: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('titles').addColumn('episodes', 'integer').execute();
  },
};
