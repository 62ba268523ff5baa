import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/** The catalog: titles, platforms and where each title is available. */
export const catalog: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('platforms')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('color', 'text', (c) => c.notNull())
      .addColumn('search_url', 'text', (c) => c.notNull())
      .addColumn('hosts', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();

    await db.schema
      .createTable('titles')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('original_title', 'text')
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('end_year', 'integer')
      .addColumn('genres', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('runtime', 'integer')
      .addColumn('seasons', 'integer')
      .addColumn('episode_runtime', 'integer')
      .addColumn('imdb_rating', 'real')
      .addColumn('rotten_tomatoes', 'integer')
      .addColumn('fame', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('keywords', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('director', 'text')
      .addColumn('cast_members', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('source', 'text', (c) => c.notNull().defaultTo('builtin'))
      .addColumn('catalog_version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('titles_title_idx').on('titles').column('title').execute();
    await db.schema.createIndex('titles_language_idx').on('titles').column('language').execute();

    await db.schema
      .createTable('title_availability')
      .addColumn('title_id', 'text', (c) => c.notNull().references('titles.id').onDelete('cascade'))
      .addColumn('platform', 'text', (c) => c.notNull().references('platforms.name').onDelete('cascade'))
      .addColumn('region', 'text', (c) => c.notNull())
      .addColumn('as_of', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('title_availability_pk', ['title_id', 'platform', 'region'])
      .execute();
    await db.schema.createIndex('title_availability_platform_idx').on('title_availability').column('platform').execute();

    await db.schema
      .createTable('catalog_meta')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
  },
};
