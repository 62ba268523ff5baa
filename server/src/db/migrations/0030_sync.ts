import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/**
 * What connected apps and the extension bring in (issue 37; docs/product-decisions.md, "What you
 * watch elsewhere"). `sync_events` remembers every external event written, by its key per user and
 * origin, so a replayed webhook or a pull that reads an event again changes nothing. `user_library`
 * is the titles a person's own media server holds: offered to them as a service of their own.
 * History rows a source wrote carry it as their `origin` (jellyfin, emby, plex, trakt, extension).
 */
export const sync: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('sync_events')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('event_key', 'text', (c) => c.notNull())
      // Null when the catalog did not hold the title (kept, so a replay is still a replay).
      .addColumn('title_id', 'text')
      .addColumn('happened_at', 'text', (c) => c.notNull())
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('sync_events_pk', ['user_id', 'origin', 'event_key'])
      .execute();

    await db.schema
      .createTable('user_library')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      // No foreign key, like recommendations: a catalog change never empties a library.
      .addColumn('title_id', 'text', (c) => c.notNull())
      .addColumn('url', 'text')
      .addColumn('added_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_library_pk', ['user_id', 'origin', 'item_id'])
      .execute();
    await db.schema.createIndex('user_library_title_idx').on('user_library').columns(['user_id', 'title_id']).execute();
  },
};
