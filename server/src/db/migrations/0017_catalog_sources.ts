import { sql, type Kysely } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Catalog sources beyond the built-in pack (docs/catalog.md): external ids that the matcher joins
 * on, artwork and trailer from TMDB, vote counts for popularity, a retirement stamp, and offers
 * with their kind (subscription / free / ads / rent / buy), deep link and source. The offer table
 * is rebuilt because its key gains the kind (a title can be on one service both to stream and to
 * rent). Users get a country: availability is per country.
 */
export const catalogSources: Migration = {
  async up(db: Kysely<any>) {
    for (const [name, type] of [
      ['tmdb_id', 'integer'],
      ['imdb_id', 'text'],
      ['poster_path', 'text'],
      ['backdrop_path', 'text'],
      ['trailer_key', 'text'],
      ['tmdb_rating', 'real'],
      ['vote_count', 'integer'],
      ['age_rating', 'text'],
      ['retired_at', 'text'],
    ] as const) {
      await db.schema.alterTable('titles').addColumn(name, type).execute();
    }
    // TMDB numbers movies and series separately, so its id is unique per kind.
    await sql`create unique index titles_tmdb_idx on titles (kind, tmdb_id) where tmdb_id is not null`.execute(db);
    await sql`create unique index titles_imdb_idx on titles (imdb_id) where imdb_id is not null`.execute(db);
    await db.schema.createIndex('titles_year_idx').on('titles').column('year').execute();

    await db.schema.alterTable('platforms').addColumn('tmdb_provider_id', 'integer').execute();
    await db.schema.alterTable('platforms').addColumn('logo_path', 'text').execute();

    await db.schema
      .createTable('title_offers')
      .addColumn('title_id', 'text', (c) => c.notNull().references('titles.id').onDelete('cascade'))
      .addColumn('platform', 'text', (c) => c.notNull().references('platforms.name').onDelete('cascade'))
      .addColumn('region', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('as_of', 'text', (c) => c.notNull())
      .addColumn('link', 'text')
      .addColumn('source', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('title_offers_pk', ['title_id', 'platform', 'region', 'kind'])
      .execute();
    await sql`insert into title_offers (title_id, platform, region, kind, as_of, link, source)
      select title_id, platform, region, 'subscription', as_of, null, 'builtin' from title_availability`.execute(db);
    await db.schema.dropTable('title_availability').execute();
    await db.schema.alterTable('title_offers').renameTo('title_availability').execute();
    await db.schema.createIndex('title_availability_platform_idx').on('title_availability').column('platform').execute();
    await db.schema.createIndex('title_availability_source_idx').on('title_availability').columns(['source', 'as_of']).execute();

    await db.schema.alterTable('users').addColumn('country', 'text').execute();
  },
};
