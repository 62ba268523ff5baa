// A title as a client shows it (issue 39: in the viewer's language, with the original name beside
// a translated one): the recommendation card's catalog part and the title page, built from a
// catalog entry, its text in that language, the platforms and the poster addresses.
import type { CatalogTitle, Recommendation } from '@app/shared';
import { STREAMABLE, type CatalogEntry, type PlatformInfo } from './snapshot.js';
import { trailerUrl, watchUrl, type PosterUrls } from './urls.js';
import { servesCountry, whereToWatch, type OwnCopy, type Viewer } from './where-to-watch.js';
import type { TitleText } from './descriptions.js';

/** The catalog part of a recommendation card; the recommendations feature adds the rest. */
export type TitleDisplay = Pick<
  Recommendation,
  | 'title_id'
  | 'kind'
  | 'movie_title'
  | 'original_title'
  | 'movie_description'
  | 'year'
  | 'end_year'
  | 'genre'
  | 'genres'
  | 'language'
  | 'runtime'
  | 'seasons'
  | 'rotten_tomatoes'
  | 'imdb_rating'
  | 'tmdb_rating'
  | 'platform'
  | 'region'
  | 'where_to_watch'
  | 'platform_logo_url'
  | 'poster_url'
  | 'poster_fallback_url'
  | 'trailer_url'
  | 'director'
  | 'cast'
> & { watch_url: string | null };

/**
 * The name and description a viewer sees: in their language where known (a TitleText), else the
 * English ones; and the original title beside a translated name when the two differ (null for
 * an English viewer, whose card is as it always was).
 */
function shownText(t: CatalogEntry, text: string | TitleText): { title: string; description: string; original: string | null } {
  if (typeof text === 'string') return { title: t.title, description: text, original: null };
  const title = text.title ?? t.title;
  const originalName = t.originalTitle ?? t.title;
  return { title, description: text.description, original: text.title !== null && originalName !== title ? originalName : null };
}

/**
 * What a recommendation card shows for this title on this platform (the one the pick was
 * issued for; null: not on the user's services in their country), and where to watch it in
 * the viewer's country (their own copies first: `own`).
 */
export function titleDisplay(
  t: CatalogEntry,
  text: string | TitleText,
  platform: string | null,
  viewer: Viewer,
  own: readonly OwnCopy[],
  platforms: ReadonlyMap<string, PlatformInfo>,
  posters: PosterUrls,
): TitleDisplay {
  const { title, description, original } = shownText(t, text);
  // A pick issued before the user moved country names its platform only while it still streams there.
  const streamsHere = t.availability.some((o) => o.platform === platform && STREAMABLE.has(o.kind) && servesCountry(o.region, viewer.country));
  const p = platform && streamsHere ? platforms.get(platform) : undefined;
  return {
    title_id: t.id,
    kind: t.kind,
    movie_title: title,
    original_title: original,
    movie_description: description,
    year: t.year,
    end_year: t.endYear,
    genre: t.genres[0] ?? '',
    genres: t.genres,
    language: t.language,
    runtime: t.runtime,
    seasons: t.seasons,
    rotten_tomatoes: t.rt,
    imdb_rating: t.imdb,
    tmdb_rating: t.tmdbRating,
    platform: p ? p.name : null,
    region: viewer.country,
    where_to_watch: whereToWatch(t.title, t.availability, viewer, (name) => platforms.get(name), own),
    platform_logo_url: p ? p.logo_url : null,
    ...posters,
    trailer_url: trailerUrl(t.trailerKey),
    director: t.director,
    cast: t.cast,
    watch_url: p ? watchUrl(p.search_url, t.title) : null,
  };
}

/** The title page shape of the shared contract. */
export function catalogTitle(t: CatalogEntry, text: string | TitleText, platforms: ReadonlyMap<string, PlatformInfo>, posters: PosterUrls): CatalogTitle {
  const { title, description, original } = shownText(t, text);
  const translated = typeof text !== 'string' && text.title !== null;
  return {
    id: t.id,
    kind: t.kind,
    title,
    // Beside a translated name, the original one when they differ; else as stored.
    original_title: translated ? original : t.originalTitle,
    year: t.year,
    end_year: t.endYear,
    genres: t.genres,
    language: t.language,
    runtime: t.runtime,
    seasons: t.seasons,
    imdb_rating: t.imdb,
    tmdb_rating: t.tmdbRating,
    rotten_tomatoes: t.rt,
    description,
    keywords: t.keywords,
    director: t.director,
    cast: t.cast,
    availability: t.availability.flatMap((a) => {
      const p = platforms.get(a.platform);
      return p ? [{ ...a, logo_url: p.logo_url, watch_url: watchUrl(p.search_url, t.title) }] : [];
    }),
    ...posters,
    trailer_url: trailerUrl(t.trailerKey),
  };
}
