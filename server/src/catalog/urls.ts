// Public URLs of catalog artwork and platform search pages. Our artwork URLs are relative to the
// API origin: the web app is served from it, and the extension resolves them against its API
// base. TMDB's images are absolute, on the configured image host (TMDB_IMAGE_URL).
import { ROUTES, fillPath } from '@app/shared';

export const posterUrl = (titleId: string) => fillPath(ROUTES.catalog_poster_svg.path, { id: titleId });
/** The generated poster as PNG, for email clients that drop SVG (Gmail, Outlook). */
export const posterPngUrl = (titleId: string) => fillPath(ROUTES.catalog_poster_png.path, { id: titleId });
export const logoUrl = (platformSlug: string) => fillPath(ROUTES.catalog_platform_logo.path, { slug: platformSlug });

/** Fills a platform's search template ("https://www.netflix.com/search?q={q}") with a title. */
export const watchUrl = (template: string, title: string) => template.replace('{q}', encodeURIComponent(title));

// TMDB's image paths look like "/kqjL17yufvn9OVLyXYpvtyrFfak.jpg". Anything else (another format,
// a path that climbs or carries a query) is not used: the title keeps our poster. SVG is never
// taken from there, so an email never carries one.
const TMDB_IMAGE_PATH = /^\/[A-Za-z0-9_-]{1,100}\.(jpe?g|png)$/;
// YouTube video ids are 11 of these; a little room in case that changes.
const YOUTUBE_KEY = /^[A-Za-z0-9_-]{6,32}$/;

/** A TMDB image (`${base}/${size}${path}`), or null when the path is not one of TMDB's. */
export const tmdbImageUrl = (base: string, size: 'w342' | 'w780', path: string | null): string | null =>
  path && TMDB_IMAGE_PATH.test(path) ? `${base}/${size}${path}` : null;

/** TMDB's trailer keys are YouTube video ids; null when unknown or not one. */
export const trailerUrl = (youtubeKey: string | null): string | null =>
  youtubeKey && YOUTUBE_KEY.test(youtubeKey) ? `https://www.youtube.com/watch?v=${youtubeKey}` : null;

export interface PosterUrls {
  /** TMDB's poster when the title has one, else ours. */
  poster_url: string;
  /** Ours (SVG), shown when poster_url fails to load. */
  poster_fallback_url: string;
}

/** imageBase null: TMDB images are not used, every poster is ours. */
export function posterUrls(imageBase: string | null, t: { id: string; posterPath: string | null }): PosterUrls {
  const ours = posterUrl(t.id);
  return { poster_url: (imageBase && tmdbImageUrl(imageBase, 'w342', t.posterPath)) || ours, poster_fallback_url: ours };
}
