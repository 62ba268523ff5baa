import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/**
 * A title's name and overview in the product's other languages (issue 39), as TMDB's translations
 * give them: one row per title and locale of LOCALES (shared/src/i18n.ts) other than English, the
 * English ones being the title's own row. Either text may be null (TMDB translated only the other
 * one): a reader falls back to English field by field. `search_title` is the name folded by
 * searchText (catalog/search-text.ts), so a search by the translated name is an index lookup.
 */
export const titleTranslations: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('title_translations')
      .addColumn('title_id', 'text', (c) => c.notNull())
      .addColumn('locale', 'text', (c) => c.notNull())
      .addColumn('title', 'text')
      .addColumn('overview', 'text')
      .addColumn('search_title', 'text')
      // Which source wrote it (tmdb): a source replaces only its own rows.
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('title_translations_pk', ['title_id', 'locale'])
      .execute();
    await db.schema.createIndex('title_translations_search_idx').on('title_translations').columns(['search_title']).execute();
  },
};
