// Netflix's "Viewing activity" download, NetflixViewingHistory.csv: Title,Date, one row per
// viewing, the date in the account's locale (1/31/24, 31/01/2024, 31.01.24, 2024-01-31).
// Episodes collapse to their show; every title counts as watched, none as liked.
import type { CsvRecord } from '../../../catalog/sources/csv.js';
import { blank, blankEntry, columns, EntryMap, fail, fieldOf, fold, later, ymd } from './common.js';
import type { ImportedEntry } from './types.js';

/** True when a CSV header is Netflix's viewing history. */
export function isNetflixHeader(header: readonly string[]): boolean {
  const cols = columns(header);
  return cols.has('title') && cols.has('date') && !cols.has('const') && !cols.has('name');
}

const NUM = String.raw`(?:\d{1,3}|[ivxlc]{1,6}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|first|second|third|final)`;
/** A season: only a series has one ("Season 2", "Series 3", "Limited Series", localised forms). */
const SEASON = new RegExp(String.raw`^(?:(?:season|series|temporada|staffel|saison|stagione|seizoen)\s+${NUM}|limited series|miniseries|mini-series)$`, 'i');
/** A part: a series' or a film sequel's ("Part 2", "Volume 1", "Chapter 3", "Book One", "Episode 4"). */
const PART = new RegExp(String.raw`^(?:part|volume|vol\.?|chapter|book|episode|collection)\s+${NUM}$`, 'i');

/**
 * The show an episode row belongs to, or null when the row is not an episode.
 *
 * The rule: split the title at ": ". The row is an episode when a segment after the first is a
 * season ("Season 2", "Limited Series"), or is a part ("Part 2", "Volume 1", "Chapter 3", "Book
 * One", "Episode 4") with an episode name after it. The show is what comes before that segment
 * ("Star Trek: Discovery: Season 1: ..." gives "Star Trek: Discovery"), less a season named after
 * the show ("Stranger Things: Stranger Things 2: Chapter One: ..." gives "Stranger Things").
 * A part with nothing after it is a film's sequel ("Dune: Part Two", "Kill Bill: Vol. 1"), and a
 * second segment that is neither is part of a film's name ("Mission: Impossible - Fallout"):
 * those rows stay whole.
 */
export function netflixShow(title: string): string | null {
  const segs = title.split(': ');
  for (let k = 1; k < segs.length; k++) {
    const s = segs[k].trim();
    if (!(SEASON.test(s) || (PART.test(s) && k < segs.length - 1))) continue;
    let show = segs.slice(0, k);
    if (k >= 2 && fold(show[k - 1]).startsWith(fold(show[0]))) show = show.slice(0, k - 1);
    const name = show.join(': ').trim();
    return name || null;
  }
  return null;
}

/** A date's numbers as written: [a, b, year] for "a/b/y" or "a.b.y", or a full ISO date. */
type RawDate = { iso: string | null } | { a: number; b: number; y: number; dot: boolean };

function rawDate(s: string): RawDate | null {
  const t = s.trim();
  const ymdForm = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(t);
  if (ymdForm) return { iso: ymd(Number(ymdForm[1]), Number(ymdForm[2]), Number(ymdForm[3])) };
  const m = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{2}|\d{4})$/.exec(t);
  if (!m) return null;
  let y = Number(m[4]);
  if (m[4].length === 2) y += y < 70 ? 2000 : 1900;
  return { a: Number(m[1]), b: Number(m[3]), y, dot: m[2] !== '/' };
}

interface Title {
  entry: ImportedEntry;
  /** The latest date read month first, and read day first (the file's order is decided at the end). */
  mdy: string | null;
  dmy: string | null;
}

export function parseNetflix(where: string, records: Iterator<CsvRecord>): { entries: ImportedEntry[]; rowsRead: number } {
  const first = records.next();
  const header = first.done ? [] : first.value.fields;
  if (!isNetflixHeader(header)) fail(`${where} is not a Netflix viewing history: it needs the columns Title and Date.`);
  const cols = columns(header);
  const titleOf = fieldOf(cols, 'title')!;
  const dateOf = fieldOf(cols, 'date')!;
  const titles = new EntryMap<Title>(where);
  let rowsRead = 0;
  // Evidence for the file's date order: a first number above 12 is a day, a second one too.
  let dayFirst = 0;
  let monthFirst = 0;
  let dots = 0;
  for (let r = records.next(); !r.done; r = records.next()) {
    const rec = r.value;
    if (blank(rec)) continue;
    rowsRead++;
    const written = titleOf(rec);
    if (!written) continue;
    const show = netflixShow(written);
    const name = show ?? written;
    const t = titles.get(`${show ? 's' : 't'}|${fold(name)}`, () => ({ entry: { ...blankEntry(name, rec.line), kind: show ? 'series' : null, watched: true }, mdy: null, dmy: null }));
    const d = rawDate(dateOf(rec));
    if (d === null) continue;
    if ('iso' in d) {
      t.mdy = later(t.mdy, d.iso);
      t.dmy = later(t.dmy, d.iso);
      continue;
    }
    if (d.a > 12) dayFirst++;
    if (d.b > 12) monthFirst++;
    if (d.dot) dots++;
    t.mdy = later(t.mdy, ymd(d.y, d.a, d.b));
    t.dmy = later(t.dmy, ymd(d.y, d.b, d.a));
  }
  // With no day above 12 anywhere, dots mean a European locale; slashes, Netflix's US default.
  const useDayFirst = dayFirst !== monthFirst ? dayFirst > monthFirst : dots > 0;
  const entries = titles.values().map((t) => ({ ...t.entry, happenedAt: useDayFirst ? t.dmy : t.mdy }));
  return { entries, rowsRead };
}
