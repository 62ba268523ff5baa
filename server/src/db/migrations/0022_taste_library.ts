import { sql, type Kysely } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Bring your taste (docs/product-decisions.md, "Imports, the watchlist and a history you can
 * correct"): history imports with their preview, titles saved for later, and the origin of each
 * history row.
 *
 * An imported title becomes a row of `recommendations` with origin 'import' and a negative seq
 * (older than every pick, so the engine's recency weighting reads it first and history lists it
 * last); the row's import_id lets the import be undone exactly. The uploaded file itself is never
 * stored: only what was read from it, per title.
 */
export const tasteLibrary: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('imports')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // letterboxd | imdb | netflix | trakt
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('filename', 'text', (c) => c.notNull())
      // sha256 of the uploaded bytes: tells "you imported this file before", never the content.
      .addColumn('file_hash', 'text', (c) => c.notNull())
      // preview | confirmed | undone
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('rows_read', 'integer', (c) => c.notNull())
      .addColumn('unmatched_count', 'integer', (c) => c.notNull())
      // What confirming wrote (JSON: likes, dislikes, watched, watchlist, already_in_history).
      .addColumn('applied', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('confirmed_at', 'text')
      .addColumn('undone_at', 'text')
      .execute();
    await db.schema.createIndex('imports_user_created_idx').on('imports').columns(['user_id', 'created_at']).execute();

    // One entry per title read from the file (episodes collapsed to their show, repeated rows merged).
    await db.schema
      .createTable('import_items')
      .addColumn('import_id', 'text', (c) => c.notNull().references('imports.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      // The name and year as the file wrote them (what an ambiguous entry shows).
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('year', 'integer')
      // The matched catalog title; null while ambiguous.
      .addColumn('title_id', 'text')
      // Ambiguous: the candidate title ids (JSON array); null when matched.
      .addColumn('candidates', 'text')
      // The file's own rating as it wrote it (e.g. "4.5" of 5, "8" of 10), for the preview.
      .addColumn('source_rating', 'text')
      // 1 like, 0 dislike, null neither (by the source's thresholds).
      .addColumn('liked', 'integer')
      .addColumn('watched', 'integer', (c) => c.notNull())
      .addColumn('watchlist', 'integer', (c) => c.notNull())
      // When the file says it happened (rated, watched or added), ISO date or null.
      .addColumn('happened_at', 'text')
      .addPrimaryKeyConstraint('import_items_pk', ['import_id', 'position'])
      .execute();

    await db.schema.alterTable('recommendations').addColumn('origin', 'text', (c) => c.notNull().defaultTo('pick')).execute();
    await db.schema.alterTable('recommendations').addColumn('import_id', 'text').execute();
    await db.schema.createIndex('recommendations_import_idx').on('recommendations').column('import_id').execute();

    await db.schema
      .createTable('watchlist')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // No foreign key, like recommendations: a catalog change never empties a user's list.
      .addColumn('title_id', 'text', (c) => c.notNull())
      .addColumn('added_at', 'text', (c) => c.notNull())
      // The import that added it (undo removes it), or null when saved in the app.
      .addColumn('import_id', 'text')
      .addPrimaryKeyConstraint('watchlist_pk', ['user_id', 'title_id'])
      .execute();
    await sql`create index watchlist_user_added_idx on watchlist (user_id, added_at)`.execute(db);
  },
};
