// The parts of Plex Media Server's JSON answers (Accept: application/json) that we read. Every
// answer is wrapped in a MediaContainer; fields Plex may leave out are optional.

/** GET /: the server itself. */
export interface PlexServerInfo {
  friendlyName?: string;
  machineIdentifier?: string;
  /** The plex.tv account the server is signed in to (its owner). */
  myPlexUsername?: string;
  version?: string;
}

/** One entry of GET /library/sections (Plex Web calls a section a "library"). */
export interface PlexSection {
  key: string;
  /** movie, show, artist, photo. */
  type: string;
  title?: string;
}

/** One `Guid` entry with includeGuids=1: `imdb://tt0111161`, `tmdb://278`, `tvdb://81189`. */
export interface PlexGuid {
  id: string;
}

/** A movie or show of /library/sections/{key}/all, or the Metadata of a webhook. */
export interface PlexMetadata {
  ratingKey: string;
  type: string;
  title?: string;
  originalTitle?: string;
  year?: number;
  /** Milliseconds (a show: its typical episode). */
  duration?: number;
  /** The agent's id: `plex://movie/...`, or a legacy agent's `com.plexapp.agents.imdb://tt...?lang=en`. */
  guid?: string;
  Guid?: PlexGuid[];
  /** Times this account played a movie to the end (absent: never). */
  viewCount?: number;
  /** Seconds since the epoch. */
  lastViewedAt?: number;
  /** 0-10 (five stars in Plex's apps, half a star each point). */
  userRating?: number;
  lastRatedAt?: number;
  addedAt?: number;
  /** Shows: episodes in the library and episodes this account has viewed. */
  leafCount?: number;
  viewedLeafCount?: number;
  /** Episodes and seasons in webhooks: the show they belong to. */
  grandparentRatingKey?: string;
  grandparentTitle?: string;
  grandparentGuid?: string;
  parentRatingKey?: string;
  parentTitle?: string;
}

/** One page of a section's items (X-Plex-Container-Start / -Size). */
export interface PlexPage {
  items: PlexMetadata[];
  /** Items in the whole section. */
  totalSize: number;
}
