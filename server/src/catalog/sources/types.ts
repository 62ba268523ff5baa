// What every catalog source hands to the one matcher and merge (merge.ts): the built-in pack,
// TMDB, IMDb's datasets and streaming-platform CSVs all describe a title in this shape, so a
// title has one id whatever brought it in (docs/catalog.md).

export const OFFER_KINDS = ['subscription', 'free', 'ads', 'rent', 'buy'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** The dataset formats an operator's files come in (`npm run catalog -- import FORMAT`). */
export const DATASET_SOURCES = ['imdb-tsv', 'streaming-csv', 'platform-flags'] as const;
/** Every source's name, the one list: the pack, TMDB, then the datasets. */
export const SOURCES = ['builtin', 'tmdb', ...DATASET_SOURCES] as const;
export type SourceName = (typeof SOURCES)[number];

export interface SourceOffer {
  /** A platform name as stored in `platforms.name` (merge creates unknown ones). */
  platform: string;
  /** ISO 3166-1 alpha-2, or GLOBAL. */
  region: string;
  kind: OfferKind;
  /** YYYY-MM or YYYY-MM-DD. */
  as_of: string;
  link?: string | null;
}

/**
 * One title as a source knows it. `undefined` means "this source does not say" (the stored value
 * stays); `null` means "this source says it is unknown". Lists are in our vocabularies: genres
 * from GENRES, language an ISO 639-1 code.
 */
export interface SourceTitle {
  kind: 'movie' | 'series';
  title: string;
  originalTitle?: string | null;
  /** Release year (first air year for series); 0 when the source does not know it. */
  year: number;
  endYear?: number | null;
  genres?: string[];
  language?: string | null;
  /** Movies: minutes. */
  runtime?: number | null;
  seasons?: number | null;
  episodeRuntime?: number | null;
  /** Series: the total episode count, only when the source is sure of it (an ended series). */
  episodes?: number | null;
  imdbRating?: number | null;
  rottenTomatoes?: number | null;
  voteCount?: number | null;
  description?: string | null;
  keywords?: string[];
  director?: string | null;
  cast?: string[];
  ageRating?: string | null;
  tmdbId?: number | null;
  imdbId?: string | null;
  posterPath?: string | null;
  backdropPath?: string | null;
  trailerKey?: string | null;
  /** TMDB's audience average, 0-10. */
  tmdbRating?: number | null;
  /**
   * The source's complete word on this title's offers: its earlier offers for the title are
   * replaced by these (undefined: offers untouched). Regions in `offerRegions`, when given, limit
   * the replacement to those regions.
   */
  offers?: SourceOffer[];
  offerRegions?: string[];
  /**
   * Platforms in `offers`' scope when the source speaks for some services only (a streaming CSV
   * lists one service's catalogue): its offers on other platforms are kept.
   */
  offerPlatforms?: string[];
}
