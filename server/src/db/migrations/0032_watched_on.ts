import type { Kysely } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Where a history row's title was watched when a connected app or the extension said so (jellyfin,
 * emby, plex, trakt, extension): tonight's pick played to the end on Jellyfin stays a pick (its
 * origin) and the history says "Watched on Jellyfin". Null for a title marked watched here.
 */
export const watchedOn: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('recommendations').addColumn('watched_on', 'text').execute();
  },
};
