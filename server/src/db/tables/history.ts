// A person's history and what feeds it: picks and ratings, the weekly quota, favourites, the watchlist, imports.
// Shapes as stored: booleans 0/1, times ISO-8601 UTC text (see ../schema.ts).
import type { Generated } from 'kysely';

export interface RecommendationsTable {
  id: string;
  user_id: string;
  seq: number;
  title_id: string;
  movie_title: string;
  /** active | watched | skipped */
  status: string;
  /** 1 liked, 0 disliked, null not rated */
  user_rating: number | null;
  rated_at: string | null;
  mood: string | null;
  platform: string | null;
  reason: string;
  score: number;
  created_at: string;
  closed_at: string | null;
  /** pick (issued by the engine) | import (read from a history import) | badge (rated from the extension's badge) | together (a rated together pick) */
  origin: Generated<string>;
  /** The import that wrote this row (undo deletes it); null for picks. */
  import_id: string | null;
  /** JSON list of the pick's notices ({code, mood, nearest_mood}: a mood nothing fits, little fits the taste); null for none. */
  notices?: string | null;
  /** Where a connected app or the extension saw it watched (migration 0032); null when marked here. */
  watched_on?: string | null;
}

export interface RecommendationQuotaTable {
  user_id: string;
  week_start: string;
  /** Issues that counted against the weekly limit. */
  used: number;
  /** Free replacements of a watched or disliked pick (did not count; capped per week). */
  free_replacements: Generated<number>;
}

export interface UserFavouritesTable {
  user_id: string;
  title_id: string;
  position: number;
  created_at: string;
}

export interface WatchlistTable {
  user_id: string;
  title_id: string;
  added_at: string;
  import_id: string | null;
}

export interface ImportsTable {
  id: string;
  user_id: string;
  /** letterboxd | imdb | netflix | trakt */
  source: string;
  filename: string;
  file_hash: string;
  /** preview | confirmed | undone */
  status: string;
  rows_read: number;
  unmatched_count: number;
  /** JSON of ImportCounts: what confirming wrote. */
  applied: string | null;
  created_at: string;
  confirmed_at: string | null;
  undone_at: string | null;
}

export interface ImportItemsTable {
  import_id: string;
  position: number;
  name: string;
  year: number | null;
  title_id: string | null;
  /** JSON array of candidate title ids while ambiguous. */
  candidates: string | null;
  source_rating: string | null;
  /** 1 like, 0 dislike, null neither */
  liked: number | null;
  watched: number;
  watchlist: number;
  happened_at: string | null;
}
