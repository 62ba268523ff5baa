// ItemKNN as in Dacrema et al. / The Datasets Dilemma: cosine similarity on binary interactions
// with shrinkage, sim(i, j) = |U_i ∩ U_j| / (sqrt(|U_i| |U_j|) + shrink), each item keeping its k
// most similar items; a user's score for j is the sum of sim(i, j) over the user's items i that
// are among j's k neighbours.
import { itemCounts, itemUsers, type History, type Scorer } from '../model.js';
import { BoundedHeap } from './heap.js';

/** Every item's top-kMax neighbours (most similar first) for one shrink value. */
export interface KnnTable {
  nItems: number;
  kMax: number;
  /** Neighbour count per item (<= kMax). */
  degree: Int32Array;
  neighbour: Int32Array;
  weight: Float64Array;
}

export function buildKnnTable(history: History, shrink: number, kMax: number): KnnTable {
  return buildKnnTables(history, [shrink], kMax)[0];
}

/**
 * One table per shrink value from a single pass over the co-occurrences (the expensive part,
 * sum over users of their item count squared), so tuning shrink costs one pass.
 */
export function buildKnnTables(history: History, shrinks: readonly number[], kMax: number): KnnTable[] {
  const n = history.nItems;
  kMax = Math.max(1, Math.min(kMax, n - 1));
  const counts = itemCounts(history);
  const { start, users } = itemUsers(history);
  const co = new Float64Array(n);
  const touched = new Int32Array(n);
  const tables: KnnTable[] = shrinks.map(() => ({
    nItems: n,
    kMax,
    degree: new Int32Array(n),
    neighbour: new Int32Array(n * kMax),
    weight: new Float64Array(n * kMax),
  }));
  // Keep the kMax best (highest similarity, then lowest index) in a bounded heap: on a large
  // catalogue most candidates lose against the heap's minimum in one comparison.
  const heaps = shrinks.map(() => new BoundedHeap(kMax));
  for (let j = 0; j < n; j++) {
    let nt = 0;
    for (let p = start[j]; p < start[j + 1]; p++) {
      const list = history.lists[users[p]];
      for (let q = 0; q < list.length; q++) {
        const i = list[q];
        if (co[i] === 0) touched[nt++] = i;
        co[i]++;
      }
    }
    for (const heap of heaps) heap.clear();
    for (let t = 0; t < nt; t++) {
      const i = touched[t];
      if (i !== j) {
        const norm = Math.sqrt(counts[i] * counts[j]);
        for (let s = 0; s < shrinks.length; s++) heaps[s].offer(i, co[i] / (norm + shrinks[s]));
      }
      co[i] = 0;
    }
    tables.forEach((table, s) => { table.degree[j] = heaps[s].drainBestFirst(table.neighbour, table.weight, j * kMax); });
  }
  return tables;
}

/** The scorer using each item's first k neighbours of the table. */
export function itemKnn(table: KnnTable, k: number): Scorer {
  const { nItems: n, kMax, degree, neighbour, weight } = table;
  // Inverted: for each source item i, the targets j that have i among their k neighbours.
  const start = new Int32Array(n + 1);
  for (let j = 0; j < n; j++) {
    const d = Math.min(k, degree[j]);
    for (let r = 0; r < d; r++) start[neighbour[j * kMax + r] + 1]++;
  }
  for (let i = 0; i < n; i++) start[i + 1] += start[i];
  const fill = start.slice(0, -1);
  const target = new Int32Array(start[n]);
  const w = new Float64Array(start[n]);
  for (let j = 0; j < n; j++) {
    const d = Math.min(k, degree[j]);
    for (let r = 0; r < d; r++) {
      const p = fill[neighbour[j * kMax + r]]++;
      target[p] = j;
      w[p] = weight[j * kMax + r];
    }
  }
  return {
    score(query, out) {
      const profile = query.profile;
      for (let q = 0; q < profile.length; q++) {
        const i = profile[q];
        for (let p = start[i]; p < start[i + 1]; p++) out[target[p]] += w[p];
      }
    },
  };
}
