// A title row as one source writes it, and whose word wins field by field when sources meet
// (docs/catalog.md): the pure half of the merge (merge.ts).
import type { Insertable, Selectable } from 'kysely';
import type { TitlesTable } from '../../db/schema.js';
import type { SourceName, SourceTitle } from './types.js';

type TitleRow = Selectable<TitlesTable>;

/** Whose word wins for descriptive fields: our hand-written pack, then TMDB, then the datasets. */
/** Keyed by every source (a missing one fails the type check), and `synthetic`, the benchmarks' generated titles. */
export const SOURCE_PRIORITY: Record<SourceName | 'synthetic', number> = {
  builtin: 5,
  tmdb: 4,
  'imdb-tsv': 3,
  'streaming-csv': 2,
  'platform-flags': 1,
  synthetic: 0,
};

const isEmpty = (v: unknown): boolean => v === null || v === undefined || v === '' || (typeof v === 'string' && v === '[]');

/** The row as this source would write it: only the fields the source speaks about. */
export function sourceFields(s: SourceTitle): Partial<Insertable<TitlesTable>> {
  const out: Partial<Insertable<TitlesTable>> = {};
  const set = <K extends keyof TitlesTable>(k: K, v: Insertable<TitlesTable>[K] | undefined) => {
    if (v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '')) out[k] = v;
  };
  const list = (l: string[] | undefined) => (l && l.length ? JSON.stringify(l) : undefined);
  set('original_title', s.originalTitle && s.originalTitle !== s.title ? s.originalTitle : undefined);
  set('end_year', s.kind === 'series' ? s.endYear : undefined);
  set('genres', list(s.genres));
  set('language', s.language ?? undefined);
  set('runtime', s.kind === 'movie' ? s.runtime : undefined);
  set('seasons', s.kind === 'series' ? s.seasons : undefined);
  set('episode_runtime', s.kind === 'series' ? (s.episodeRuntime ?? undefined) : undefined);
  set('episodes', s.kind === 'series' ? (s.episodes ?? undefined) : undefined);
  set('imdb_rating', s.imdbRating);
  set('rotten_tomatoes', s.rottenTomatoes);
  set('vote_count', s.voteCount);
  set('description', s.description ?? undefined);
  set('keywords', list(s.keywords));
  set('director', s.director);
  set('cast_members', list(s.cast));
  set('age_rating', s.ageRating);
  set('tmdb_id', s.tmdbId);
  set('imdb_id', s.imdbId);
  set('poster_path', s.posterPath);
  set('backdrop_path', s.backdropPath);
  set('trailer_key', s.trailerKey);
  set('tmdb_rating', s.tmdbRating);
  return out;
}

/** Fields any source may fill but only a higher-or-equal source may overwrite. */
const DESCRIPTIVE = [
  'original_title', 'end_year', 'genres', 'language', 'runtime', 'seasons', 'episode_runtime', 'episodes', 'rotten_tomatoes',
  'description', 'keywords', 'director', 'cast_members', 'age_rating',
] as const;
/** Fields whose authority is one source, whatever owns the title. */
const AUTHORITY: Partial<Record<keyof TitlesTable, SourceName>> = {
  imdb_rating: 'imdb-tsv',
  vote_count: 'imdb-tsv',
  poster_path: 'tmdb',
  backdrop_path: 'tmdb',
  trailer_key: 'tmdb',
  tmdb_rating: 'tmdb',
};

/** Applies a source's fields to an existing row; returns the changed columns (empty: unchanged). */
export function mergeRow(existing: TitleRow, source: string, fields: Partial<Insertable<TitlesTable>>): Partial<TitleRow> {
  // Rows hold the name as text (an older or unknown source ranks lowest).
  const rank = (name: string) => (SOURCE_PRIORITY as Record<string, number | undefined>)[name] ?? 0;
  const mine = rank(source) >= rank(existing.source);
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields) as Array<[keyof TitlesTable, unknown]>) {
    const current = existing[key];
    if (value === undefined || String(current) === String(value)) continue;
    if (key === 'tmdb_id' || key === 'imdb_id') {
      if (current === null) changes[key] = value; // ids are filled, never rewritten
      continue;
    }
    const authority = AUTHORITY[key];
    if (authority) {
      if (authority === source || isEmpty(current)) changes[key] = value;
      continue;
    }
    if ((DESCRIPTIVE as readonly string[]).includes(key) && (mine || isEmpty(current))) changes[key] = value;
  }
  if (mine && existing.source !== source && Object.keys(changes).length) changes.source = source;
  return changes as Partial<TitleRow>;
}

export function newRow(id: string, source: string, s: SourceTitle, now: string): Insertable<TitlesTable> {
  return {
    id,
    kind: s.kind,
    title: s.title.trim(),
    year: s.year,
    genres: '[]',
    language: '',
    description: '',
    keywords: '[]',
    cast_members: '[]',
    fame: 1,
    source,
    catalog_version: 1,
    created_at: now,
    updated_at: now,
    ...sourceFields(s),
  };
}

export function validate(s: SourceTitle): string | null {
  if (s.kind !== 'movie' && s.kind !== 'series') return 'kind must be movie or series';
  if (typeof s.title !== 'string' || !s.title.trim()) return 'no title';
  if (s.title.length > 300) return 'title longer than 300 characters';
  if (!Number.isInteger(s.year) || s.year < 0 || s.year > 2100) return `bad year ${s.year}`;
  return null;
}
