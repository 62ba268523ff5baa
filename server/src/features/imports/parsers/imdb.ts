// IMDb's CSV exports, columns matched by name (IMDb has added, renamed and localised some):
//  - "Your ratings": Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,
//    Runtime (mins),Year,Genres,Num Votes,Release Date,Directors (older files: no Original Title;
//    older still: position,const,created,modified,description,Title,Title type,...,You rated,...).
//  - The watchlist (or any list): Position,Const,Created,Modified,Description,Title,...; newer ones
//    end with Your Rating,Date Rated: a rated row there counts as watched, not as a wish.
// Episodes are skipped: the file does not name their series. Title holds the name in the account's
// language (the headers stay English), Original Title the original: the matcher tries both. The
// runtime and a short's title type keep a short from matching the feature of its name. Dates are
// read as a spreadsheet may have re-saved them (dates.ts), one layout for the file.
import type { CsvRecord } from '../../../catalog/sources/csv.js';
import { at, filled, blankEntry, columns, EntryMap, fail, fieldOf, later, parseYear, quoted } from './common.js';
import { FileDates } from './dates.js';
import type { ImportedEntry } from './types.js';

export type ImdbFile = 'ratings' | 'watchlist';

/** IMDb and Trakt ratings (1 to 10) to liked: >= 7 like, <= 4 dislike, else neither. */
export function tenPointLiked(rating: number): boolean | null {
  if (rating >= 7) return true;
  if (rating <= 4) return false;
  return null;
}

/** Which IMDb export a header is, or null when it is not one. */
export function imdbFileOf(header: readonly string[]): ImdbFile | null {
  const cols = columns(header);
  if (!cols.has('const') || !cols.has('title')) return null;
  if (cols.has('position') || cols.has('created')) return 'watchlist';
  if (cols.has('your rating') || cols.has('you rated')) return 'ratings';
  return null;
}

/**
 * IMDb's title type ("movie", "tvMiniSeries", older "Feature Film", "TV Series", localised "Serie
 * TV") to our kind; 'skip' for episodes, games and podcasts; null when unknown.
 */
export function imdbKind(type: string): 'movie' | 'series' | 'skip' | null {
  const t = type.toLowerCase().replace(/[^a-z]/g, '');
  if (!t) return null;
  if (t.includes('episod') || t.includes('game') || t.includes('podcast')) return 'skip';
  if (t.includes('serie')) return 'series';
  if (['movie', 'tvmovie', 'short', 'video', 'tvshort', 'tvspecial', 'film', 'featurefilm', 'shortfilm', 'documentary', 'tvfilm'].includes(t)) return 'movie';
  return null;
}

/** IMDb ratings: "" (none) or a whole number 1 to 10. */
function parseTen(where: string, line: number, s: string): number | null {
  if (s === '') return null;
  const n = Number(s);
  if (!Number.isInteger(n) || n < 1 || n > 10) fail(`${at(where, line)}: rating ${quoted(s)} is not a whole number from 1 to 10.`);
  return n;
}

export function parseImdb(where: string, records: Iterator<CsvRecord>): { entries: ImportedEntry[]; rowsRead: number; file: ImdbFile } {
  const first = records.next();
  const header = first.done ? [] : first.value.fields;
  const file = imdbFileOf(header);
  if (!file) fail(`${where} is not an IMDb ratings or watchlist export: it needs the columns Const, Title and Your Rating (or Position).`);
  const cols = columns(header);
  const constOf = fieldOf(cols, 'const')!;
  const titleOf = fieldOf(cols, 'title')!;
  const ratingOf = fieldOf(cols, 'your rating', 'you rated');
  const typeOf = fieldOf(cols, 'title type');
  const yearOf = fieldOf(cols, 'year');
  const originalOf = fieldOf(cols, 'original title');
  const runtimeOf = fieldOf(cols, 'runtime (mins)', 'runtime');
  const dates = ['date rated', 'created', 'modified'].map((n) => fieldOf(cols, n)).filter((f) => f !== null);
  const fileDates = new FileDates();
  const titles = new EntryMap<ImportedEntry>(where);
  let rowsRead = 0;
  for (const rec of filled(records)) {
    rowsRead++;
    const id = constOf(rec);
    if (!/^tt\d{1,10}$/.test(id)) fail(`${at(where, rec.line)}: ${quoted(id)} is not an IMDb title id (tt followed by digits).`);
    const kind = typeOf ? imdbKind(typeOf(rec)) : null;
    if (kind === 'skip') continue;
    const name = titleOf(rec);
    if (!name) fail(`${at(where, rec.line)}: the title has no name.`);
    const rating = ratingOf ? parseTen(where, rec.line, ratingOf(rec)) : null;
    const e = titles.get(id, () => {
      const original = originalOf ? originalOf(rec) : '';
      const minutes = runtimeOf ? Number(runtimeOf(rec)) : NaN;
      return {
        ...blankEntry(name, rec.line),
        imdbId: id,
        kind,
        year: yearOf ? parseYear(yearOf(rec)) : null,
        originalName: original && original !== name ? original : null,
        // A series' runtime is an episode's (or all of them): only a film's is compared.
        runtime: kind !== 'series' && Number.isInteger(minutes) && minutes > 0 && minutes < 10_000 ? minutes : null,
        short: typeOf ? /^(tv)?short/i.test(typeOf(rec).replace(/[^a-z]/gi, '')) : false,
      };
    });
    fileDates.defer(dates.map((d) => d(rec)), (day) => (e.happenedAt = later(e.happenedAt, day)));
    if (rating !== null) {
      e.sourceRating = `${rating}/10`;
      e.liked = tenPointLiked(rating);
    }
    if (file === 'ratings' || rating !== null) e.watched = true;
    else e.watchlist = true;
  }
  fileDates.finish();
  const entries = titles.values().map((e) => ({ ...e, watchlist: e.watchlist && !e.watched }));
  return { entries, rowsRead, file };
}
