// The dates of a file a spreadsheet may have re-saved (IMDb, Letterboxd): ISO, IMDb's older
// "Mon Jan 31 00:00:00 2016", year first with slashes or dots, or the locale's day and month
// (1/31/2024, 31/01/2024, 31-01-24, 31.01.2024), each with or without a time after it. Whether
// the day or the month comes first is decided once per file, by all its dates: the order that
// reads every dated row, then the one that puts none in the future, then the habit of the
// separator (dots and dashes day first, slashes month first). A date no order reads leaves its
// row undated: the row stays.
import { parseDate, ymd } from './common.js';

type Order = 'dmy' | 'mdy';

/** Day and month in either order, a 2- or 4-digit year, then nothing or a time. */
const LOCAL = /^(\d{1,2})\s*([/.-])\s*(\d{1,2})\s*\2\s*(\d{4}|\d{2})(?:$|[\sT,])/;
/** Year first: 2024/01/31, 2024.01.31 (2024-01-31 is ISO, read by parseDate). */
const YEAR_FIRST = /^(\d{4})\s*[/.]\s*(\d{1,2})\s*[/.]\s*(\d{1,2})(?:$|[\sT,.])/;

function fullYear(s: string, thisYear: number): number {
  if (s.length === 4) return Number(s);
  const y = Number(s);
  // Two digits: this century up to this year, the last one after it (a rating is never future).
  return 2000 + y <= thisYear ? 2000 + y : 1900 + y;
}

/** One date in a fixed layout (ISO, names, year first), or both readings of a local one. */
function readings(text: string, thisYear: number): { fixed: string | null } | { dmy: string | null; mdy: string | null; sep: string } {
  const t = text.trim();
  const local = LOCAL.exec(t);
  if (local) {
    const [, a, sep, b, y] = local;
    const year = fullYear(y, thisYear);
    return { dmy: ymd(year, Number(b), Number(a)), mdy: ymd(year, Number(a), Number(b)), sep };
  }
  const yearFirst = YEAR_FIRST.exec(t);
  if (yearFirst) return { fixed: ymd(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3])) };
  return { fixed: parseDate(t) };
}

interface Pending {
  texts: string[];
  apply: (day: string | null) => void;
}

/** Collects one file's dates, then gives each row the latest of its dates in the file's order. */
export class FileDates {
  private readonly pending: Pending[] = [];
  private readonly unread = { dmy: 0, mdy: 0 };
  private readonly future = { dmy: 0, mdy: 0 };
  private readonly habit = { dmy: 0, mdy: 0 };
  private readonly thisYear: number;
  private readonly today: string;

  constructor(now = new Date()) {
    this.thisYear = now.getUTCFullYear();
    // A day's slack for time zones.
    this.today = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  }

  /** Keeps a row's date texts (blank ones ignored) until the file is read; `apply` gets their latest date, or null. */
  defer(texts: string[], apply: (day: string | null) => void): void {
    const dated = texts.filter((t) => t.trim() !== '');
    for (const t of dated) {
      const r = readings(t, this.thisYear);
      if ('fixed' in r) continue;
      for (const order of ['dmy', 'mdy'] as const) {
        const day = r[order];
        if (day === null) this.unread[order]++;
        else if (day > this.today) this.future[order]++;
      }
      this.habit[r.sep === '/' ? 'mdy' : 'dmy']++;
    }
    this.pending.push({ texts: dated, apply });
  }

  /** The file's order of day and month. */
  order(): Order {
    for (const count of [this.unread, this.future, { dmy: -this.habit.dmy, mdy: -this.habit.mdy }]) {
      if (count.dmy !== count.mdy) return count.dmy < count.mdy ? 'dmy' : 'mdy';
    }
    return 'mdy';
  }

  /** Gives every deferred row its date, in the order the rows came. */
  finish(): void {
    const order = this.order();
    for (const p of this.pending) {
      let latest: string | null = null;
      for (const t of p.texts) {
        const r = readings(t, this.thisYear);
        const day = 'fixed' in r ? r.fixed : r[order];
        if (day !== null && (latest === null || day > latest)) latest = day;
      }
      p.apply(latest);
    }
    this.pending.length = 0;
  }
}
