// One immutable in-memory picture of the catalog, built from the database rows. The store swaps
// whole snapshots, so a request never sees half of a reload.
import { LANGUAGE_NAMES, type Platform } from '@app/shared';
import type { OfferKind } from './sources/types.js';
import type { EngineTitle } from '../engine/types.js';
import { CatalogTitle, type CatalogEntry, type Offer } from './catalog-title.js';
import { TitleColumns } from './title-columns.js';
import type { AvailabilityRow, LoadedTitleRow, PlatformRow } from './catalog.repository.js';
import { observedRating, popularity, shrunkQuality, titleFame } from './ranking.js';
import { logoUrl } from './urls.js';
import { nameIndex } from './name-index.js';
import { minimumAge } from './age-ratings.js';

export type { CatalogEntry, Offer } from './catalog-title.js';

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
  /** Any title by id, retired ones included. */
  byId: Pick<ReadonlyMap<string, CatalogEntry>, 'get'>;
  /**
   * Offerable titles by name: positions in `titles`, sorted by the name's searchText (title or
   * original title; `nameIsOriginal` says which), then by position. A binary search replaces a
   * map of 100,000 folded names and 100,000 one-title lists.
   */
  nameOrder: Uint32Array;
  nameIsOriginal: Uint8Array;
  platforms: PlatformInfo[];
  platformByName: Map<string, PlatformInfo>;
  platformBySlug: Map<string, PlatformInfo>;
  /** Some title came from TMDB (it has a TMDB id): what the public pages credit. */
  usesTmdb: boolean;
}

/**
 * The same text, offer and list once in memory: 100,000 titles share a few thousand keywords,
 * people and genres, a few hundred genre lists, and most offers and platform lists. Shared lists
 * are frozen (nobody writes to a title's lists; a write would otherwise reach every title that
 * shares one).
 */
class Interner {
  private readonly map = new Map<string, string>();
  private readonly lists = new Map<string, readonly unknown[]>();
  of(s: string): string {
    const hit = this.map.get(s);
    if (hit !== undefined) return hit;
    this.map.set(s, s);
    return s;
  }
  /** One frozen list per distinct key (the caller's key must say everything the list holds). */
  list<T>(key: string, make: () => T[]): T[] {
    const hit = this.lists.get(key);
    if (hit !== undefined) return hit as T[];
    const made = Object.freeze(make()) as T[];
    this.lists.set(key, made);
    return made;
  }
}

const EMPTY: string[] = Object.freeze([]) as unknown as string[];
const NOT_STREAMING = { platforms: EMPTY, platformRegions: EMPTY as unknown as string[][] };

/** A JSON list of names as strings (EMPTY for none or for text that is no list). */
function names(s: string): readonly string[] {
  if (s === '[]' || s === '') return EMPTY;
  try {
    const v: unknown = JSON.parse(s);
    return Array.isArray(v) && v.length ? v.map(String) : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** The same, each name once in memory. */
function list(s: string, strings: Interner): string[] {
  const parsed = names(s);
  return parsed.length ? parsed.map((x) => strings.of(x)) : EMPTY;
}

/** A list most titles share with others (genres): one copy per distinct JSON text. */
function sharedList(s: string, strings: Interner): string[] {
  if (s === '[]' || s === '') return EMPTY;
  return strings.list(`l${s}`, () => list(s, strings));
}

/** A title's offers; the same offers (e.g. Netflix, US, subscription, no link) are one object, and the same lists one list. */
function offerList(rows: readonly AvailabilityRow[], strings: Interner): Offer[] {
  const offers = rows.map((a) => {
    const key = `o${a.platform}\u0000${a.region}\u0000${a.kind}\u0000${a.as_of}\u0000${a.source}\u0000${a.link ?? '\u0001'}`;
    return strings.list(key, () => [{ platform: strings.of(a.platform), region: strings.of(a.region), kind: strings.of(a.kind) as OfferKind, as_of: strings.of(a.as_of), link: a.link, source: strings.of(a.source) }])[0];
  });
  return strings.list(`a${offers.map((o) => `${o.platform}\u0000${o.region}\u0000${o.kind}\u0000${o.as_of}\u0000${o.source}\u0000${o.link ?? '\u0001'}`).join('\u0002')}`, () => offers);
}

/** streamingPlatforms, shared between titles streaming on the same platforms in the same regions. */
function sharedStreaming(offers: readonly Offer[], strings: Interner): Pick<EngineTitle, 'platforms' | 'platformRegions'> {
  const s = streamingPlatforms(offers);
  if (!s.platforms.length) return NOT_STREAMING;
  const regions = s.platformRegions as string[][];
  const key = s.platforms.map((p, i) => `${p}\u0000${regions[i].join('\u0000')}`).join('\u0002');
  return {
    platforms: strings.list(`p${key}`, () => s.platforms),
    platformRegions: strings.list(`r${key}`, () => regions.map((r) => Object.freeze(r))),
  };
}

/**
 * Offerable titles' positions by id, for the snapshot's `titles` array (engine-index.ts hands it to
 * buildIndex, so a 100,000-title catalog has one id map, not two). Keyed by the array, so it goes
 * with its snapshot.
 */
const offerableIds = new WeakMap<readonly CatalogEntry[], Pick<ReadonlyMap<string, number>, 'get'>>();

export function titlePositions(titles: readonly EngineTitle[]): Pick<ReadonlyMap<string, number>, 'get'> | undefined {
  return offerableIds.get(titles as readonly CatalogEntry[]);
}

export const languageName = (code: string): string => (LANGUAGE_NAMES as Record<string, string>)[code] ?? code;

/*
 * The lookups a snapshot keeps, each made in a function of its own: a closure keeps its whole
 * scope alive, and made inside SnapshotBuilder.finish they kept finish's temporaries (among them
 * the name index's 100,000 folded names, about 10 MB at 100,000 titles) for as long as the
 * snapshot served.
 */
function offerableLookup(position: ReadonlyMap<string, number>, offerable: number): Pick<ReadonlyMap<string, number>, 'get'> {
  return {
    get(id: string) {
      const i = position.get(id);
      return i !== undefined && i < offerable ? i : undefined;
    },
  };
}

function byIdLookup(entries: readonly CatalogEntry[], position: ReadonlyMap<string, number>): Snapshot['byId'] {
  return { get: (id: string) => entries[position.get(id) ?? -1] };
}

/**
 * Builds a snapshot page by page (the store reads the catalog in pages, so a 100,000-title catalog
 * never sits in memory twice: rows and entries). `mean` is the catalog's mean rating; without it,
 * the mean of the rows added (every title's, retired ones included), so the load needs no query
 * that holds a row of every title at once.
 */
export class SnapshotBuilder {
  private readonly entries: CatalogTitle[] = [];
  private readonly columns = new TitleColumns();
  private readonly strings = new Interner();
  private ratingSum = 0;
  private rated = 0;

  constructor(
    private readonly version: number,
    private readonly packVersion: number,
    private readonly mean?: number,
  ) {}

  /** Adds titles and the availability rows of those titles. */
  add(titleRows: readonly LoadedTitleRow[], availabilityRows: readonly AvailabilityRow[]): void {
    const { strings, packVersion } = this;
    const availability = new Map<string, AvailabilityRow[]>();
    for (const a of availabilityRows) {
      const l = availability.get(a.title_id);
      if (l) l.push(a);
      else availability.set(a.title_id, [a]);
    }
    for (const r of titleRows) {
      const rows = availability.get(r.id);
      const avail = rows ? offerList(rows, strings) : (EMPTY as unknown as Offer[]);
      const kind = r.kind === 'series' ? 'series' : 'movie';
      const imdb = r.imdb_rating === null ? null : Number(r.imdb_rating);
      // Imported titles have no editorial fame: their vote count stands in (ranking.ts).
      const fame = titleFame({ source: r.source, fame: Number(r.fame), voteCount: r.vote_count === null ? null : Number(r.vote_count) });
      const observed = observedRating({ imdb, rt: r.rotten_tomatoes, fame });
      if (observed !== null) {
        this.ratingSum += observed;
        this.rated++;
      }
      const streaming = avail.length ? sharedStreaming(avail, strings) : NOT_STREAMING;
      // Keywords and cast go to the columns, which keep each distinct name once themselves.
      const slot = this.columns.add(names(r.keywords), names(r.cast_members), imdb, r.tmdb_rating === null ? null : Number(r.tmdb_rating));
      const entry = new CatalogTitle(
        {
          id: r.id,
          kind,
          title: r.title,
          year: Number(r.year),
          genres: sharedList(r.genres, strings),
          language: strings.of(languageName(r.language)),
          runtime: kind === 'movie' ? r.runtime : r.episode_runtime,
          seasons: r.seasons,
          episodes: kind === 'series' ? r.episodes : null,
          minAge: minimumAge(r.age_rating),
          rt: r.rotten_tomatoes,
          fame,
          director: r.director === null ? null : strings.of(r.director),
          platforms: streaming.platforms,
          platformRegions: streaming.platformRegions,
          originalTitle: r.original_title,
          endYear: r.end_year,
          availability: avail,
          tmdbId: r.tmdb_id === null ? null : Number(r.tmdb_id),
          imdbId: r.imdb_id,
          posterPath: r.poster_path,
          trailerKey: r.trailer_key,
          retired: r.retired_at !== null || (r.source === 'builtin' && Number(r.catalog_version) < packVersion),
        },
        this.columns,
        slot,
      );
      this.entries.push(entry);
    }
  }

  finish(platformRows: readonly PlatformRow[]): Snapshot {
    const entries = this.entries;
    // catalogMean's rule: the mean observed rating, 6.5 when nothing is rated.
    const mean = this.mean ?? (this.rated ? this.ratingSum / this.rated : 6.5);
    for (const e of entries) {
      const rated = { imdb: e.imdb, rt: e.rt, fame: e.fame };
      e.rank(shrunkQuality(rated, mean), popularity(rated, mean));
    }
    this.columns.seal();
    // Offerable titles first, then by popularity; ties are broken by id so every instance orders
    // lists the same way. `titles` is then the front of `entries`, and one id map serves both the
    // store (any title) and the engine (offerable titles: positions before `titles.length`).
    entries.sort((a, b) => Number(a.retired) - Number(b.retired) || b.popularity - a.popularity || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const retiredAt = entries.findIndex((e) => e.retired);
    const titles = retiredAt < 0 ? entries : entries.slice(0, retiredAt);
    const position = new Map<string, number>();
    entries.forEach((e, i) => position.set(e.id, i));
    offerableIds.set(titles, offerableLookup(position, titles.length));
    const { nameOrder, nameIsOriginal } = nameIndex(titles);

    const counts = new Map<string, number>();
    for (const t of titles) for (const p of t.platforms) counts.set(p, (counts.get(p) ?? 0) + 1);
    const platforms: PlatformInfo[] = platformRows.map((p) => ({
      name: p.name,
      slug: p.slug,
      color: p.color,
      logo_url: logoUrl(p.slug),
      search_url: p.search_url,
      hosts: list(p.hosts, this.strings),
      countries: p.countries === null ? null : list(p.countries, this.strings),
      title_count: counts.get(p.name) ?? 0,
    }));
    platforms.sort((a, b) => b.title_count - a.title_count || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
    return {
      version: this.version,
      titles,
      byId: byIdLookup(entries, position),
      nameOrder,
      nameIsOriginal,
      platforms,
      platformByName: new Map(platforms.map((p) => [p.name, p])),
      platformBySlug: new Map(platforms.map((p) => [p.slug, p])),
      usesTmdb: entries.some((e) => e.tmdbId !== null),
    };
  }
}
