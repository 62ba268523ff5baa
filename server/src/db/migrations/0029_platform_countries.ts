import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Where a streaming service operates: a JSON list of ISO country codes from the pack's
 * platforms.json, null when it operates nearly everywhere or we do not know (a provider only TMDB
 * named). Onboarding and Settings list the services of the user's country first and say which
 * are not offered there (docs/catalog.md, "Platforms").
 */
export const platformCountries: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('platforms').addColumn('countries', 'text').execute();
  },
};
