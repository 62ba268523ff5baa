import { z } from 'zod';
import { Kind } from './common.js';

/** Where a title is durably available (a platform's originals, a studio's own service). */
export const TitleAvailability = z.object({
  platform: z.string(),
  /** "GLOBAL" or an ISO country code. */
  region: z.string(),
  /** YYYY-MM: when this was known to be true. */
  as_of: z.string(),
  logo_url: z.string(),
  /** The platform's search page for this title. */
  watch_url: z.string(),
});
export type TitleAvailability = z.infer<typeof TitleAvailability>;

/** GET /api/catalog/titles/:id. URLs are relative to the API origin. */
export const CatalogTitle = z.object({
  id: z.string(),
  kind: Kind,
  title: z.string(),
  original_title: z.string().nullable(),
  year: z.number().int(),
  end_year: z.number().int().nullable(),
  genres: z.array(z.string()),
  /** Language name, e.g. "Korean". */
  language: z.string(),
  /** Minutes: the film's length, or a series' typical episode. */
  runtime: z.number().int().nullable(),
  seasons: z.number().int().nullable(),
  imdb_rating: z.number().nullable(),
  /** TMDB's audience average (0-10), where TMDB rates the title. */
  tmdb_rating: z.number().nullable().default(null),
  rotten_tomatoes: z.number().int().nullable(),
  description: z.string(),
  keywords: z.array(z.string()),
  director: z.string().nullable(),
  cast: z.array(z.string()),
  /** Empty: availability unknown. */
  availability: z.array(TitleAvailability),
  /** TMDB's poster (absolute URL) when known, else ours. */
  poster_url: z.string(),
  /** Our generated poster: what to show when poster_url fails to load. */
  poster_fallback_url: z.string(),
  /** The title's trailer on YouTube, or null when unknown. */
  trailer_url: z.string().nullable(),
});
export type CatalogTitle = z.infer<typeof CatalogTitle>;

export const PostersQuery = z.object({ limit: z.coerce.number().int().min(1).max(60).default(24) });
export type PostersQuery = z.input<typeof PostersQuery>;

export const PosterItem = z.object({
  id: z.string(),
  title: z.string(),
  year: z.number().int(),
  kind: Kind,
  language: z.string(),
  poster_url: z.string(),
  poster_fallback_url: z.string(),
});
export type PosterItem = z.infer<typeof PosterItem>;

/** GET /api/catalog/posters: the landing carousel. */
export const PostersResponse = z.object({ posters: z.array(PosterItem) });
export type PostersResponse = z.infer<typeof PostersResponse>;
