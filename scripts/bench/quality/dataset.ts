// The benchmark's view of a data set: dense 0-based user and item indices, every user's train
// history in chronological order, and one validation and one test item per user (protocol P1).

export interface BenchItem {
  /** The data set's own item id (e.g. the MovieLens movie id), as text. */
  id: string;
  title: string;
  /** Release year read from the title, when it has one. */
  year: number | null;
  /** Genres in the data set's own vocabulary (mapped to ours by the engine adapter). */
  genres: string[];
}

export interface SplitDataset {
  format: string;
  /** Original user ids, index = user index. */
  users: string[];
  /** Item metadata, index = item index. */
  items: BenchItem[];
  /** Per user: train item indices, oldest first. */
  train: Int32Array[];
  /** Per user: the validation item index, or -1. */
  validation: Int32Array;
  /** Per user: the test item index, or -1. */
  test: Int32Array;
  /**
   * Per user, parallel to `train`: the stated rating of each train interaction (the data set's
   * scale, MovieLens 0.5-5), NaN when unknown. Absent when the data set has no ratings. Only the
   * history-import protocol reads it (P1 and cold start treat every interaction as a positive).
   */
  trainRatings?: Float32Array[];
  /** Per user, the stated rating of the validation and of the test item (NaN when unknown); present with trainRatings. */
  heldOutRatings?: { validation: Float32Array; test: Float32Array };
}

/** One interaction of a raw (unsplit) data set, in file order. */
export interface RawEvent {
  user: string;
  item: string;
  timestamp: number;
  rating?: number;
}

/**
 * Raw interactions in columns (file order), so that tens of millions of rows fit in memory:
 * user/item hold indices into userIds/itemIds.
 */
export class RawLog {
  readonly userIds: string[] = [];
  readonly itemIds: string[] = [];
  private readonly userIndex = new Map<string, number>();
  private readonly itemIndex = new Map<string, number>();
  user = new Int32Array(1024);
  item = new Int32Array(1024);
  timestamp = new Float64Array(1024);
  /** The stated rating, NaN when the file has none. */
  rating = new Float32Array(1024);
  length = 0;

  static from(events: readonly RawEvent[]): RawLog {
    const log = new RawLog();
    for (const e of events) log.push(e.user, e.item, e.timestamp, e.rating);
    return log;
  }

  push(user: string, item: string, timestamp: number, rating = NaN): void {
    if (this.length === this.user.length) this.grow();
    this.user[this.length] = intern(this.userIndex, this.userIds, user);
    this.item[this.length] = intern(this.itemIndex, this.itemIds, item);
    this.timestamp[this.length] = timestamp;
    this.rating[this.length] = rating;
    this.length++;
  }

  private grow(): void {
    const n = this.user.length * 2;
    const user = new Int32Array(n); user.set(this.user); this.user = user;
    const item = new Int32Array(n); item.set(this.item); this.item = item;
    const ts = new Float64Array(n); ts.set(this.timestamp); this.timestamp = ts;
    const rating = new Float32Array(n); rating.set(this.rating); this.rating = rating;
  }
}

function intern(index: Map<string, number>, ids: string[], id: string): number {
  let i = index.get(id);
  if (i === undefined) {
    i = ids.length;
    index.set(id, i);
    ids.push(id);
  }
  return i;
}

export function countInteractions(d: SplitDataset): number {
  let n = 0;
  for (let u = 0; u < d.users.length; u++) {
    n += d.train[u].length + (d.validation[u] >= 0 ? 1 : 0) + (d.test[u] >= 0 ? 1 : 0);
  }
  return n;
}

/** MovieLens titles end with the year: "Toy Story (1995)"; some have trailing spaces or none. */
export function yearFromTitle(title: string): number | null {
  const m = /\((\d{4})(?:[–-]\d{0,4})?\)\s*$/.exec(title.trim());
  return m ? Number(m[1]) : null;
}
