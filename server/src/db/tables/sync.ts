// What connected apps and the extension bring in (migration 0030): the events written, and the
// titles of a person's own media-server library.

export interface SyncEventsTable {
  user_id: string;
  /** jellyfin | emby | plex | trakt | extension */
  origin: string;
  /** The source's own key of the event (sync-event.ts): a replay has the same key. */
  event_key: string;
  title_id: string | null;
  happened_at: string;
  received_at: string;
}

export interface UserLibraryTable {
  user_id: string;
  /** jellyfin | emby | plex */
  origin: string;
  item_id: string;
  title_id: string;
  url: string | null;
  added_at: string;
}
