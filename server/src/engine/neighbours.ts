// Item-item neighbours from co-likes: cosine with shrinkage over users' positive interactions,
// keeping the top k per title. With a `window`, two titles co-occur only when the user liked them
// within `window` places of each other, so the work is linear in the interactions (each one meets
// at most 2 x window others); without one it is the sum over users of (their titles)^2, capped by
// each user's `maxPerUser` latest titles. Memory is O(interactions + titles x k).
import { groupByUser, transpose, type Csr, type Interaction, type TransposedCsr } from './interactions.js';
import { TopK } from './top-k.js';
import type { Neighbours } from './types.js';

export interface NeighbourOptions {
  /** Neighbours kept per title (default 100). */
  k?: number;
  /** Added to the cosine denominator so a pair seen by few users counts less (default 0). */
  shrinkage?: number;
  /** Only each user's latest this many positives (input order) count (default 500). */
  maxPerUser?: number;
  /**
   * Count a co-like only between titles the user liked at most this many places apart in their
   * history (input order); 0 counts every pair of the user's titles. Tastes drift and sessions
   * cluster, so titles liked close together say more about each other (default 15).
   */
  window?: number;
  /**
   * Keep a pair only when at least this many users co-liked it (within the window). A pair a
   * few people made says what those few like: the product asks for 5 so that no neighbour, and
   * no "People who liked X also liked this", rests on one or two people (docs/product-decisions.md).
   * Default 1: every co-like counts.
   */
  minPeople?: number;
}

/**
 * What buildNeighbours uses when an option is not given. Window, k and shrinkage were chosen on
 * the MovieLens validation item (docs/quality.md); k 200 scored 0.001 higher there, within noise,
 * at twice the memory (160 MB for 100,000 titles), so k is 100.
 */
export const NEIGHBOUR_DEFAULTS: Readonly<Required<NeighbourOptions>> = Object.freeze({ k: 100, shrinkage: 0, maxPerUser: 500, window: 15, minPeople: 1 });

/** Neighbours backed by typed arrays; the engine reads the arrays directly when it gets one. */
export class NeighbourTable implements Neighbours {
  constructor(
    readonly ids: readonly string[],
    readonly rowOf: ReadonlyMap<string, number>,
    /** Row r's neighbours are [off[r], off[r + 1]) of `nbr` / `weight`, best first. */
    readonly off: Uint32Array,
    readonly nbr: Uint32Array,
    readonly weight: Float32Array,
    readonly supportOf: Float32Array,
  ) {}

  of(titleId: string): ReadonlyArray<{ id: string; weight: number }> {
    const row = this.rowOf.get(titleId);
    if (row === undefined) return [];
    const out: Array<{ id: string; weight: number }> = [];
    for (let x = this.off[row]; x < this.off[row + 1]; x++) out.push({ id: this.ids[this.nbr[x]], weight: this.weight[x] });
    return out;
  }

  support(titleId: string): number {
    const row = this.rowOf.get(titleId);
    return row === undefined ? 0 : this.supportOf[row];
  }

  /** Bytes held by the typed arrays (ids and the map excluded). */
  get byteLength(): number {
    return this.off.byteLength + this.nbr.byteLength + this.weight.byteLength + this.supportOf.byteLength;
  }
}

/**
 * Interactions are positives (likes, favourites; weight > 0, e.g. a favourite 2 and a like 1),
 * each user's oldest first. Any iterable works, so callers can stream rows instead of holding
 * millions of objects.
 */
export function buildNeighbours(interactions: Iterable<Interaction>, opts: NeighbourOptions = {}): NeighbourTable {
  const steps = buildNeighboursInSteps(interactions, opts);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Pair updates between two yields of buildNeighboursInSteps: a few milliseconds on a quiet core
 * (at 100,000 titles x 100,000 users, see scripts/bench/neighbours.ts). Reading rows yields every
 * 1/16 of it, the transpose every 1/4.
 */
const STEP_WORK = 1 << 18;

/**
 * buildNeighbours cut into steps of a few milliseconds, so a server can rebuild the table without
 * blocking requests: `for (let s = it.next(); !s.done; s = it.next()) await new Promise(setImmediate)`,
 * then the final `s.value` is the table. The interactions must not change while it runs.
 */
export function* buildNeighboursInSteps(interactions: Iterable<Interaction>, opts: NeighbourOptions = {}): Generator<void, NeighbourTable> {
  const k = Math.max(1, Math.floor(opts.k ?? NEIGHBOUR_DEFAULTS.k));
  const shrinkage = Math.max(0, opts.shrinkage ?? NEIGHBOUR_DEFAULTS.shrinkage);
  const window = Math.max(0, Math.floor(opts.window ?? NEIGHBOUR_DEFAULTS.window)) || 0;
  const minPeople = Math.max(1, Math.floor(opts.minPeople ?? NEIGHBOUR_DEFAULTS.minPeople)) || 1;
  const rowOf = new Map<string, number>();
  const ids: string[] = [];
  const users = yield* groupByUser(interactions, rowOf, ids, Math.max(1, Math.floor(opts.maxPerUser ?? NEIGHBOUR_DEFAULTS.maxPerUser)), STEP_WORK / 16);
  yield;
  const n = ids.length;
  const items = yield* transpose(users, n, STEP_WORK / 4);
  yield;

  const norm = new Float64Array(n);
  const supportOf = new Float32Array(n);
  let capacity = 0;
  for (let i = 0; i < n; i += 8192) {
    capacity += measureRows(i, Math.min(n, i + 8192), items, users, window, k, norm, supportOf);
    yield;
  }

  const rows = new RowBuilder(n, k, shrinkage, norm, window, minPeople, capacity);
  // Small steps first, while V8 has not optimised the loops yet.
  let stepWork = STEP_WORK / 64;
  let budget = stepWork;
  const nextStep = () => {
    stepWork = Math.min(STEP_WORK, stepWork * 2);
    budget = stepWork;
  };
  for (let i = 0; i < n; i++) {
    // A title liked by a large share of users is itself millions of pairs: it may span steps.
    for (let x = items.off[i]; x < items.off[i + 1]; ) {
      x = rows.accumulate(i, x, items, users, budget);
      budget -= rows.lastPairs;
      if (budget <= 0) {
        nextStep();
        yield;
      }
    }
    budget -= rows.finish(i);
    if (budget <= 0) {
      nextStep();
      yield;
    }
  }
  return rows.table(ids, rowOf, supportOf);
}

/**
 * Titles [from, to): their vector norms and support, and the bound on their rows, min(k, pairs),
 * which sizes the table up front. Returns the bound's sum.
 */
function measureRows(from: number, to: number, items: TransposedCsr, users: Csr, window: number, k: number, norm: Float64Array, supportOf: Float32Array): number {
  let capacity = 0;
  for (let i = from; i < to; i++) {
    let pairs = 0;
    let squares = 0;
    let support = 0;
    for (let x = items.off[i]; x < items.off[i + 1]; x++) {
      const w = items.weights[x];
      squares += w * w;
      support += w;
      const u = items.items[x];
      const rowLength = users.off[u + 1] - users.off[u];
      pairs += (window > 0 ? Math.min(rowLength, 2 * window + 1) : rowLength) - 1;
    }
    norm[i] = Math.sqrt(squares);
    supportOf[i] = support;
    capacity += Math.min(k, pairs);
  }
  return capacity;
}

/**
 * Neighbour rows one title at a time. Plain methods, not generator code: V8 optimises these hot
 * loops far better outside a generator.
 */
class RowBuilder {
  private readonly acc: Float32Array;
  /** How many users co-liked each touched title with the current one; only kept when minPeople > 1. */
  private readonly people: Uint32Array | null;
  private readonly touched: Uint32Array;
  private readonly heap: TopK;
  private readonly off: Uint32Array;
  private nbr: Uint32Array;
  private weight: Float32Array;
  private at = 0;

  constructor(
    n: number,
    private readonly k: number,
    private readonly shrinkage: number,
    private readonly norm: Float64Array,
    /** 0: all of a user's titles; else only those within this many places. */
    private readonly window: number,
    private readonly minPeople: number,
    /** An upper bound on the table's entries. */
    capacity: number,
  ) {
    this.acc = new Float32Array(n);
    this.people = minPeople > 1 ? new Uint32Array(n) : null;
    this.touched = new Uint32Array(n);
    this.heap = new TopK(k);
    this.off = new Uint32Array(n + 1);
    this.nbr = new Uint32Array(Math.max(1, capacity));
    this.weight = new Float32Array(this.nbr.length);
  }

  /** Pair updates done by the last accumulate call. */
  lastPairs = 0;
  private count = 0;

  /**
   * Add the co-likes of title i's users from position x on, until about `budget` pair updates
   * are done; returns where to continue (items.off[i + 1] when the title is complete).
   */
  accumulate(i: number, x: number, items: TransposedCsr, users: Csr, budget: number): number {
    const { acc, people, touched, window } = this;
    const { off: itemOff, items: itemUsers, weights: itemWeights, at: itemAt } = items;
    const { off: userOff, items: userItems, weights: userWeights } = users;
    const end = itemOff[i + 1];
    let count = this.count;
    let pairs = 0;
    for (; x < end && pairs < budget; x++) {
      const u = itemUsers[x];
      const wi = itemWeights[x];
      let first = userOff[u];
      let last = userOff[u + 1];
      if (window > 0) {
        const place = itemAt[x];
        first = Math.max(first, place - window);
        last = Math.min(last, place + window + 1);
      }
      pairs += last - first;
      for (let y = first; y < last; y++) {
        const j = userItems[y];
        if (acc[j] === 0) touched[count++] = j;
        acc[j] += wi * userWeights[y];
        // A user's titles are distinct, so each visit is one more person behind the pair.
        if (people !== null) people[j]++;
      }
    }
    this.count = count;
    this.lastPairs = pairs;
    return x;
  }

  /** Keep title i's k best neighbours as its row and reset the accumulator; returns the work done. */
  finish(i: number): number {
    const { acc, people, minPeople, touched, heap, norm, shrinkage, k } = this;
    heap.clear();
    const normI = norm[i];
    for (let t = 0; t < this.count; t++) {
      const j = touched[t];
      const sim = acc[j] / (normI * norm[j] + shrinkage);
      acc[j] = 0;
      if (people !== null) {
        const few = people[j] < minPeople;
        people[j] = 0;
        if (few) continue;
      }
      // Most pairs lose to the current k-th best: skip them without touching the heap.
      if (!(sim > 0) || j === i || (heap.size === k && sim <= heap.worst())) continue;
      heap.offer(j, sim);
    }
    const work = this.count + heap.size * 8;
    this.count = 0;
    this.at = heap.drainInto(this.nbr, this.weight, this.at);
    this.off[i + 1] = this.at;
    return work;
  }

  table(ids: readonly string[], rowOf: ReadonlyMap<string, number>, supportOf: Float32Array): NeighbourTable {
    // The bound is usually close; copy only when it overshot by a lot, so the table holds little spare.
    const tight = this.at >= 0.8 * this.nbr.length;
    const nbr = tight ? this.nbr.subarray(0, this.at) : this.nbr.slice(0, this.at);
    const weight = tight ? this.weight.subarray(0, this.at) : this.weight.slice(0, this.at);
    return new NeighbourTable(ids, rowOf, this.off, nbr, weight, supportOf);
  }
}
