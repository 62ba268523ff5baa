// The parts of TMDB's v3 responses we read (developer.themoviedb.org reference). Every field is
// optional or nullable in practice, so mapping.ts reads them defensively.

export interface TmdbDiscoverItem {
  id: number;
  title?: string;
  name?: string;
  popularity?: number;
  poster_path?: string | null;
}

export interface TmdbDiscoverPage {
  page: number;
  results: TmdbDiscoverItem[];
  total_pages: number;
  total_results: number;
}

export interface TmdbChangesPage {
  page: number;
  results: Array<{ id: number; adult?: boolean | null }>;
  total_pages: number;
  total_results: number;
}

export interface TmdbProvider {
  provider_id: number;
  provider_name: string;
  logo_path?: string | null;
  display_priority?: number;
}

export interface TmdbRegionProviders {
  link?: string;
  flatrate?: TmdbProvider[];
  free?: TmdbProvider[];
  ads?: TmdbProvider[];
  rent?: TmdbProvider[];
  buy?: TmdbProvider[];
}

export interface TmdbWatchProviders {
  results?: Record<string, TmdbRegionProviders>;
}

export interface TmdbVideo {
  key: string;
  site: string;
  type: string;
  official?: boolean;
  published_at?: string;
}

/**
 * One language of GET /movie/{id}/translations or /tv/{id}/translations (or the details'
 * append_to_response=translations): ISO 639-1 language, ISO 3166-1 region, and the texts in it
 * (an empty string where that language has none).
 */
export interface TmdbTranslation {
  iso_639_1: string;
  iso_3166_1: string;
  name?: string;
  english_name?: string;
  data?: {
    /** Movies. */
    title?: string | null;
    /** Series. */
    name?: string | null;
    overview?: string | null;
    tagline?: string | null;
    homepage?: string | null;
  } | null;
}

interface TmdbDetailsBase {
  id: number;
  overview?: string | null;
  original_language?: string | null;
  genres?: Array<{ id: number; name: string }>;
  poster_path?: string | null;
  backdrop_path?: string | null;
  vote_average?: number | null;
  vote_count?: number | null;
  popularity?: number | null;
  credits?: {
    cast?: Array<{ name: string; order?: number }>;
    crew?: Array<{ name: string; job?: string }>;
  };
  external_ids?: { imdb_id?: string | null };
  videos?: { results?: TmdbVideo[] };
  'watch/providers'?: TmdbWatchProviders;
  translations?: { translations?: TmdbTranslation[] };
}

export interface TmdbMovieDetails extends TmdbDetailsBase {
  title: string;
  original_title?: string | null;
  release_date?: string | null;
  runtime?: number | null;
  imdb_id?: string | null;
  keywords?: { keywords?: Array<{ id: number; name: string }> };
  release_dates?: { results?: Array<{ iso_3166_1: string; release_dates?: Array<{ certification?: string; type?: number }> }> };
}

export interface TmdbEpisode {
  runtime?: number | null;
  air_date?: string | null;
}

export interface TmdbTvDetails extends TmdbDetailsBase {
  name: string;
  original_name?: string | null;
  first_air_date?: string | null;
  last_air_date?: string | null;
  status?: string | null;
  in_production?: boolean;
  /** Often empty since TMDB stopped filling it for many shows. */
  episode_run_time?: number[];
  last_episode_to_air?: TmdbEpisode | null;
  next_episode_to_air?: TmdbEpisode | null;
  seasons?: Array<{ season_number?: number; episode_count?: number; episodes?: TmdbEpisode[] }>;
  number_of_seasons?: number | null;
  /** Episodes aired so far, over every season. */
  number_of_episodes?: number | null;
  created_by?: Array<{ name: string }>;
  keywords?: { results?: Array<{ id: number; name: string }> };
  content_ratings?: { results?: Array<{ iso_3166_1: string; rating?: string }> };
}

export interface TmdbConfiguration {
  images?: { secure_base_url?: string; base_url?: string; poster_sizes?: string[] };
  change_keys?: string[];
}

export interface TmdbProviderList {
  results?: Array<TmdbProvider & { display_priorities?: Record<string, number> }>;
}
