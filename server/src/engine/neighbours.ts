// Item-item neighbours from co-likes: cosine with shrinkage over users' positive interactions,
// keeping the top k per title. Work is sum over users of (their titles)^2, so each user's
// contribution is capped at their `maxPerUser` latest titles; memory is O(interactions + titles x k).
import { groupByUser, transpose, type Csr, type Interaction } from './interactions.js';
import { TopK } from './top-k.js';
import type { Neighbours } from './types.js';

export interface NeighbourOptions {
  /** Neighbours kept per title (default 50). */
  k?: number;
  /** Added to the cosine denominator so a pair seen by few users counts less (default 10). */
  shrinkage?: number;
  /** Only each user's latest this many positives (input order) count (default 500). */
  maxPerUser?: number;
}

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

export const EMPTY_NEIGHBOURS: Neighbours = { of: () => [] };

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

/** Work (pair updates or rows) between two yields of buildNeighboursInSteps: a few ms. */
const STEP_WORK = 1 << 20;

/**
 * buildNeighbours cut into steps of a few milliseconds, so a server can rebuild the table without
 * blocking requests: `for (let s = it.next(); !s.done; s = it.next()) await new Promise(setImmediate)`,
 * then the final `s.value` is the table. The interactions must not change while it runs.
 */
export function* buildNeighboursInSteps(interactions: Iterable<Interaction>, opts: NeighbourOptions = {}): Generator<void, NeighbourTable> {
  const k = Math.max(1, Math.floor(opts.k ?? 50));
  const shrinkage = Math.max(0, opts.shrinkage ?? 10);
  const rowOf = new Map<string, number>();
  const ids: string[] = [];
  const users = yield* groupByUser(interactions, rowOf, ids, Math.max(1, Math.floor(opts.maxPerUser ?? 500)), STEP_WORK / 64);
  yield;
  const n = ids.length;
  const items = transpose(users, n);
  yield;

  const norm = new Float64Array(n);
  const supportOf = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    for (let x = items.off[i]; x < items.off[i + 1]; x++) {
      norm[i] += items.weights[x] ** 2;
      supportOf[i] += items.weights[x];
    }
    norm[i] = Math.sqrt(norm[i]);
  }

  const acc = new Float32Array(n);
  const touched = new Uint32Array(n);
  const heap = new TopK(k);
  const off = new Uint32Array(n + 1);
  let nbr = new Uint32Array(Math.min(n * k, 1 << 20) || 1);
  let weight = new Float32Array(nbr.length);
  let at = 0;
  let work = 0;
  for (let i = 0; i < n; i++) {
    const count = coLikes(i, items, users, acc, touched);
    work += count;
    if (work > STEP_WORK) {
      work = 0;
      yield;
    }
    heap.clear();
    for (let t = 0; t < count; t++) {
      const j = touched[t];
      const sim = acc[j] / (norm[i] * norm[j] + shrinkage);
      if (sim > 0 && j !== i) heap.offer(j, sim);
      acc[j] = 0;
    }
    if (at + heap.size > nbr.length) {
      const grown = Math.max(nbr.length * 2, at + heap.size);
      nbr = copyInto(new Uint32Array(grown), nbr);
      weight = copyInto(new Float32Array(grown), weight);
    }
    at = heap.drainInto(nbr, weight, at);
    off[i + 1] = at;
  }
  return new NeighbourTable(ids, rowOf, off, nbr.slice(0, at), weight.slice(0, at), supportOf);
}

/**
 * Sum of w(u, i) x w(u, j) over the users u of title i, into acc (touched positions listed).
 * This is the whole cost of the build (sum over users of their titles squared), so it is a
 * small function over local typed arrays that V8 optimises well.
 */
function coLikes(i: number, items: Csr, users: Csr, acc: Float32Array, touched: Uint32Array): number {
  const { off: itemOff, items: itemUsers, weights: itemWeights } = items;
  const { off: userOff, items: userItems, weights: userWeights } = users;
  let count = 0;
  for (let x = itemOff[i]; x < itemOff[i + 1]; x++) {
    const u = itemUsers[x];
    const wi = itemWeights[x];
    const end = userOff[u + 1];
    for (let y = userOff[u]; y < end; y++) {
      const j = userItems[y];
      if (acc[j] === 0) touched[count++] = j;
      acc[j] += wi * userWeights[y];
    }
  }
  return count;
}

function copyInto<T extends Uint32Array | Float32Array>(target: T, source: T): T {
  target.set(source);
  return target;
}
