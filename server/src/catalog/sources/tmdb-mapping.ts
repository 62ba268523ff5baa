// TMDB's words -> ours (docs/catalog.md, "TMDB sync"). Pure: a details response in, a
// SourceTitle out. Every list read from a response is cut to a bound before it is walked.
import { GENRES, type Genre } from '@app/shared';
import type { SourceTitle } from './types.js';
import { own } from './vocab.js';
import { imagePath, mapOffers, type ProviderLabels } from './tmdb-platforms.js';
import type { TmdbMovieDetails, TmdbTvDetails, TmdbVideo } from '../../integrations/tmdb/types.js';

/** Items read at most from any one list in a response. */
const MAX_ITEMS = 200;
const take = <T>(list: T[] | undefined | null): T[] => (Array.isArray(list) ? list.slice(0, MAX_ITEMS) : []);

/**
 * TMDB genre ids (movie and TV lists share most ids) -> our GENRES. TV's combined genres map to
 * both halves; Kids -> Family and Soap -> Drama; Reality, Talk, News and TV Movie have no
 * counterpart and are dropped.
 */
export const TMDB_GENRES: Record<number, readonly Genre[]> = {
  28: ['Action'],
  12: ['Adventure'],
  16: ['Animation'],
  35: ['Comedy'],
  80: ['Crime'],
  99: ['Documentary'],
  18: ['Drama'],
  10751: ['Family'],
  14: ['Fantasy'],
  36: ['History'],
  27: ['Horror'],
  10402: ['Music'],
  9648: ['Mystery'],
  10749: ['Romance'],
  878: ['Science Fiction'],
  53: ['Thriller'],
  10752: ['War'],
  37: ['Western'],
  // TV list
  10759: ['Action', 'Adventure'],
  10762: ['Family'],
  10765: ['Science Fiction', 'Fantasy'],
  10766: ['Drama'],
  10768: ['War'],
  // 10770 TV Movie, 10763 News, 10764 Reality, 10767 Talk: dropped
};

const GENRE_BY_NAME: Record<string, readonly Genre[]> = {
  'action & adventure': ['Action', 'Adventure'],
  'sci-fi & fantasy': ['Science Fiction', 'Fantasy'],
  'war & politics': ['War'],
  kids: ['Family'],
  soap: ['Drama'],
  ...Object.fromEntries(GENRES.map((g) => [g.toLowerCase(), [g]])),
};

export function mapGenres(genres: Array<{ id: number; name?: string }> | undefined): string[] {
  const out = new Set<string>();
  for (const g of take(genres)) {
    const mapped = own(TMDB_GENRES, String(g.id)) ?? (g.name ? own(GENRE_BY_NAME, g.name.trim().toLowerCase()) : undefined) ?? [];
    for (const m of mapped) out.add(m);
  }
  return [...out];
}

export function yearOf(date: string | null | undefined): number {
  const m = typeof date === 'string' ? /^(\d{4})-/.exec(date) : null;
  return m ? Number(m[1]) : 0;
}

/** First official YouTube "Trailer", else any YouTube trailer. */
export function trailerKey(videos: TmdbVideo[] | undefined): string | null {
  const yt = take(videos).filter((v) => v && v.site === 'YouTube' && v.type === 'Trailer' && typeof v.key === 'string' && /^[\w-]{5,32}$/.test(v.key));
  return (yt.find((v) => v.official) ?? yt[0])?.key ?? null;
}

const keywordsOf = (list: Array<{ name: string }> | undefined): string[] =>
  [...new Set(take(list).map((k) => (typeof k.name === 'string' ? k.name.trim().toLowerCase() : '')).filter(Boolean))].slice(0, 8);

const topCast = (cast: Array<{ name: string; order?: number }> | undefined): string[] =>
  take(cast)
    .filter((c) => typeof c.name === 'string' && c.name.trim())
    .sort((a, b) => (a.order ?? 999) - (b.order ?? 999))
    .slice(0, 3)
    .map((c) => c.name.trim());

const imdbIdOf = (...ids: Array<string | null | undefined>): string | null => ids.find((i) => typeof i === 'string' && /^tt\d{5,10}$/.test(i)) ?? null;
const positive = (n: number | null | undefined): number | null => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.round(n) : null);
const text = (s: string | null | undefined): string | null => (typeof s === 'string' && s.trim() ? s.trim() : null);
/** Release-type order for a movie's certification: theatrical, digital, limited, premiere, physical, TV. */
const RELEASE_TYPES = [3, 4, 2, 1, 5, 6];

export function movieAgeRating(m: TmdbMovieDetails, region: string): string | null {
  const r = take(m.release_dates?.results).find((x) => x.iso_3166_1 === region);
  const dates = take(r?.release_dates).filter((d) => text(d.certification));
  dates.sort((a, b) => RELEASE_TYPES.indexOf(a.type ?? 6) - RELEASE_TYPES.indexOf(b.type ?? 6));
  return text(dates[0]?.certification);
}

export function tvAgeRating(t: TmdbTvDetails, region: string): string | null {
  return text(take(t.content_ratings?.results).find((x) => x.iso_3166_1 === region)?.rating);
}

export interface MapOptions {
  /** Configured regions: offers of these replace our earlier TMDB offers there. */
  regions: string[];
  /** YYYY-MM-DD of the sync. */
  asOf: string;
  /** Platforms earlier syncs made for providers we do not list (by TMDB id). */
  providers?: ProviderLabels;
}

/** The region whose certification we keep: US when configured, else the first configured one. */
const ratingRegion = (regions: string[]) => (regions.includes('US') || regions.length === 0 ? 'US' : regions[0]);

export function movieToSource(m: TmdbMovieDetails, o: MapOptions): SourceTitle {
  const crew = take(m.credits?.crew);
  return {
    kind: 'movie',
    title: text(m.title) ?? text(m.original_title) ?? '',
    originalTitle: text(m.original_title),
    year: yearOf(m.release_date),
    genres: mapGenres(m.genres),
    language: text(m.original_language),
    runtime: positive(m.runtime),
    description: text(m.overview),
    keywords: keywordsOf(m.keywords?.keywords),
    director: text(crew.find((c) => c.job === 'Director')?.name),
    cast: topCast(m.credits?.cast),
    ageRating: movieAgeRating(m, ratingRegion(o.regions)),
    tmdbId: m.id,
    imdbId: imdbIdOf(m.external_ids?.imdb_id, m.imdb_id),
    posterPath: imagePath(m.poster_path),
    backdropPath: imagePath(m.backdrop_path),
    trailerKey: trailerKey(m.videos?.results),
    tmdbRating: typeof m.vote_average === 'number' && m.vote_count ? m.vote_average : null,
    voteCount: typeof m.vote_count === 'number' ? m.vote_count : null,
    offers: mapOffers(m['watch/providers'], o.regions, o.asOf, o.providers),
    offerRegions: o.regions,
  };
}

/**
 * A series' episode length: `episode_run_time`, which TMDB no longer fills for many shows, else the
 * last aired episode's runtime, else the next one's, else the median runtime of the episodes the
 * response's seasons carry (GET /tv/{id} lists seasons without them), else unknown.
 */
export function episodeRuntime(t: TmdbTvDetails): number | null {
  const listed = positive(take(t.episode_run_time)[0]) ?? positive(t.last_episode_to_air?.runtime) ?? positive(t.next_episode_to_air?.runtime);
  if (listed) return listed;
  const runtimes = take(t.seasons)
    .flatMap((s) => take(s?.episodes).map((e) => positive(e?.runtime)))
    .filter((n): n is number => n !== null)
    .slice(0, MAX_ITEMS)
    .sort((a, b) => a - b);
  return runtimes.length ? runtimes[Math.floor((runtimes.length - 1) / 2)] : null;
}

export function tvToSource(t: TmdbTvDetails, o: MapOptions): SourceTitle {
  const ended = t.status === 'Ended' || t.status === 'Canceled';
  const creators = take(t.created_by).map((c) => text(c.name)).filter((n): n is string => n !== null).slice(0, 3);
  return {
    kind: 'series',
    title: text(t.name) ?? text(t.original_name) ?? '',
    originalTitle: text(t.original_name),
    year: yearOf(t.first_air_date),
    endYear: ended ? yearOf(t.last_air_date) || null : null,
    genres: mapGenres(t.genres),
    language: text(t.original_language),
    seasons: positive(t.number_of_seasons),
    episodeRuntime: episodeRuntime(t),
    // The whole run only for a series that has ended: a running one's count grows, and "finish tonight" promises all of it.
    episodes: ended ? positive(t.number_of_episodes) : null,
    description: text(t.overview),
    keywords: keywordsOf(t.keywords?.results),
    director: creators.length ? creators.join(', ') : null,
    cast: topCast(t.credits?.cast),
    ageRating: tvAgeRating(t, ratingRegion(o.regions)),
    tmdbId: t.id,
    imdbId: imdbIdOf(t.external_ids?.imdb_id),
    posterPath: imagePath(t.poster_path),
    backdropPath: imagePath(t.backdrop_path),
    trailerKey: trailerKey(t.videos?.results),
    tmdbRating: typeof t.vote_average === 'number' && t.vote_count ? t.vote_average : null,
    voteCount: typeof t.vote_count === 'number' ? t.vote_count : null,
    offers: mapOffers(t['watch/providers'], o.regions, o.asOf, o.providers),
    offerRegions: o.regions,
  };
}
