// NetflixViewingHistory.csv writes its dates in the account's locale, with no word of which:
// 1/31/24, 31/01/2024, 31.01.24, 2024-01-31, 31-1-2024, 24. 1. 31. Each row is read in every
// layout, and the file's layout is the one that reads every row (the fewest rows it cannot read),
// then the one with no future dates, then the one that keeps the file in date order (Netflix
// lists the newest first), then the locale's habit (dots and dashes day first, slashes month first).
import { ymd } from './common.js';

export const LAYOUTS = ['mdy', 'dmy', 'ymd'] as const;
/** A row's date read in each layout (by LAYOUTS' index), null where that layout cannot read it. */
export type Readings = [string | null, string | null, string | null];

function year(s: string): number {
  if (s.length === 4) return Number(s);
  if (s.length !== 2) return NaN;
  const y = Number(s);
  return y < 70 ? 2000 + y : 1900 + y;
}

const DATE = /^(\d{1,4})\s*([/.-])\s*(\d{1,2})\s*\2\s*(\d{1,4})\.?$/;

/** A date of three numbers read in each layout, or null when the text is not one (blank, "yesterday"). */
export function readings(text: string): Readings | null {
  const m = DATE.exec(text.trim());
  if (!m) return null;
  const [, a, , b, c] = m;
  const small = (s: string) => (s.length <= 2 ? Number(s) : NaN);
  return [ymd(year(c), small(a), small(b)), ymd(year(c), small(b), small(a)), ymd(year(a), small(b), small(c))];
}

/** The file's evidence for each layout, row by row. */
export class LayoutChooser {
  private readonly unread = [0, 0, 0];
  private readonly future = [0, 0, 0];
  private readonly ups = [0, 0, 0];
  private readonly downs = [0, 0, 0];
  private readonly last: Array<string | null> = [null, null, null];
  private dayFirstHint = 0;
  private monthFirstHint = 0;
  /** Later than this is in the future (a day's slack for time zones). */
  private readonly tomorrow: string;

  constructor(today: string) {
    const t = new Date(`${today}T00:00:00Z`);
    t.setUTCDate(t.getUTCDate() + 1);
    this.tomorrow = t.toISOString().slice(0, 10);
  }

  /** Reads one row's date text; null when it is not a date of three numbers (the row stays, undated). */
  read(text: string): Readings | null {
    const r = readings(text);
    if (r === null) return null;
    if (/^\d{1,2}\s*[.-]/.test(text.trim())) this.dayFirstHint++;
    else if (/^\d{1,2}\s*\//.test(text.trim())) this.monthFirstHint++;
    r.forEach((d, i) => {
      if (d === null) return void this.unread[i]++;
      if (d > this.tomorrow) this.future[i]++;
      const prev = this.last[i];
      if (prev !== null && d > prev) this.ups[i]++;
      if (prev !== null && d < prev) this.downs[i]++;
      this.last[i] = d;
    });
    return r;
  }

  /** The index in LAYOUTS of the file's layout. */
  choose(): number {
    const habit = this.dayFirstHint > this.monthFirstHint ? [1, 0, 2] : [0, 1, 2];
    const score = (i: number) => [this.unread[i], this.future[i], Math.min(this.ups[i], this.downs[i]), habit.indexOf(i)];
    let best = 0;
    for (let i = 1; i < LAYOUTS.length; i++) {
      const a = score(i);
      const b = score(best);
      const k = a.findIndex((v, j) => v !== b[j]);
      if (k >= 0 && a[k] < b[k]) best = i;
    }
    return best;
  }
}

/** Today in UTC, YYYY-MM-DD: the default for what a future date is. */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}
