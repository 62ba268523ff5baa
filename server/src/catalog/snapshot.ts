// One immutable in-memory picture of the catalog, built from the database rows. The store swaps
// whole snapshots, so a request never sees half of a reload.
import { LANGUAGE_NAMES, type Platform } from '@app/shared';
import type { OfferKind } from './sources/types.js';
import type { EngineTitle } from '../engine/types.js';
import type { AvailabilityRow, PlatformRow, TitleRow } from './catalog.repository.js';
import { catalogMean, popularity, shrunkQuality, titleFame } from './ranking.js';
import { logoUrl } from './urls.js';
import { searchText } from './search-text.js';

/** A catalog title: what the engine needs plus what a card or the title page shows. */
export interface CatalogEntry extends EngineTitle {
  originalTitle: string | null;
  endYear: number | null;
  /** Series: typical episode minutes (also in `runtime`, the card's "minutes" figure). */
  episodeRuntime: number | null;
  description: string;
  languageCode: string;
  /** Every offer any source knows, rent and buy included (see STREAMABLE for what counts). */
  availability: ReadonlyArray<Offer>;
  tmdbId: number | null;
  imdbId: string | null;
  posterPath: string | null;
  backdropPath: string | null;
  trailerKey: string | null;
  voteCount: number | null;
  ageRating: string | null;
  source: string;
  /** Bayesian-shrunk rating, 1-10. */
  quality: number;
  /** Quality mixed with fame: the default order of every list. */
  popularity: number;
  /** A builtin title that the current pack no longer contains: kept for history, never offered. */
  retired: boolean;
}

export interface Offer {
  platform: string;
  /** ISO 3166-1 alpha-2, or GLOBAL. */
  region: string;
  kind: OfferKind;
  as_of: string;
  link: string | null;
}

/** Offer kinds that put a title "on your service": rent and buy never do. */
export const STREAMABLE: ReadonlySet<string> = new Set<OfferKind>(['subscription', 'free', 'ads']);

export interface PlatformInfo extends Platform {
  slug: string;
}

export interface Snapshot {
  version: number;
  /** Offerable titles, most popular first. */
  titles: CatalogEntry[];
  byId: Map<string, CatalogEntry>;
  /** Title and original title folded by searchText -> offerable titles, most popular first. */
  byName: Map<string, CatalogEntry[]>;
  platforms: PlatformInfo[];
  platformByName: Map<string, PlatformInfo>;
  platformBySlug: Map<string, PlatformInfo>;
}

const list = (s: string): string[] => {
  try {
    const v: unknown = JSON.parse(s);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
};

export const languageName = (code: string): string => (LANGUAGE_NAMES as Record<string, string>)[code] ?? code;

export function buildSnapshot(
  version: number,
  packVersion: number,
  titleRows: TitleRow[],
  availabilityRows: AvailabilityRow[],
  platformRows: PlatformRow[],
): Snapshot {
  const availability = new Map<string, Offer[]>();
  for (const a of availabilityRows) {
    const l = availability.get(a.title_id) ?? [];
    l.push({ platform: a.platform, region: a.region, kind: a.kind as OfferKind, as_of: a.as_of, link: a.link });
    availability.set(a.title_id, l);
  }
  const rated = titleRows.map((r) => ({
    imdb: r.imdb_rating === null ? null : Number(r.imdb_rating),
    rt: r.rotten_tomatoes,
    // Imported titles have no editorial fame: their vote count stands in (ranking.ts).
    fame: titleFame({ source: r.source, fame: Number(r.fame), voteCount: r.vote_count === null ? null : Number(r.vote_count) }),
  }));
  const mean = catalogMean(rated);
  const entries: CatalogEntry[] = titleRows.map((r, i) => {
    const avail = availability.get(r.id) ?? [];
    const kind = r.kind === 'series' ? 'series' : 'movie';
    return {
      id: r.id,
      kind,
      title: r.title,
      year: Number(r.year),
      genres: list(r.genres),
      language: languageName(r.language),
      runtime: kind === 'movie' ? r.runtime : r.episode_runtime,
      seasons: r.seasons,
      imdb: rated[i].imdb,
      rt: r.rotten_tomatoes,
      fame: rated[i].fame,
      keywords: list(r.keywords),
      director: r.director,
      cast: list(r.cast_members),
      platforms: [...new Set(avail.filter((a) => STREAMABLE.has(a.kind)).map((a) => a.platform))],
      originalTitle: r.original_title,
      endYear: r.end_year,
      episodeRuntime: r.episode_runtime,
      description: r.description,
      languageCode: r.language,
      availability: avail,
      source: r.source,
      tmdbId: r.tmdb_id === null ? null : Number(r.tmdb_id),
      imdbId: r.imdb_id,
      posterPath: r.poster_path,
      backdropPath: r.backdrop_path,
      trailerKey: r.trailer_key,
      voteCount: r.vote_count === null ? null : Number(r.vote_count),
      ageRating: r.age_rating,
      quality: shrunkQuality(rated[i], mean),
      popularity: popularity(rated[i], mean),
      retired: r.retired_at !== null || (r.source === 'builtin' && Number(r.catalog_version) < packVersion),
    };
  });
  // Ties are broken by id so every instance orders lists the same way.
  entries.sort((a, b) => b.popularity - a.popularity || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const titles = entries.filter((e) => !e.retired);

  const byName = new Map<string, CatalogEntry[]>();
  for (const t of titles) {
    for (const name of new Set([t.title, t.originalTitle].filter((n): n is string => Boolean(n)).map(searchText))) {
      if (!name) continue;
      const l = byName.get(name) ?? [];
      l.push(t);
      byName.set(name, l);
    }
  }

  const counts = new Map<string, number>();
  for (const t of titles) for (const p of t.platforms) counts.set(p, (counts.get(p) ?? 0) + 1);
  const platforms: PlatformInfo[] = platformRows.map((p) => ({
    name: p.name,
    slug: p.slug,
    color: p.color,
    logo_url: logoUrl(p.slug),
    search_url: p.search_url,
    hosts: list(p.hosts),
    title_count: counts.get(p.name) ?? 0,
  }));
  platforms.sort((a, b) => b.title_count - a.title_count || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
  return {
    version,
    titles,
    byId: new Map(entries.map((e) => [e.id, e])),
    byName,
    platforms,
    platformByName: new Map(platforms.map((p) => [p.name, p])),
    platformBySlug: new Map(platforms.map((p) => [p.slug, p])),
  };
}
