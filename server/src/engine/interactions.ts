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

/**
 * Group positive interactions by user (input order is taken as time order). A title repeated by
 * one user counts once, with its largest weight, at its latest place; only each user's latest
 * `maxPerUser` titles are kept. Title ids are interned into `ids` / `rowOf`.
 */
export function* groupByUser(
  interactions: Iterable<Interaction>,
  rowOf: Map<string, number>,
  ids: string[],
  maxPerUser: number,
  /** Yield after this many rows (so a caller can interleave other work). */
  rowsPerStep: number,
): Generator<void, Csr> {
  const userOf = new Map<string, number>();
  const raw = new Growable();
  for (const { userId, titleId, weight } of interactions) {
    if (raw.length % rowsPerStep === rowsPerStep - 1) yield;
    if (!(weight > 0) || !Number.isFinite(weight)) continue;
    let row = rowOf.get(titleId);
    if (row === undefined) {
      row = ids.length;
      rowOf.set(titleId, row);
      ids.push(titleId);
    }
    let user = userOf.get(userId);
    if (user === undefined) userOf.set(userId, (user = userOf.size));
    raw.push(user, row, weight);
  }
  const userCount = userOf.size;

  // Stable counting sort by user keeps each user's entries in input order.
  const start = new Uint32Array(userCount + 1);
  for (let x = 0; x < raw.length; x++) start[raw.users[x] + 1]++;
  for (let u = 0; u < userCount; u++) start[u + 1] += start[u];
  const cursor = start.slice(0, userCount);
  const order = new Uint32Array(raw.length);
  for (let x = 0; x < raw.length; x++) order[cursor[raw.users[x]]++] = x;
  yield;

  const best = new Float32Array(ids.length);
  const stamp = new Uint32Array(ids.length);
  const off = new Uint32Array(userCount + 1);
  const items = new Uint32Array(raw.length);
  const weights = new Float32Array(raw.length);
  let at = 0;
  let sinceYield = 0;
  for (let u = 0; u < userCount; u++) {
    sinceYield += start[u + 1] - start[u];
    if (sinceYield > rowsPerStep) {
      sinceYield = 0;
      yield;
    }
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
  return { off, items: items.slice(0, at), weights: weights.slice(0, at) };
}

/** The transpose: for each title, its users and weights (and each entry's place in its user's row). */
export function transpose(users: Csr, itemCount: number): TransposedCsr {
  const off = new Uint32Array(itemCount + 1);
  for (const row of users.items) off[row + 1]++;
  for (let i = 0; i < itemCount; i++) off[i + 1] += off[i];
  const cursor = off.slice(0, itemCount);
  const items = new Uint32Array(users.items.length);
  const weights = new Float32Array(users.items.length);
  const place = new Uint32Array(users.items.length);
  for (let u = 0; u + 1 < users.off.length; u++) {
    for (let x = users.off[u]; x < users.off[u + 1]; x++) {
      const at = cursor[users.items[x]]++;
      items[at] = u;
      weights[at] = users.weights[x];
      place[at] = x;
    }
  }
  return { off, items, weights, at: place };
}
