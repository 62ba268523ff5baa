// The catalog: streaming services, titles, where each title streams, the sync's queue.
// Shapes as stored: booleans 0/1, times ISO-8601 UTC text (see ../schema.ts).

export interface PlatformsTable {
  name: string;
  slug: string;
  color: string;
  /** '' when the service has no search page we know (a provider only TMDB named). */
  search_url: string;
  hosts: string;
  /** JSON list of ISO country codes where the service operates; null: nearly everywhere, or unknown. */
  countries: string | null;
  tmdb_provider_id: number | null;
  /** TMDB logo path (under the image host), when TMDB gave one. */
  logo_path: string | null;
}

export interface TitlesTable {
  id: string;
  kind: string;
  title: string;
  original_title: string | null;
  year: number;
  end_year: number | null;
  genres: string;
  language: string;
  runtime: number | null;
  seasons: number | null;
  episode_runtime: number | null;
  /** A series' total episode count (null: unknown); only counts we are sure of (0024_title_episodes). */
  episodes: number | null;
  imdb_rating: number | null;
  rotten_tomatoes: number | null;
  fame: number;
  description: string;
  keywords: string;
  director: string | null;
  cast_members: string;
  source: string;
  catalog_version: number;
  created_at: string;
  updated_at: string;
  tmdb_id: number | null;
  /** "tt0111161" */
  imdb_id: string | null;
  /** TMDB image paths such as "/abc.jpg" (served from the image host). */
  poster_path: string | null;
  backdrop_path: string | null;
  /** YouTube video key of the trailer. */
  trailer_key: string | null;
  /** TMDB's audience average (0-10): shown only where no IMDb rating is known. */
  tmdb_rating: number | null;
  /** Votes behind the audience score (IMDb's, else TMDB's): popularity where fame is unknown. */
  vote_count: number | null;
  age_rating: string | null;
  /** Set when a source no longer lists the title: kept for history, never offered. */
  retired_at: string | null;
}

export interface TitleAvailabilityTable {
  title_id: string;
  platform: string;
  /** ISO 3166-1 alpha-2, or GLOBAL. */
  region: string;
  /** subscription | free | ads | rent | buy (OFFER_KINDS). */
  kind: string;
  /** YYYY-MM or YYYY-MM-DD: when the source said so. */
  as_of: string;
  /** Deep link to the title on that service or on the source's page, when known. */
  link: string | null;
  /** builtin | tmdb | streaming-csv | platform-flags: a source replaces only its own rows. */
  source: string;
}

/** A title's name and overview in one of the product's other languages (0037_title_translations). */
export interface TitleTranslationsTable {
  title_id: string;
  /** One of LOCALES other than en. */
  locale: string;
  /** Null: the source has no name in this language (the English one is shown). */
  title: string | null;
  overview: string | null;
  /** searchText(title): a search by the translated name. */
  search_title: string | null;
  source: string;
  updated_at: string;
}

export interface CatalogMetaTable {
  key: string;
  value: string;
}

export interface CatalogSyncItemsTable {
  source: string;
  /** movie | tv */
  kind: string;
  external_id: number;
  /** pending | done | failed */
  status: string;
  /** discover | changed | refresh */
  reason: string;
  attempts: number;
  error: string | null;
  run_id: string | null;
  title_id: string | null;
  /** YYYY-MM-DD of the offers last merged. */
  offers_as_of: string | null;
  queued_at: string;
  updated_at: string;
}
