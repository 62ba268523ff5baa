// Item-item neighbours from co-likes: cosine with shrinkage over users' positive interactions,
// keeping the top k per title. Work is sum over users of (their titles)^2, so each user's
// contribution is capped at their `maxPerUser` latest titles; memory is O(interactions + titles x k).
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

interface UserItems {
  off: Uint32Array;
  items: Uint32Array;
  weights: Float32Array;
}

/** Users' positive titles, deduplicated (max weight) and capped to the latest maxPerUser. */
function groupByUser(
  interactions: ReadonlyArray<{ userId: string; titleId: string; weight: number }>,
  rowOf: Map<string, number>,
  ids: string[],
  maxPerUser: number,
): UserItems {
  const perUser = new Map<string, Map<number, number>>();
  for (const { userId, titleId, weight } of interactions) {
    if (!(weight > 0)) continue;
    let row = rowOf.get(titleId);
    if (row === undefined) {
      row = ids.length;
      rowOf.set(titleId, row);
      ids.push(titleId);
    }
    let items = perUser.get(userId);
    if (!items) perUser.set(userId, (items = new Map()));
    const previous = items.get(row);
    if (previous !== undefined) items.delete(row); // re-insert: a repeat counts as recent
    items.set(row, Math.max(previous ?? 0, weight));
  }
  let total = 0;
  for (const items of perUser.values()) total += Math.min(items.size, maxPerUser);
  const off = new Uint32Array(perUser.size + 1);
  const items = new Uint32Array(total);
  const weights = new Float32Array(total);
  let u = 0;
  let at = 0;
  for (const userItems of perUser.values()) {
    const entries = [...userItems];
    for (const [row, weight] of entries.slice(Math.max(0, entries.length - maxPerUser))) {
      items[at] = row;
      weights[at++] = weight;
    }
    off[++u] = at;
  }
  return { off, items, weights };
}

/** The transpose: for each title, its users and weights. */
function byItem(users: UserItems, itemCount: number): UserItems {
  const off = new Uint32Array(itemCount + 1);
  for (const row of users.items) off[row + 1]++;
  for (let i = 0; i < itemCount; i++) off[i + 1] += off[i];
  const cursor = off.slice(0, itemCount);
  const items = new Uint32Array(users.items.length);
  const weights = new Float32Array(users.items.length);
  for (let u = 0; u + 1 < users.off.length; u++) {
    for (let x = users.off[u]; x < users.off[u + 1]; x++) {
      const at = cursor[users.items[x]]++;
      items[at] = u;
      weights[at] = users.weights[x];
    }
  }
  return { off, items, weights };
}

export function buildNeighbours(
  interactions: ReadonlyArray<{ userId: string; titleId: string; weight: number }>,
  opts: NeighbourOptions = {},
): NeighbourTable {
  const k = Math.max(1, Math.floor(opts.k ?? 50));
  const shrinkage = Math.max(0, opts.shrinkage ?? 10);
  const rowOf = new Map<string, number>();
  const ids: string[] = [];
  const users = groupByUser(interactions, rowOf, ids, Math.max(1, Math.floor(opts.maxPerUser ?? 500)));
  const n = ids.length;
  const items = byItem(users, n);

  const norm = new Float64Array(n);
  const supportOf = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    for (let x = items.off[i]; x < items.off[i + 1]; x++) {
      norm[i] += items.weights[x] ** 2;
      supportOf[i] += items.weights[x];
    }
    norm[i] = Math.sqrt(norm[i]);
  }

  const acc = new Float64Array(n);
  const touched = new Uint32Array(n);
  const heap = new TopK(k);
  const off = new Uint32Array(n + 1);
  let nbr = new Uint32Array(Math.min(n * k, 1 << 20) || 1);
  let weight = new Float32Array(nbr.length);
  let at = 0;
  for (let i = 0; i < n; i++) {
    let count = 0;
    for (let x = items.off[i]; x < items.off[i + 1]; x++) {
      const u = items.items[x];
      const wi = items.weights[x];
      for (let y = users.off[u]; y < users.off[u + 1]; y++) {
        const j = users.items[y];
        if (j === i) continue;
        if (acc[j] === 0) touched[count++] = j;
        acc[j] += wi * users.weights[y];
      }
    }
    heap.clear();
    for (let t = 0; t < count; t++) {
      const j = touched[t];
      const sim = acc[j] / (norm[i] * norm[j] + shrinkage);
      if (sim > 0) heap.offer(j, sim);
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

function copyInto<T extends Uint32Array | Float32Array>(target: T, source: T): T {
  target.set(source);
  return target;
}
