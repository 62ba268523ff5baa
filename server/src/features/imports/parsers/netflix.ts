// Netflix's "Viewing activity" download, NetflixViewingHistory.csv: Title,Date, one row per
// title and day, the date in the account's locale (netflix-dates.ts chooses the file's layout).
// Episodes collapse to their show in any language (netflix-collapse.ts); every title counts as
// watched, none as liked. The full-account download's ViewingActivity.csv is netflix-activity.ts.
import type { CsvRecord } from '../../../catalog/sources/csv.js';
import { filled, blankEntry, columns, EntryMap, fail, fieldOf, fold, later, MAX_ENTRIES } from './common.js';
import { labelCut, placeByFile, prefixKeys, titleParts, type Unplaced } from './netflix-collapse.js';
import { LayoutChooser, todayUtc, type Readings } from './netflix-dates.js';
import type { ImportedEntry } from './types.js';

export { netflixShow } from './netflix-collapse.js';

/** True when a CSV header is Netflix's viewing history. */
export function isNetflixHeader(header: readonly string[]): boolean {
  const cols = columns(header);
  return cols.has('title') && cols.has('date') && !cols.has('const') && !cols.has('name');
}

/** Titles no label placed, held until the whole file is read: far more than any real history has. */
const MAX_UNPLACED = MAX_ENTRIES * 4;

interface Group {
  entry: ImportedEntry;
  /** The latest date in each layout (LAYOUTS' order). */
  dates: Readings;
}

interface Pending extends Unplaced {
  written: string;
  line: number;
  dates: Readings;
}

const NO_DATES: Readings = [null, null, null];

function merge(into: Readings, d: Readings): void {
  for (let i = 0; i < 3; i++) into[i] = later(into[i], d[i]);
}

/**
 * A Netflix file's titles, merged per show (an episode) or per title. A row whose labels name its
 * show joins it at once; a title with a colon and no label waits for the whole file
 * (placeByFile), which tells an episode from a film by what the file repeats.
 */
export class NetflixTitles {
  private readonly groups: EntryMap<Group>;
  private readonly pending = new Map<string, Pending>();
  /** Show keys to the name the file first gave them. */
  private readonly shows = new Map<string, string>();

  constructor(private readonly where: string) {
    this.groups = new EntryMap<Group>(where);
  }

  add(written: string, line: number, dates: Readings | null): void {
    const d = dates ?? NO_DATES;
    const parts = titleParts(written);
    const cut = parts.length > 1 ? labelCut(parts) : 0;
    if (cut > 0) {
      const keys = prefixKeys(parts.slice(0, cut));
      const key = keys[cut - 1];
      if (!this.shows.has(key)) this.shows.set(key, parts.slice(0, cut).join(': '));
      return this.join(key, this.shows.get(key)!, line, d);
    }
    if (parts.length === 1) return this.whole(written, line, d);
    const titleKey = fold(written);
    let p = this.pending.get(titleKey);
    if (!p) {
      if (this.pending.size >= MAX_UNPLACED) fail(`${this.where} has more than ${MAX_UNPLACED.toLocaleString('en-US')} different titles: split it or import its most recent part.`);
      p = { written, line, parts, keys: prefixKeys(parts), dates: [null, null, null] };
      this.pending.set(titleKey, p);
    }
    merge(p.dates, d);
  }

  /** Every title, in order of first appearance, its date read in the layout `layout` (LAYOUTS' index). */
  entries(layout: number): ImportedEntry[] {
    const pending = [...this.pending.values()];
    const placed = placeByFile(pending, this.shows);
    pending.forEach((p, i) => {
      const show = placed[i];
      if (show) this.join(show.key, show.name, p.line, p.dates);
      else this.whole(p.written, p.line, p.dates);
    });
    return this.groups
      .values()
      .sort((a, b) => a.entry.line - b.entry.line)
      .map((g) => ({ ...g.entry, happenedAt: g.dates[layout] }));
  }

  private join(key: string, name: string, line: number, d: Readings): void {
    this.group(`s|${key}`, name, 'series', line, d);
  }

  private whole(written: string, line: number, d: Readings): void {
    this.group(`t|${fold(written)}`, written, null, line, d);
  }

  private group(key: string, name: string, kind: 'series' | null, line: number, d: Readings): void {
    const g = this.groups.get(key, () => ({ entry: { ...blankEntry(name, line), kind, watched: true }, dates: [null, null, null] }));
    // A title waiting for the file's end may appear before the show's first labelled row.
    if (line < g.entry.line) g.entry.line = line;
    merge(g.dates, d);
  }
}

export function parseNetflix(where: string, records: Iterator<CsvRecord>, today = todayUtc()): { entries: ImportedEntry[]; rowsRead: number } {
  const first = records.next();
  const header = first.done ? [] : first.value.fields;
  if (!isNetflixHeader(header)) fail(`${where} is not a Netflix viewing history: it needs the columns Title and Date.`);
  const cols = columns(header);
  const titleOf = fieldOf(cols, 'title')!;
  const dateOf = fieldOf(cols, 'date')!;
  const titles = new NetflixTitles(where);
  const layouts = new LayoutChooser(today);
  let rowsRead = 0;
  for (const rec of filled(records)) {
    rowsRead++;
    const written = titleOf(rec);
    if (!written) continue;
    titles.add(written, rec.line, layouts.read(dateOf(rec)));
  }
  return { entries: titles.entries(layouts.choose()), rowsRead };
}
