// IMDb's dataset files (imdb-tsv.ts imports them): which file a header line names, and the
// row-level readers: ids as numbers, the table of votes and ratings, and the basics verdict.
import { ImportError, openRows } from './import-run.js';

export const IMDB_FILES = {
  basics: ['tconst', 'titleType', 'primaryTitle', 'originalTitle', 'isAdult', 'startYear', 'endYear', 'runtimeMinutes', 'genres'],
  ratings: ['tconst', 'averageRating', 'numVotes'],
  akas: ['titleId', 'ordering', 'title', 'region', 'language', 'types', 'attributes', 'isOriginalTitle'],
  crew: ['tconst', 'directors', 'writers'],
  names: ['nconst', 'primaryName'],
  principals: ['tconst', 'ordering', 'nconst', 'category'],
} as const;
export type ImdbFile = keyof typeof IMDB_FILES;

export const TSV = { delimiter: '\t', quoted: false } as const;
export const NULL = '\\N';

/** titleType -> our kind; every other type (short, tvEpisode, video, videoGame, tvSpecial, tvShort, tvPilot) is skipped. */
const KINDS: Record<string, 'movie' | 'series'> = { movie: 'movie', tvMovie: 'movie', tvSeries: 'series', tvMiniSeries: 'series' };

/** "tt0111161" -> 111161; NaN when it is not such an id. */
export function imdbNumber(id: string, prefix: 'tt' | 'nm'): number {
  if (id.length < 3 || id.charCodeAt(0) !== prefix.charCodeAt(0) || id.charCodeAt(1) !== prefix.charCodeAt(1)) return NaN;
  const n = Number(id.slice(2));
  return Number.isInteger(n) && n >= 0 && n < 2 ** 32 ? n : NaN;
}

/** A growable Uint32Array. */
export class U32List {
  data = new Uint32Array(1024);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Uint32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
}

/** Ratings of titles with enough votes: ids sorted, votes and rating x10 beside them. */
export class RatingTable {
  private ids = new U32List();
  private votes = new U32List();
  private ratings = new U32List();
  private sorted = true;

  add(id: number, rating10: number, votes: number): void {
    if (this.ids.length && id <= this.ids.data[this.ids.length - 1]) this.sorted = false;
    this.ids.push(id);
    this.votes.push(votes);
    this.ratings.push(rating10);
  }

  /** Sorts by id when the file was not in order (IMDb's is). */
  seal(): void {
    if (this.sorted) return;
    const n = this.ids.length;
    const order = Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => this.ids.data[a] - this.ids.data[b]);
    for (const list of [this.ids, this.votes, this.ratings]) {
      const copy = list.data.slice(0, n);
      for (let i = 0; i < n; i++) list.data[i] = copy[order[i]];
    }
    this.sorted = true;
  }

  get size(): number {
    return this.ids.length;
  }

  /** The row of `id`, or -1. */
  find(id: number): number {
    const ids = this.ids.data;
    let lo = 0;
    let hi = this.ids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = ids[mid];
      if (v === id) return mid;
      if (v < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  votesAt(i: number): number {
    return this.votes.data[i];
  }

  ratingAt(i: number): number {
    return this.ratings.data[i] / 10;
  }
}

export type BasicsVerdict = { keep: true; kind: 'movie' | 'series'; year: number } | { keep: false; reason: string } | { fail: string };

/** Pass one over title.basics: is this row a title we keep (before the vote threshold)? */
export function basicsVerdict(f: string[]): BasicsVerdict | null {
  if (f.length !== 9) return { fail: `expected 9 tab-separated fields, found ${f.length}` };
  const kind = KINDS[f[1]];
  if (!kind) return { keep: false, reason: `titleType ${f[1]}` };
  if (f[4] === '1') return { keep: false, reason: 'adult' };
  if (f[4] !== '0') return { fail: `isAdult ${JSON.stringify(f[4])} is neither 0 nor 1` };
  if (f[5] === NULL) return { keep: false, reason: 'no start year' };
  const year = Number(f[5]);
  if (!Number.isInteger(year) || year < 1870 || year > 2100) return { fail: `startYear ${JSON.stringify(f[5])} is not a year` };
  if (!f[2].trim()) return { fail: 'no primaryTitle' };
  return { keep: true, kind, year };
}

/** Recognises each file by its header line. */
export async function identify(files: string[]): Promise<Map<ImdbFile, string>> {
  const found = new Map<ImdbFile, string>();
  for (const file of files) {
    const opened = await openRows(file, TSV);
    let header: string[] | null = null;
    for await (const r of opened.rows) {
      header = r.fields;
      break;
    }
    if (!header) throw new ImportError(`${file}: empty file (no header line)`);
    const kind = (Object.keys(IMDB_FILES) as ImdbFile[]).find((k) => IMDB_FILES[k].every((c, i) => header![i] === c));
    if (!kind) throw new ImportError(`${file}:1: not an IMDb dataset file (title.basics, title.ratings, title.akas, title.crew, title.principals or name.basics): header ${JSON.stringify(header.slice(0, 4).join('\t'))}`);
    if (found.has(kind)) throw new ImportError(`${file}: a second ${kind} file (the first is ${found.get(kind)})`);
    found.set(kind, file);
  }
  return found;
}
