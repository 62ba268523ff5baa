// A catalog title as the server holds it: the fields every reader uses (CatalogEntry), kept in the
// object itself where they are shared or small, and read from its snapshot's columns where 100,000
// of them would be most of the heap (title-columns.ts: keywords, cast, quality, popularity and ratings).
import type { EngineTitle } from '../engine/types.js';
import type { OfferKind } from './sources/types.js';
import type { TitleColumns } from './title-columns.js';

/**
 * A catalog title: what the engine needs plus what a card or the title page shows, and nothing
 * else (one field is 800 KB at 100,000 titles: the columns no reader uses, such as the age rating,
 * the backdrop or the source, stay in the database, and so does the description, read for the
 * titles shown: descriptions.ts).
 */
export interface CatalogEntry extends EngineTitle {
  originalTitle: string | null;
  endYear: number | null;
  /** Every offer any source knows, rent and buy included (see STREAMABLE for what counts). */
  availability: ReadonlyArray<Offer>;
  tmdbId: number | null;
  imdbId: string | null;
  posterPath: string | null;
  trailerKey: string | null;
  tmdbRating: number | null;
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

/** The fields a CatalogTitle keeps in itself. */
export type OwnFields = Omit<CatalogEntry, 'keywords' | 'cast' | 'imdb' | 'tmdbRating' | 'quality' | 'popularity'>;

/**
 * One class whose constructor sets every field in one order, so every title shares one hidden
 * class with its fields in the object. The getters read the snapshot's columns; a list read is a
 * new array each time.
 */
// The interface declares the fields the constructor copies from `own` (every one of OwnFields).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface CatalogTitle extends OwnFields {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class CatalogTitle implements CatalogEntry {
  private readonly columns: TitleColumns;
  private readonly slot: number;

  // Each field assigned here, not copied with Object.assign: V8 sizes an instance for the fields
  // its constructor assigns, and keeps them in the object itself.
  constructor(own: OwnFields, columns: TitleColumns, slot: number) {
    this.id = own.id;
    this.kind = own.kind;
    this.title = own.title;
    this.year = own.year;
    this.genres = own.genres;
    this.language = own.language;
    this.runtime = own.runtime;
    this.seasons = own.seasons;
    this.episodes = own.episodes;
    this.minAge = own.minAge;
    this.rt = own.rt;
    this.fame = own.fame;
    this.director = own.director;
    this.platforms = own.platforms;
    this.platformRegions = own.platformRegions;
    this.originalTitle = own.originalTitle;
    this.endYear = own.endYear;
    this.availability = own.availability;
    this.tmdbId = own.tmdbId;
    this.imdbId = own.imdbId;
    this.posterPath = own.posterPath;
    this.trailerKey = own.trailerKey;
    this.retired = own.retired;
    this.columns = columns;
    this.slot = slot;
  }

  get keywords(): string[] {
    return this.columns.keywords(this.slot);
  }

  get cast(): string[] {
    return this.columns.cast(this.slot);
  }

  get imdb(): number | null {
    return this.columns.imdb(this.slot);
  }

  get tmdbRating(): number | null {
    return this.columns.tmdbRating(this.slot);
  }

  get quality(): number {
    return this.columns.quality(this.slot);
  }

  get popularity(): number {
    return this.columns.popularity(this.slot);
  }

  /** Quality and popularity, once the catalog's mean rating is known (SnapshotBuilder.finish). */
  rank(quality: number, popularity: number): void {
    this.columns.setRanking(this.slot, quality, popularity);
  }

  /**
   * Every field as a plain object (what JSON.stringify or a spread of a plain entry would hold):
   * the getters' fields are not the object's own.
   */
  toJSON(): CatalogEntry {
    const { columns: _c, slot: _s, ...own } = this;
    return { ...own, keywords: this.keywords, cast: this.cast, imdb: this.imdb, tmdbRating: this.tmdbRating, quality: this.quality, popularity: this.popularity };
  }
}
