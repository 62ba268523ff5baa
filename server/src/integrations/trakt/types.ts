// Trakt's answers as its API documents them (docs.trakt.tv), the fields we read. Every field is
// optional here: the answers are another service's JSON, read defensively where they are used.

export interface TraktIds {
  trakt?: number;
  slug?: string;
  imdb?: string | null;
  tmdb?: number | null;
  tvdb?: number | null;
}

export interface TraktMedia {
  title?: string | null;
  year?: number | null;
  ids?: TraktIds;
}

/** POST /oauth/device/code */
export interface TraktDeviceCode {
  device_code: string;
  user_code: string;
  verification_url: string;
  expires_in: number;
  interval: number;
}

/** POST /oauth/device/token and /oauth/token (seconds since the epoch, seconds of validity). */
export interface TraktToken {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  created_at?: number;
  token_type?: string;
  scope?: string;
}

/** GET /users/settings (the part we read). */
export interface TraktSettings {
  user?: { username?: string; name?: string | null; ids?: { slug?: string } };
}

/** GET /sync/last_activities: when each list last changed (ISO 8601 UTC). */
export interface TraktLastActivities {
  all?: string;
  movies?: { watched_at?: string; rated_at?: string; watchlisted_at?: string };
  episodes?: { watched_at?: string };
  shows?: { rated_at?: string; watchlisted_at?: string };
}

/** GET /sync/history/movies|shows: one play (an episode's play names its show). */
export interface TraktHistoryItem {
  id?: number;
  watched_at?: string;
  action?: string;
  type?: 'movie' | 'episode';
  movie?: TraktMedia;
  show?: TraktMedia;
}

/** GET /sync/ratings/movies|shows */
export interface TraktRatingItem {
  rated_at?: string;
  rating?: number;
  type?: 'movie' | 'show';
  movie?: TraktMedia;
  show?: TraktMedia;
}

/** GET /sync/watchlist/movies|shows */
export interface TraktWatchlistItem {
  id?: number;
  listed_at?: string;
  type?: 'movie' | 'show';
  movie?: TraktMedia;
  show?: TraktMedia;
}
