// The one matcher every catalog source goes through (docs/catalog.md, "One title, one id"):
// TMDB id (per kind), then IMDb id, then the folded title or original title with the same kind,
// a year within one (a series: within the years it ran) and no short against a feature. Pure and
// in memory: a 100,000-title catalog is a few maps.
import type { Selectable } from 'kysely';
import type { TitlesTable } from '../../db/schema.js';
import { searchText } from '../search-text.js';
import type { SourceTitle } from './types.js';

export interface MatchCandidate {
  id: string;
  kind: 'movie' | 'series';
  title: string;
  originalTitle: string | null;
  year: number;
  tmdbId: number | null;
  imdbId: string | null;
  /** Minutes (a movie's; a series' is not compared). Absent or null: unknown. */
  runtime?: number | null;
  /** A series' last air year; absent or null: still running (or unknown). */
  endYear?: number | null;
}

/** The title columns the matcher needs: select these, then map rows with matchCandidate. */
export const MATCH_COLUMNS = ['id', 'kind', 'title', 'original_title', 'year', 'tmdb_id', 'imdb_id', 'runtime', 'end_year'] as const;

export function matchCandidate(r: Pick<Selectable<TitlesTable>, (typeof MATCH_COLUMNS)[number]>): MatchCandidate {
  return {
    id: r.id,
    kind: r.kind === 'series' ? 'series' : 'movie',
    title: r.title,
    originalTitle: r.original_title,
    year: Number(r.year),
    tmdbId: r.tmdb_id === null ? null : Number(r.tmdb_id),
    imdbId: r.imdb_id,
    runtime: r.runtime === null ? null : Number(r.runtime),
    endYear: r.end_year === null ? null : Number(r.end_year),
  };
}

/** What a record tells the matcher; `short`: the source calls it a short film (IMDb's title type) whatever its runtime. */
export type MatchQuery = Pick<SourceTitle, 'kind' | 'title' | 'originalTitle' | 'year' | 'tmdbId' | 'imdbId' | 'runtime' | 'endYear'> & { short?: boolean };

export type MatchResult =
  | { kind: 'matched'; id: string; by: 'tmdb' | 'imdb' | 'title' }
  | { kind: 'ambiguous'; ids: string[] }
  | { kind: 'none' };

/** Titles with this many namesakes of one kind are not disambiguated further (a bound per lookup). */
const MAX_NAMESAKES = 64;

/** C: the candidates' own type, so a caller that matches catalog entries gets them back by id (no copies). */
export class TitleMatcher<C extends MatchCandidate = MatchCandidate> {
  private readonly byTmdb = new Map<string, string>();
  private readonly byImdb = new Map<string, string>();
  private readonly byName = new Map<string, C[]>();
  private readonly byId = new Map<string, C>();

  /** The year a running series runs to (its window's end when no last air year is known). */
  private readonly thisYear: number;

  constructor(existing: Iterable<C> = [], opts: { thisYear?: number } = {}) {
    this.thisYear = opts.thisYear ?? new Date().getUTCFullYear();
    for (const c of existing) this.add(c);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  get(id: string): C | undefined {
    return this.byId.get(id);
  }

  get size(): number {
    return this.byId.size;
  }

  /** Adds or refreshes a title (after a merge wrote it). */
  add(c: C): void {
    const prev = this.byId.get(c.id);
    if (prev) this.remove(prev);
    this.byId.set(c.id, c);
    if (c.tmdbId !== null) this.byTmdb.set(`${c.kind}:${c.tmdbId}`, c.id);
    if (c.imdbId) this.byImdb.set(c.imdbId, c.id);
    for (const key of nameKeys(c.kind, c.title, c.originalTitle)) {
      const list = this.byName.get(key) ?? [];
      list.push(c);
      this.byName.set(key, list);
    }
  }

  private remove(c: C): void {
    if (c.tmdbId !== null && this.byTmdb.get(`${c.kind}:${c.tmdbId}`) === c.id) this.byTmdb.delete(`${c.kind}:${c.tmdbId}`);
    if (c.imdbId && this.byImdb.get(c.imdbId) === c.id) this.byImdb.delete(c.imdbId);
    for (const key of nameKeys(c.kind, c.title, c.originalTitle)) {
      const list = this.byName.get(key)?.filter((x) => x.id !== c.id);
      if (list?.length) this.byName.set(key, list);
      else this.byName.delete(key);
    }
  }

  match(s: MatchQuery): MatchResult {
    if (s.tmdbId != null) {
      const id = this.byTmdb.get(`${s.kind}:${s.tmdbId}`);
      if (id) return { kind: 'matched', id, by: 'tmdb' };
    }
    if (s.imdbId) {
      const id = this.byImdb.get(s.imdbId);
      // An IMDb id names one title whatever its kind (a TV movie may be filed as either).
      if (id) return { kind: 'matched', id, by: 'imdb' };
    }
    const seen = new Set<string>();
    let near: C[] = [];
    // Series the catalog dates by a later season than the record (the record's run holds them):
    // taken only when no title's run holds the record's year.
    const laterDated: C[] = [];
    for (const key of nameKeys(s.kind, s.title, s.originalTitle ?? null)) {
      const list = this.byName.get(key);
      if (!list) continue;
      for (let i = 0; i < list.length && i < MAX_NAMESAKES; i++) {
        const c = list[i];
        if (seen.has(c.id)) continue;
        seen.add(c.id);
        // Two different external ids mean two different titles, whatever their names.
        if (s.tmdbId != null && c.tmdbId !== null && c.tmdbId !== s.tmdbId) continue;
        if (s.imdbId && c.imdbId && c.imdbId !== s.imdbId) continue;
        if (!lengthsMeet(s, c)) continue;
        const years = this.yearsMeet(s, c);
        if (years === 'year') near.push(c);
        else if (years === 'run') laterDated.push(c);
      }
    }
    if (near.length === 0) near = laterDated;
    if (near.length === 0) return { kind: 'none' };
    if (near.length === 1) return { kind: 'matched', id: near[0].id, by: 'title' };
    // Several within a year: the one of the exact year, if it is the only one.
    const exact = s.year > 0 ? near.filter((c) => c.year === s.year) : [];
    if (exact.length === 1) return { kind: 'matched', id: exact[0].id, by: 'title' };
    return { kind: 'ambiguous', ids: near.map((c) => c.id).sort() };
  }

  /**
   * Movies: a year within one. Series: 'year' when the record's year falls in the years the
   * title ran (first air to last, or to this year while it runs), within one; 'run' when the
   * title's year falls in the record's run instead (the catalog dated it by a later season). One
   * source dates a series by its first season, another by a later one: both name one series.
   */
  private yearsMeet(s: MatchQuery, c: MatchCandidate): 'year' | 'run' | null {
    if (!(s.year > 0) || !(c.year > 0)) return 'year';
    if (s.kind !== 'series') return Math.abs(c.year - s.year) <= 1 ? 'year' : null;
    const end = (year: number, endYear: number | null | undefined) => (endYear && endYear >= year ? endYear : Math.max(year, this.thisYear));
    if (s.year >= c.year - 1 && s.year <= end(c.year, c.endYear) + 1) return 'year';
    return c.year >= s.year && c.year <= end(s.year, s.endYear) + 1 ? 'run' : null;
  }
}

/** Minutes under which a film is a short, and over which a feature: the two never share a name's match. */
export const SHORT_MAX = 40;
export const FEATURE_MIN = 60;

/** A short and a feature of one name are two films (only ids join them: checked before names). */
function lengthsMeet(s: MatchQuery, c: MatchCandidate): boolean {
  if (s.kind !== 'movie' || c.runtime == null) return true;
  const short = s.short === true || (s.runtime != null && s.runtime < SHORT_MAX);
  const feature = s.short !== true && s.runtime != null && s.runtime > FEATURE_MIN;
  return !((short && c.runtime > FEATURE_MIN) || (feature && c.runtime < SHORT_MAX));
}

function nameKeys(kind: string, title: string, originalTitle: string | null): string[] {
  const keys = new Set<string>();
  for (const name of [title, originalTitle]) {
    const folded = name ? searchText(name) : '';
    if (folded) keys.add(`${kind}|${folded}`);
  }
  return [...keys];
}
