// The parts of a catalog title that made up most of the server's objects, held as columns: each
// title's keywords and cast as ids into one flat list of names, and its quality, popularity and
// ratings in one number array. At 100,000 titles these were 200,000 small arrays and 280,000 boxed
// numbers on V8's heap; as columns they are a few typed arrays outside it, and a heap snapshot
// of the server at 100,000 titles holds 64.5 MB of V8 heap instead of 87.2 (docs/performance.md,
// "Memory"). Fewer live objects make each full collection shorter: it marks every one of them.
//
// Descriptions stay strings in the title: moved into one UTF-8 buffer as well, they left V8's
// heap but grew the C heap by as much, and the resident size did not fall.
//
// A title (CatalogTitle) reads these fields from its snapshot's columns through getters, so every
// reader still sees `keywords: string[]` and `quality: number`. A list is made on each read: a new
// array the caller may keep or change.

/** The typed arrays a TitleColumns fills; each doubles as it fills and is trimmed by seal. */
type Growable = Uint32Array | Float64Array;

function grown<T extends Growable>(a: T, need: number): T {
  if (need <= a.length) return a;
  const next = new (a.constructor as new (n: number) => T)(Math.max(need, a.length * 2));
  next.set(a);
  return next;
}

/** Positions per title in `listAt`, and numbers per title in `numbers`. */
const LIST_AT = 3;
const NUMBERS = 4;

export class TitleColumns {
  /** Keyword and people names by id: each distinct name once. */
  private readonly names: string[] = [];
  /** Only while building (dropped by seal). */
  private nameIds: Map<string, number> | null = new Map();
  /** Name ids, title after title: its keywords, then its cast. */
  private ids = new Uint32Array(1 << 12);
  private idCount = 0;
  /** Per title (slot): where its keywords start, where its cast starts, where its cast ends. */
  private listAt = new Uint32Array(LIST_AT << 10);
  /** Per title: quality, popularity, IMDb rating, TMDB rating (NaN: none). */
  private numbers = new Float64Array(NUMBERS << 10);
  private slots = 0;

  /** A new title's slot, with its lists and ratings (quality and popularity come later: setRanking). */
  add(keywords: readonly string[], cast: readonly string[], imdb: number | null, tmdbRating: number | null): number {
    const slot = this.slots++;
    this.listAt = grown(this.listAt, LIST_AT * this.slots);
    this.numbers = grown(this.numbers, NUMBERS * this.slots);
    this.ids = grown(this.ids, this.idCount + keywords.length + cast.length);
    this.listAt[LIST_AT * slot] = this.idCount;
    for (const k of keywords) this.ids[this.idCount++] = this.idOf(k);
    this.listAt[LIST_AT * slot + 1] = this.idCount;
    for (const c of cast) this.ids[this.idCount++] = this.idOf(c);
    this.listAt[LIST_AT * slot + 2] = this.idCount;
    this.numbers[NUMBERS * slot] = NaN;
    this.numbers[NUMBERS * slot + 1] = NaN;
    this.numbers[NUMBERS * slot + 2] = imdb ?? NaN;
    this.numbers[NUMBERS * slot + 3] = tmdbRating ?? NaN;
    return slot;
  }

  /** Done adding: every column trimmed to what it holds, the name map let go. */
  seal(): void {
    this.nameIds = null;
    this.ids = this.ids.slice(0, this.idCount);
    this.listAt = this.listAt.slice(0, LIST_AT * this.slots);
    this.numbers = this.numbers.slice(0, NUMBERS * this.slots);
  }

  private idOf(name: string): number {
    if (!this.nameIds) throw new Error('TitleColumns: sealed');
    let id = this.nameIds.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(name);
      this.nameIds.set(name, id);
    }
    return id;
  }

  private namesBetween(from: number, to: number): string[] {
    const out = new Array<string>(to - from);
    for (let i = from; i < to; i++) out[i - from] = this.names[this.ids[i]];
    return out;
  }

  keywords(slot: number): string[] {
    return this.namesBetween(this.listAt[LIST_AT * slot], this.listAt[LIST_AT * slot + 1]);
  }

  cast(slot: number): string[] {
    return this.namesBetween(this.listAt[LIST_AT * slot + 1], this.listAt[LIST_AT * slot + 2]);
  }

  quality(slot: number): number {
    return this.numbers[NUMBERS * slot];
  }

  popularity(slot: number): number {
    return this.numbers[NUMBERS * slot + 1];
  }

  imdb(slot: number): number | null {
    const v = this.numbers[NUMBERS * slot + 2];
    return Number.isNaN(v) ? null : v;
  }

  tmdbRating(slot: number): number | null {
    const v = this.numbers[NUMBERS * slot + 3];
    return Number.isNaN(v) ? null : v;
  }

  /** Set once the catalog's mean rating is known (SnapshotBuilder.finish). */
  setRanking(slot: number, quality: number, popularity: number): void {
    this.numbers[NUMBERS * slot] = quality;
    this.numbers[NUMBERS * slot + 1] = popularity;
  }
}
