// What a connected app or the extension tells us happened, in one shape (issue 37): every
// adapter (features/connections/<kind>/) and the extension's watched route turn their source's
// events into these, and sync.service.ts writes them through the one history owner.
import type { SyncOrigin } from '@app/shared';

export type { SyncOrigin };

/** A title as a source names it: its provider ids first, then its name, year and kind. */
export interface TitleRef {
  /** Our own catalog id when the sender already resolved it (the extension's badge): matched first. */
  titleId?: string | null;
  kind: 'movie' | 'series' | null;
  name: string;
  /** The source's original-language name when it has one (a second name to match by). */
  originalName?: string | null;
  year: number | null;
  tmdbId?: number | null;
  imdbId?: string | null;
  tvdbId?: number | null;
  /**
   * The source's own id of the title in the person's library (an episode's series id): matched
   * through the library a pull read before any name, so a series named like another is still found.
   */
  libraryItemId?: string | null;
  /** Minutes, when the source says (a short is never joined to a feature of the same name). */
  runtime?: number | null;
}

/** A source's rating on its own scale (Plex 0-10, Jellyfin 0-10 community/critic, Trakt 1-10, Emby 0-10). */
export interface SourceRating {
  value: number;
  max: number;
}

export interface SyncEvent {
  /**
   * Unique per external event within (user, origin): a replay with the same key changes nothing.
   * Built from the source's own ids and time (e.g. `jellyfin:played:<itemId>:<lastPlayedDate>`).
   */
  key: string;
  title: TitleRef;
  /** When the source says it happened (not when we heard of it). */
  at: Date;
  /** Played (to the end, or marked played on the server). */
  watched?: boolean;
  /** True when the source saw it played to the end (a mild positive). */
  playedToEnd?: boolean;
  /** The source's favourite flag: a like. */
  favourite?: boolean;
  /** A rating on the source's scale; null when the source cleared it. */
  rating?: SourceRating | null;
  /** Added to (true) or removed from (false) the source's watchlist. */
  watchlist?: boolean;
}

/** A title in the user's own media-server library: offered to them as a service of their own. */
export interface LibraryItem {
  title: TitleRef;
  /** The item's page on the user's server (shown as "On your Jellyfin"), null when unknown. */
  url: string | null;
  /** The source's id of the item (updates and removals name it). */
  itemId: string;
}

/** What writing a batch of events did: the figures Settings shows. */
export interface SyncCounts {
  received: number;
  /** Titles added to or changed in the history. */
  written: number;
  /** Events already recorded (a replay). */
  duplicates: number;
  /** Events whose title the catalog does not hold. */
  unmatched: number;
}
