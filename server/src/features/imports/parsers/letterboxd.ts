// Letterboxd's data export: a zip of CSV files, of which we read ratings.csv
// (Date,Name,Year,Letterboxd URI,Rating), watched.csv, watchlist.csv and likes/films.csv
// (Date,Name,Year,Letterboxd URI) and diary.csv (…,Rating,Rewatch,Tags,Watched Date). Reviews,
// the profile, comments and lists are not read. Letterboxd logs miniseries and specials as films,
// with nothing to tell them apart: a row without a TMDB id is matched as a movie, else as a series
// (as Netflix rows are, the film first). Dates are read as a spreadsheet may have re-saved them (dates.ts).
//
// Rows merge per film by folded name and year, not by the Letterboxd URI: diary.csv's URIs name
// the diary entry (one per viewing), not the film, so they never equal the film's URI in
// ratings.csv or watched.csv.
//
// Also read: a CSV in Letterboxd's import format (https://letterboxd.com/about/importing-data/:
// Title, Year, imdbID, tmdbID, Rating, WatchedDate, Rewatch...), as other services and our own
// export write it. Every row is a film watched; its imdbID or tmdbID find it, and merge its rows.
import type { CsvRecord } from '../../../catalog/sources/csv.js';
import { at, filled, blankEntry, columns, EntryMap, fail, fieldOf, fold, later, parseYear, quoted } from './common.js';
import { FileDates } from './dates.js';
import type { ImportedEntry } from './types.js';

export type LetterboxdFile = 'ratings' | 'watched' | 'watchlist' | 'diary' | 'likes' | 'import';

/** Rating (0.5 to 5 stars) to liked: >= 3.5 like, <= 2 dislike, else neither. */
export function letterboxdLiked(stars: number): boolean | null {
  if (stars >= 3.5) return true;
  if (stars <= 2) return false;
  return null;
}

/** True for the columns of Letterboxd's import format: a Title and an id or a watched date. */
function isImportFormat(cols: Map<string, number>): boolean {
  return cols.has('title') && (cols.has('imdbid') || cols.has('tmdbid') || cols.has('letterboxduri') || cols.has('watcheddate'));
}

/** True when a CSV header is one of Letterboxd's (its export's, or its import format's). */
export function isLetterboxdHeader(header: readonly string[]): boolean {
  const cols = columns(header);
  return cols.has('letterboxd uri') || (cols.has('name') && cols.has('year') && cols.has('date')) || isImportFormat(cols);
}

/**
 * Which of the export's files a path inside the zip is, or null for one we do not read (reviews,
 * profile, comments, lists, deleted or orphaned entries, a Mac's __MACOSX copies).
 */
export function letterboxdMember(path: string): LetterboxdFile | null {
  const parts = path.toLowerCase().split('/').filter(Boolean);
  const base = parts.at(-1) ?? '';
  const dirs = parts.slice(0, -1);
  if (dirs.some((d) => d === 'lists' || d === 'deleted' || d === 'orphaned' || d === '__macosx')) return null;
  if (base === 'films.csv' && dirs.at(-1) === 'likes') return 'likes';
  if (dirs.at(-1) === 'likes') return null;
  const m = /^(ratings|watched|watchlist|diary)\.csv$/.exec(base);
  return m ? (m[1] as LetterboxdFile) : null;
}

/**
 * Which file a CSV uploaded on its own is: by its name (a browser may add " (1)"), else by its
 * columns. watched.csv, watchlist.csv and likes/films.csv have the same columns: only the name
 * tells them apart.
 */
export function letterboxdLoneFile(where: string, filename: string, header: readonly string[]): LetterboxdFile {
  if (isImportFormat(columns(header))) return 'import';
  const base = (filename.toLowerCase().split(/[\\/]/).at(-1) ?? '').replace(/\.csv$/, '');
  if (base.includes('diary') || base.includes('review')) return 'diary';
  if (base.includes('rating')) return 'ratings';
  if (base.includes('watchlist')) return 'watchlist';
  if (base.includes('watched')) return 'watched';
  if (base.includes('like') || base.startsWith('films')) return 'likes';
  const cols = columns(header);
  if (cols.has('watched date') || cols.has('rewatch')) return 'diary';
  if (cols.has('rating')) return 'ratings';
  fail(`${where} has the columns of Letterboxd's watched.csv, watchlist.csv and likes/films.csv: keep the name Letterboxd gave it so we know which one it is, or send the whole export .zip.`);
}

interface Film {
  entry: ImportedEntry;
  rated: number | null;
  diary: { stars: number; date: string | null } | null;
  heart: boolean;
  onWatchlist: boolean;
}

/** Letterboxd ratings: "" (none) or 0.5 to 5 in half stars. */
function parseStars(where: string, line: number, s: string): number | null {
  if (s === '') return null;
  // A spreadsheet in a comma-decimal locale re-saves 4.5 as 4,5.
  const n = Number(s.replace(',', '.'));
  if (!Number.isFinite(n) || n < 0.5 || n > 5 || !Number.isInteger(n * 2)) fail(`${at(where, line)}: rating ${quoted(s)} is not 0.5 to 5 stars.`);
  return n;
}

export class LetterboxdMerger {
  private readonly films: EntryMap<Film>;
  rowsRead = 0;

  constructor(where: string) {
    this.films = new EntryMap(where);
  }

  /** Reads one of the export's CSV files: its records, the header first. */
  read(where: string, file: LetterboxdFile, records: Iterator<CsvRecord>): void {
    const first = records.next();
    if (first.done) return;
    const cols = columns(first.value.fields);
    const name = fieldOf(cols, 'name', 'title');
    if (!name || !isLetterboxdHeader(first.value.fields)) fail(`${at(where, first.value.line)}: the columns are not those of a Letterboxd export (Date, Name, Year, Letterboxd URI...).`);
    const year = fieldOf(cols, 'year');
    const date = fieldOf(cols, 'date');
    const watchedDate = fieldOf(cols, 'watched date', 'watcheddate');
    const rating = fieldOf(cols, 'rating');
    const imdb = file === 'import' ? fieldOf(cols, 'imdbid') : null;
    const tmdb = file === 'import' ? fieldOf(cols, 'tmdbid') : null;
    if (file === 'ratings' && !rating) fail(`${where} has no Rating column.`);
    const fileDates = new FileDates();
    for (const rec of filled(records)) {
      this.rowsRead++;
      const title = name(rec);
      if (!title) fail(`${at(where, rec.line)}: the film has no name.`);
      const y = year ? parseYear(year(rec)) : null;
      const imdbId = imdb && /^tt\d{7,10}$/.test(imdb(rec)) ? imdb(rec) : null;
      const tmdbId = tmdb && /^[1-9]\d{0,9}$/.test(tmdb(rec)) ? Number(tmdb(rec)) : null;
      // An id names the film: two films of one name and year stay apart.
      const key = imdbId ? `imdb:${imdbId}` : tmdbId ? `tmdb:${tmdbId}` : `${fold(title)}|${y ?? ''}`;
      const film = this.films.get(key, () => ({
        // A TMDB id here is a movie's (Letterboxd's import format); without one, either kind.
        entry: { ...blankEntry(title, rec.line), year: y, kind: tmdbId ? 'movie' : null, likelyKind: 'movie', imdbId, tmdbId },
        rated: null,
        diary: null,
        heart: false,
        onWatchlist: false,
      }));
      const stars = rating ? parseStars(where, rec.line, rating(rec)) : null;
      if (file === 'watchlist') film.onWatchlist = true;
      else film.entry.watched = true;
      if (file === 'likes') film.heart = true;
      if ((file === 'ratings' || file === 'import') && stars !== null) film.rated = stars;
      // The diary's latest rating needs the dates, read once the whole file is.
      fileDates.defer([date ? date(rec) : '', watchedDate ? watchedDate(rec) : ''], (when) => {
        film.entry.happenedAt = later(film.entry.happenedAt, when);
        if (file === 'diary' && stars !== null && (film.diary === null || (when ?? '') >= (film.diary.date ?? ''))) film.diary = { stars, date: when };
      });
    }
    fileDates.finish();
  }

  entries(): ImportedEntry[] {
    return this.films.values().map((f) => {
      const stars = f.rated ?? f.diary?.stars ?? null;
      return {
        ...f.entry,
        sourceRating: stars === null ? null : `${stars}/5`,
        liked: f.heart ? true : stars === null ? null : letterboxdLiked(stars),
        watchlist: f.onWatchlist && !f.entry.watched,
      };
    });
  }
}
