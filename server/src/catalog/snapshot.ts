// One immutable in-memory picture of the catalog, built from the database rows. The store swaps
// whole snapshots, so a request never sees half of a reload.
import { LANGUAGE_NAMES, type Platform } from '@app/shared';
import type { OfferKind } from './sources/types.js';
import type { EngineTitle } from '../engine/types.js';
import type { AvailabilityRow, PlatformRow, TitleRow } from './catalog.repository.js';
import { popularity, shrunkQuality, titleFame } from './ranking.js';
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
  tmdbRating: number | null;
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
  /** Which source said so (builtin, tmdb, streaming-csv, ...). */
  source: string;
}

/** Offer kinds that put a title "on your service": rent and buy never do. */
export const STREAMABLE: ReadonlySet<string> = new Set<OfferKind>(['subscription', 'free', 'ads']);

/**
 * What the engine needs of a title's offers: the platforms it streams on, each with the regions
 * where it does (docs/product-decisions.md, "Country and where to watch"). Rent and buy never
 * count, so a title only for rent in a country is not "on" that platform there.
 */
export function streamingPlatforms(offers: ReadonlyArray<Pick<Offer, 'platform' | 'region' | 'kind'>>): Pick<EngineTitle, 'platforms' | 'platformRegions'> {
  const regions = new Map<string, Set<string>>();
  for (const o of offers) {
    if (!STREAMABLE.has(o.kind)) continue;
    const set = regions.get(o.platform);
    if (set) set.add(o.region);
    else regions.set(o.platform, new Set([o.region]));
  }
  return { platforms: [...regions.keys()], platformRegions: [...regions.values()].map((set) => [...set]) };
}

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
  /** Some title came from TMDB (it has a TMDB id): what the public pages credit. */
  usesTmdb: boolean;
}

/** The same text once in memory: 100,000 titles share a few thousand keywords, people, genres. */
class Interner {
  private readonly map = new Map<string, string>();
  of(s: string): string {
    const hit = this.map.get(s);
    if (hit !== undefined) return hit;
    this.map.set(s, s);
    return s;
  }
}

const EMPTY: string[] = [];
const NOT_STREAMING = { platforms: EMPTY, platformRegions: [] as string[][] };

function list(s: string, strings: Interner): string[] {
  if (s === '[]' || s === '') return EMPTY;
  try {
    const v: unknown = JSON.parse(s);
    return Array.isArray(v) && v.length ? v.map((x) => strings.of(String(x))) : EMPTY;
  } catch {
    return EMPTY;
  }
}

export const languageName = (code: string): string => (LANGUAGE_NAMES as Record<string, string>)[code] ?? code;

/**
 * Builds a snapshot page by page (the store reads the catalog in pages, so a 100,000-title catalog
 * never sits in memory twice: rows and entries). `mean` is the catalog's mean rating, known first.
 */
export class SnapshotBuilder {
  private readonly entries: CatalogEntry[] = [];
  private readonly strings = new Interner();

  constructor(
    private readonly version: number,
    private readonly packVersion: number,
    private readonly mean: number,
  ) {}

  /** Adds titles and the availability rows of those titles. */
  add(titleRows: readonly TitleRow[], availabilityRows: readonly AvailabilityRow[]): void {
    const { strings, mean, packVersion } = this;
    const availability = new Map<string, Offer[]>();
    for (const a of availabilityRows) {
      const l = availability.get(a.title_id) ?? [];
      l.push({ platform: strings.of(a.platform), region: strings.of(a.region), kind: strings.of(a.kind) as OfferKind, as_of: strings.of(a.as_of), link: a.link, source: strings.of(a.source) });
      availability.set(a.title_id, l);
    }
    for (const r of titleRows) {
      const avail = availability.get(r.id) ?? (EMPTY as unknown as Offer[]);
      const kind = r.kind === 'series' ? 'series' : 'movie';
      const rated = {
        imdb: r.imdb_rating === null ? null : Number(r.imdb_rating),
        rt: r.rotten_tomatoes,
        // Imported titles have no editorial fame: their vote count stands in (ranking.ts).
        fame: titleFame({ source: r.source, fame: Number(r.fame), voteCount: r.vote_count === null ? null : Number(r.vote_count) }),
      };
      const streaming = avail.length ? streamingPlatforms(avail) : NOT_STREAMING;
      this.entries.push({
        id: r.id,
        kind,
        title: r.title,
        year: Number(r.year),
        genres: list(r.genres, strings),
        language: strings.of(languageName(r.language)),
        runtime: kind === 'movie' ? r.runtime : r.episode_runtime,
        seasons: r.seasons,
        imdb: rated.imdb,
        rt: r.rotten_tomatoes,
        fame: rated.fame,
        keywords: list(r.keywords, strings),
        director: r.director === null ? null : strings.of(r.director),
        cast: list(r.cast_members, strings),
        ...streaming,
        originalTitle: r.original_title,
        endYear: r.end_year,
        episodeRuntime: r.episode_runtime,
        description: r.description,
        languageCode: strings.of(r.language),
        availability: avail,
        source: strings.of(r.source),
        tmdbId: r.tmdb_id === null ? null : Number(r.tmdb_id),
        imdbId: r.imdb_id,
        posterPath: r.poster_path,
        backdropPath: r.backdrop_path,
        trailerKey: r.trailer_key,
        voteCount: r.vote_count === null ? null : Number(r.vote_count),
        tmdbRating: r.tmdb_rating === null ? null : Number(r.tmdb_rating),
        ageRating: r.age_rating === null ? null : strings.of(r.age_rating),
        quality: shrunkQuality(rated, mean),
        popularity: popularity(rated, mean),
        retired: r.retired_at !== null || (r.source === 'builtin' && Number(r.catalog_version) < packVersion),
      });
    }
  }

  finish(platformRows: readonly PlatformRow[]): Snapshot {
    const entries = this.entries;
    // Ties are broken by id so every instance orders lists the same way.
    entries.sort((a, b) => b.popularity - a.popularity || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const titles = entries.filter((e) => !e.retired);

    const byName = new Map<string, CatalogEntry[]>();
    for (const t of titles) {
      for (const name of new Set([t.title, t.originalTitle].filter((n): n is string => Boolean(n)).map(searchText))) {
        if (!name) continue;
        const l = byName.get(name);
        if (l) l.push(t);
        else byName.set(name, [t]);
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
      hosts: list(p.hosts, this.strings),
      title_count: counts.get(p.name) ?? 0,
    }));
    platforms.sort((a, b) => b.title_count - a.title_count || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
    return {
      version: this.version,
      titles,
      byId: new Map(entries.map((e) => [e.id, e])),
      byName,
      platforms,
      platformByName: new Map(platforms.map((p) => [p.name, p])),
      platformBySlug: new Map(platforms.map((p) => [p.slug, p])),
      usesTmdb: entries.some((e) => e.tmdbId !== null),
    };
  }
}
