// What the history-file parsers share: decoding bytes to text, reading a CSV file's rows with
// the project's bounded RFC 4180 reader, loose date and year parsing, name folding, and the
// per-title merge with its bound. Pure: no I/O.
import { CsvError, CsvParser, type CsvRecord } from '../../../catalog/sources/csv.js';
import { ImportFileError, type ImportedEntry } from './types.js';

/** At most this many titles after merging per title. */
export const MAX_ENTRIES = 50_000;

export const ACCEPTED =
  'Accepted: a Letterboxd export (the .zip, or its ratings.csv, watched.csv, watchlist.csv, diary.csv or likes/films.csv), ' +
  'an IMDb ratings or watchlist export (.csv), a Netflix viewing history (NetflixViewingHistory.csv, or ViewingActivity.csv or the .zip of the account download), a Trakt export (.json, or a .zip of them) ' +
  "or a Tonight's Pick export (.json).";

/** Why a file that was read gave no titles: nothing after its header, or no row we can read. */
export function noTitles(filename: string, rowsRead: number): string {
  const where = shown(filename);
  if (rowsRead === 0) return `${where} holds no titles: it has nothing after its header. Export your history again once it lists what you watched or rated.`;
  const rows = rowsRead === 1 ? 'its one row names' : `none of its ${rowsRead.toLocaleString('en-US')} rows names`;
  return `${where} holds no titles we can import: ${rows} a film or a series (episodes without their series, games and podcasts are not read).`;
}

export function fail(message: string): never {
  throw new ImportFileError(message);
}

/** A name fit for a one-line message: no control characters, not too long. */
export function shown(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, ' ').trim() || 'the file';
  return clean.length > 120 ? `${clean.slice(0, 117)}...` : clean;
}

/** A value from the file, quoted for a one-line message: control characters become spaces, at most 20 characters. */
export function quoted(value: string): string {
  return `"${value.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 20)}"`;
}

/** Where a row is, for messages: "ratings.csv, line 4". */
export function at(where: string, line: number): string {
  return `${where}, line ${line}`;
}

/**
 * The file's text: UTF-8 (a byte-order mark dropped); UTF-16 when it starts with its byte-order
 * mark; otherwise Windows-1252 (a spreadsheet's re-save). A NUL character means a binary file.
 */
export function decodeText(where: string, bytes: Uint8Array): string {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes);
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes);
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes('\u0000')) fail(`${where} is not a text file. ${ACCEPTED}`);
  return text;
}

const CHUNK = 256 * 1024;

/**
 * The CSV records of `text`, the header first, fed to the reader `chunk` characters at a time so
 * that at most a chunk's records are held at once. The delimiter is a comma, or the semicolon or
 * tab of a spreadsheet's re-save when the first line has no comma. A CsvError becomes an
 * ImportFileError naming the file and line.
 */
export function* csvRecords(where: string, text: string, chunk = CHUNK): Generator<CsvRecord> {
  const firstLine = text.slice(0, Math.min(text.length, 64 * 1024)).split('\n', 1)[0];
  const delimiter = firstLine.includes(',') ? ',' : firstLine.includes(';') ? ';' : firstLine.includes('\t') ? '\t' : ',';
  const parser = new CsvParser({ delimiter, maxField: 64 * 1024, maxRecord: 256 * 1024 });
  const step = (fn: () => void): CsvRecord[] => {
    try {
      fn();
    } catch (e) {
      if (e instanceof CsvError) fail(`${at(where, e.line)}: ${e.reason}`);
      throw e;
    }
    return parser.take();
  };
  let from = 0;
  while (from < text.length) {
    // Never cut a surrogate pair (the reader would keep the halves apart in a field).
    let to = Math.min(text.length, from + Math.max(1, chunk));
    const c = text.charCodeAt(to - 1);
    if (to < text.length && c >= 0xd800 && c <= 0xdbff) to++;
    const piece = text.slice(from, to);
    from = to;
    yield* step(() => parser.push(piece));
  }
  yield* step(() => parser.end());
}

/** Column positions by lower-cased, trimmed header name (the first of a repeated name). */
export function columns(header: readonly string[]): Map<string, number> {
  const map = new Map<string, number>();
  header.forEach((h, i) => {
    const key = h.trim().toLowerCase();
    if (!map.has(key)) map.set(key, i);
  });
  return map;
}

/** The first of `names` that the header has, as a reader of that field (trimmed, '' when absent). */
export function fieldOf(cols: Map<string, number>, ...names: string[]): ((rec: CsvRecord) => string) | null {
  for (const n of names) {
    const i = cols.get(n);
    if (i !== undefined) return (rec) => (rec.fields[i] ?? '').trim();
  }
  return null;
}

/** A record whose every field is blank (a spreadsheet's trailing ",,,"). */
export function blank(rec: CsvRecord): boolean {
  return rec.fields.every((f) => f.trim() === '');
}

/** The records of a file after its header, without the blank ones. */
export function* filled(records: Iterator<CsvRecord>): Generator<CsvRecord> {
  for (let r = records.next(); !r.done; r = records.next()) if (!blank(r.value)) yield r.value;
}

/** Lower case, accents dropped, spaces collapsed: the key that merges rows of one title. */
export function fold(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A four-digit year between 1870 and 2100, else null (a missing year is not an error). */
export function parseYear(s: string): number | null {
  if (!/^\d{4}$/.test(s.trim())) return null;
  const y = Number(s.trim());
  return y >= 1870 && y <= 2100 ? y : null;
}

/** YYYY-MM-DD when (y, m, d) is a real calendar date between 1900 and 2100, else null. */
export function ymd(y: number, m: number, d: number): string | null {
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d)) return null;
  if (y < 1900 || y > 2100 || m < 1 || m > 12 || d < 1) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > days) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * A date as the exports write it: "2024-01-31" (or an ISO time after it), or IMDb's older
 * "Mon Jan 31 00:00:00 2016". Anything else is null: a date never fails a file.
 */
export function parseDate(s: string): string | null {
  const t = s.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[T ])/.exec(t);
  if (iso) return ymd(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  if (t.length <= 40 && /[A-Za-z]{3}/.test(t) && /\d{4}/.test(t)) {
    const ms = Date.parse(t);
    if (Number.isFinite(ms)) {
      const d = new Date(ms);
      return ymd(d.getFullYear(), d.getMonth() + 1, d.getDate());
    }
  }
  return null;
}

/** The later of two YYYY-MM-DD dates (either may be null). */
export function later(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return b > a ? b : a;
}

/** A fresh entry with nothing known but its name and where it first appears. */
export function blankEntry(name: string, line: number): ImportedEntry {
  return { name, year: null, kind: null, imdbId: null, tmdbId: null, sourceRating: null, liked: null, watched: false, watchlist: false, happenedAt: null, line };
}

/** Entries merged by key, in order of first appearance, at most MAX_ENTRIES of them. */
export class EntryMap<T> {
  private readonly map = new Map<string, T>();
  constructor(private readonly where: string) {}

  get(key: string, make: () => T): T {
    let v = this.map.get(key);
    if (v === undefined) {
      if (this.map.size >= MAX_ENTRIES) fail(`${this.where} has more than ${MAX_ENTRIES.toLocaleString('en-US')} titles: split it or import its most recent part.`);
      v = make();
      this.map.set(key, v);
    }
    return v;
  }

  values(): T[] {
    return [...this.map.values()];
  }
}
