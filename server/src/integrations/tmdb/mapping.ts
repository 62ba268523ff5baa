// TMDB's words -> ours (docs/catalog.md, "TMDB sync"). Pure: a details response in, a
// SourceTitle out. Every list read from a response is cut to a bound before it is walked.
import { GENRES, type Genre } from '@app/shared';
import type { OfferKind, SourceOffer, SourceTitle } from '../../catalog/sources/types.js';
import { own } from '../../catalog/sources/vocab.js';
import type { TmdbMovieDetails, TmdbProvider, TmdbRegionProviders, TmdbTvDetails, TmdbVideo, TmdbWatchProviders } from './types.js';

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

/** TMDB watch-provider ids -> our platform names (server/catalog/platforms.json). */
export const TMDB_PROVIDERS: Record<number, string> = {
  8: 'Netflix',
  9: 'Prime Video',
  119: 'Prime Video',
  337: 'Disney+',
  1899: 'HBO Max',
  384: 'HBO Max',
  15: 'Hulu',
  350: 'Apple TV',
  531: 'Paramount+',
  386: 'Peacock',
  387: 'Peacock',
  122: 'JioHotstar',
  2336: 'JioHotstar',
  232: 'ZEE5',
  237: 'Sony LIV',
  283: 'Crunchyroll',
  11: 'MUBI',
  532: 'aha',
  309: 'Sun NXT',
  315: 'hoichoi',
};

const fold = (s: string) => s.toLowerCase().replace(/[^a-z0-9+]/g, '');

/** TMDB provider names (as TMDB has spelt them) for when an id is new to us. */
const PROVIDER_BY_NAME: Record<string, string> = Object.fromEntries(
  (
    [
      ['Netflix', 'Netflix'],
      // Ad-supported tiers of the same service: the same place to watch.
      ['Netflix basic with Ads', 'Netflix'],
      ['Netflix Standard with Ads', 'Netflix'],
      ['Amazon Prime Video with Ads', 'Prime Video'],
      ['Amazon Prime Video', 'Prime Video'],
      ['Prime Video', 'Prime Video'],
      ['Disney Plus', 'Disney+'],
      ['Disney+', 'Disney+'],
      ['Max', 'HBO Max'],
      ['HBO Max', 'HBO Max'],
      ['Hulu', 'Hulu'],
      ['Apple TV Plus', 'Apple TV'],
      ['Apple TV+', 'Apple TV'],
      ['Paramount Plus', 'Paramount+'],
      ['Paramount+', 'Paramount+'],
      ['Peacock', 'Peacock'],
      ['Peacock Premium', 'Peacock'],
      ['Peacock Premium Plus', 'Peacock'],
      ['JioHotstar', 'JioHotstar'],
      ['Hotstar', 'JioHotstar'],
      ['Disney+ Hotstar', 'JioHotstar'],
      ['Zee5', 'ZEE5'],
      ['SonyLIV', 'Sony LIV'],
      ['Sony Liv', 'Sony LIV'],
      ['Crunchyroll', 'Crunchyroll'],
      ['MUBI', 'MUBI'],
      ['aha', 'aha'],
      ['Sun Nxt', 'Sun NXT'],
      ['Hoichoi', 'hoichoi'],
    ] as const
  ).map(([tmdb, ours]) => [fold(tmdb), ours]),
);

/** Our platform name for a provider; an unknown provider keeps TMDB's name (merge creates it). */
export function platformName(p: Pick<TmdbProvider, 'provider_id' | 'provider_name'>): string | null {
  const byId = TMDB_PROVIDERS[p.provider_id];
  if (byId) return byId;
  const name = typeof p.provider_name === 'string' ? p.provider_name.trim().slice(0, 100) : '';
  if (!name) return null;
  return own(PROVIDER_BY_NAME, fold(name)) ?? name;
}

const OFFER_LISTS: Array<[keyof Omit<TmdbRegionProviders, 'link'>, OfferKind]> = [
  ['flatrate', 'subscription'],
  ['free', 'free'],
  ['ads', 'ads'],
  ['rent', 'rent'],
  ['buy', 'buy'],
];

/** watch/providers -> offers in the configured regions, each with the region's TMDB link. */
export function mapOffers(wp: TmdbWatchProviders | undefined, regions: string[], asOf: string): SourceOffer[] {
  const out = new Map<string, SourceOffer>();
  for (const region of regions) {
    const r = wp?.results?.[region];
    if (!r || typeof r !== 'object') continue;
    const link = typeof r.link === 'string' && /^https?:\/\//.test(r.link) ? r.link : null;
    for (const [list, kind] of OFFER_LISTS) {
      for (const p of take(r[list])) {
        const platform = platformName(p);
        if (!platform) continue;
        const key = `${platform}|${region}|${kind}`;
        if (!out.has(key)) out.set(key, { platform, region, kind, as_of: asOf, link });
      }
    }
  }
  return [...out.values()];
}

/** Providers behind the offers (for the platforms' TMDB id and logo). */
export function providersOf(wp: TmdbWatchProviders | undefined, regions: string[]): Map<string, { id: number; logo: string | null }> {
  const out = new Map<string, { id: number; logo: string | null }>();
  for (const region of regions) {
    const r = wp?.results?.[region];
    if (!r) continue;
    for (const [list] of OFFER_LISTS) {
      for (const p of take(r[list])) {
        const name = platformName(p);
        if (name && !out.has(name) && Number.isInteger(p.provider_id)) out.set(name, { id: p.provider_id, logo: imagePath(p.logo_path) });
      }
    }
  }
  return out;
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
/** An image path under TMDB's image host ("/abc.jpg"); anything else is dropped, since clients build URLs from it. */
export const imagePath = (s: string | null | undefined): string | null =>
  typeof s === 'string' && /^\/[A-Za-z0-9_-]{1,100}\.(jpg|jpeg|png|svg|webp)$/.test(s) ? s : null;

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
    offers: mapOffers(m['watch/providers'], o.regions, o.asOf),
    offerRegions: o.regions,
  };
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
    episodeRuntime: positive(take(t.episode_run_time)[0]),
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
    offers: mapOffers(t['watch/providers'], o.regions, o.asOf),
    offerRegions: o.regions,
  };
}
