// Users' positive interactions as compact CSR arrays, built in linear time with typed arrays so
// millions of rows (100,000 users x 100,000 titles) cost tens of megabytes, not a Map per user.

export interface Interaction {
  userId: string;
  titleId: string;
  weight: number;
}

/** Row r's entries are [off[r], off[r + 1]) of `items` / `weights`. */
export interface Csr {
  off: Uint32Array;
  items: Uint32Array;
  weights: Float32Array;
}

/** The transpose of a user CSR also says where each entry sits in its user's row. */
export interface TransposedCsr extends Csr {
  /** Index into the user CSR's `items` of the same (user, title) entry. */
  at: Uint32Array;
}

class Growable {
  users = new Uint32Array(1 << 16);
  items = new Uint32Array(1 << 16);
  weights = new Float32Array(1 << 16);
  length = 0;

  push(user: number, item: number, weight: number): void {
    if (this.length === this.users.length) {
      const grow = <T extends Uint32Array | Float32Array>(a: T, b: T) => (b.set(a), b);
      this.users = grow(this.users, new Uint32Array(this.length * 2));
      this.items = grow(this.items, new Uint32Array(this.length * 2));
      this.weights = grow(this.weights, new Float32Array(this.length * 2));
    }
    this.users[this.length] = user;
    this.items[this.length] = item;
    this.weights[this.length++] = weight;
  }
}

/** Rows read so far, ids interned. A plain class: V8 optimises its loops far better than generator code. */
class Reader {
  readonly raw = new Growable();
  private readonly userOf = new Map<string, number>();

  constructor(
    private readonly rowOf: Map<string, number>,
    private readonly ids: string[],
  ) {}

  get userCount(): number {
    return this.userOf.size;
  }

  add({ userId, titleId, weight }: Interaction): void {
    if (!(weight > 0) || !Number.isFinite(weight)) return;
    let row = this.rowOf.get(titleId);
    if (row === undefined) {
      row = this.ids.length;
      this.rowOf.set(titleId, row);
      this.ids.push(titleId);
    }
    let user = this.userOf.get(userId);
    if (user === undefined) this.userOf.set(userId, (user = this.userOf.size));
    this.raw.push(user, row, weight);
  }
}

/** The raw rows grouped by user in range-sized pieces (each call returns where to continue). */
class Grouping {
  readonly start: Uint32Array;
  private readonly cursor: Uint32Array;
  private readonly order: Uint32Array;
  private readonly best: Float32Array;
  private readonly stamp: Uint32Array;
  readonly off: Uint32Array;
  private readonly items: Uint32Array;
  private readonly weights: Float32Array;
  private at = 0;

  constructor(
    private readonly raw: Growable,
    private readonly userCount: number,
    itemCount: number,
    private readonly maxPerUser: number,
  ) {
    this.start = new Uint32Array(userCount + 1);
    this.cursor = new Uint32Array(userCount);
    this.order = new Uint32Array(raw.length);
    this.best = new Float32Array(itemCount);
    this.stamp = new Uint32Array(itemCount);
    this.off = new Uint32Array(userCount + 1);
    this.items = new Uint32Array(raw.length);
    this.weights = new Float32Array(raw.length);
  }

  /** Counting sort, pass 1: entries per user, then their starts. */
  count(): void {
    const { raw, start, userCount } = this;
    for (let x = 0; x < raw.length; x++) start[raw.users[x] + 1]++;
    for (let u = 0; u < userCount; u++) start[u + 1] += start[u];
    this.cursor.set(start.subarray(0, userCount));
  }

  /** Counting sort, pass 2 (stable: each user's entries keep input order), rows [from, to). */
  place(from: number, to: number): void {
    const { raw, cursor, order } = this;
    for (let x = from; x < to; x++) order[cursor[raw.users[x]]++] = x;
  }

  /**
   * Users [from, to): a title repeated by one user counts once, with its largest weight, at its
   * latest place; only the latest `maxPerUser` titles stay.
   */
  rows(from: number, to: number): void {
    const { raw, start, order, best, stamp, items, weights, off, maxPerUser } = this;
    let at = this.at;
    for (let u = from; u < to; u++) {
      const mark = 2 * u + 1;
      for (let y = start[u]; y < start[u + 1]; y++) {
        const x = order[y];
        const item = raw.items[x];
        if (stamp[item] !== mark) {
          stamp[item] = mark;
          best[item] = 0;
        }
        best[item] = Math.max(best[item], raw.weights[x]);
      }
      // Walk newest first, keep each title's latest place, stop at the cap, then restore order.
      const first = at;
      for (let y = start[u + 1]; y-- > start[u] && at - first < maxPerUser; ) {
        const item = raw.items[order[y]];
        if (stamp[item] === mark + 1) continue;
        stamp[item] = mark + 1;
        items[at] = item;
        weights[at++] = best[item];
      }
      items.subarray(first, at).reverse();
      weights.subarray(first, at).reverse();
      off[u + 1] = at;
    }
    this.at = at;
  }

  result(): Csr {
    return { off: this.off, items: this.items.slice(0, this.at), weights: this.weights.slice(0, this.at) };
  }
}

/**
 * Group positive interactions by user (input order is taken as time order). A title repeated by
 * one user counts once, with its largest weight, at its latest place; only each user's latest
 * `maxPerUser` titles are kept. Title ids are interned into `ids` / `rowOf`. Yields about every
 * `rowsPerStep` rows, so a caller can interleave other work.
 */
export function* groupByUser(
  interactions: Iterable<Interaction>,
  rowOf: Map<string, number>,
  ids: string[],
  maxPerUser: number,
  rowsPerStep: number,
): Generator<void, Csr> {
  const reader = new Reader(rowOf, ids);
  // Small steps first, while V8 has not optimised the loop yet.
  let chunk = Math.max(1, Math.floor(rowsPerStep / 16));
  let next = chunk;
  let read = 0;
  for (const row of interactions) {
    reader.add(row);
    if (++read >= next) {
      chunk = Math.min(rowsPerStep, chunk * 2);
      next = read + chunk;
      yield;
    }
  }
  const { raw, userCount } = reader;
  const grouping = new Grouping(raw, userCount, ids.length, maxPerUser);
  grouping.count();
  yield;
  for (let x = 0; x < raw.length; x += rowsPerStep * 4) {
    grouping.place(x, Math.min(raw.length, x + rowsPerStep * 4));
    yield;
  }
  for (let u = 0; u < userCount; ) {
    // Users in slices of about rowsPerStep entries.
    let to = u + 1;
    while (to < userCount && grouping.start[to] - grouping.start[u] < rowsPerStep) to++;
    grouping.rows(u, to);
    u = to;
    yield;
  }
  return grouping.result();
}

/** The transpose in range-sized pieces, outside generator code for speed. */
class Transposer {
  readonly off: Uint32Array;
  private readonly cursor: Uint32Array;
  private readonly items: Uint32Array;
  private readonly weights: Float32Array;
  private readonly place: Uint32Array;

  constructor(
    private readonly users: Csr,
    private readonly itemCount: number,
  ) {
    this.off = new Uint32Array(itemCount + 1);
    this.cursor = new Uint32Array(itemCount);
    this.items = new Uint32Array(users.items.length);
    this.weights = new Float32Array(users.items.length);
    this.place = new Uint32Array(users.items.length);
  }

  count(): void {
    const { off, itemCount } = this;
    const entries = this.users.items;
    for (let x = 0; x < entries.length; x++) off[entries[x] + 1]++;
    for (let i = 0; i < itemCount; i++) off[i + 1] += off[i];
    this.cursor.set(off.subarray(0, itemCount));
  }

  /** Users [from, to). */
  fill(from: number, to: number): void {
    const { users, cursor, items, weights, place } = this;
    for (let u = from; u < to; u++) {
      for (let x = users.off[u]; x < users.off[u + 1]; x++) {
        const at = cursor[users.items[x]]++;
        items[at] = u;
        weights[at] = users.weights[x];
        place[at] = x;
      }
    }
  }

  result(): TransposedCsr {
    return { off: this.off, items: this.items, weights: this.weights, at: this.place };
  }
}

/**
 * The transpose: for each title, its users and weights (and each entry's place in its user's row).
 * Yields about every `entriesPerStep` entries so a server can interleave requests.
 */
export function* transpose(users: Csr, itemCount: number, entriesPerStep = Infinity): Generator<void, TransposedCsr> {
  const t = new Transposer(users, itemCount);
  t.count();
  yield;
  const userCount = users.off.length - 1;
  for (let u = 0; u < userCount; ) {
    let to = u + 1;
    while (to < userCount && users.off[to] - users.off[u] < entriesPerStep) to++;
    t.fill(u, to);
    u = to;
    yield;
  }
  return t.result();
}
