// ItemKNN as in Dacrema et al. / The Datasets Dilemma: cosine similarity on binary interactions
// with shrinkage, sim(i, j) = |U_i ∩ U_j| / (sqrt(|U_i| |U_j|) + shrink), each item keeping its k
// most similar items; a user's score for j is the sum of sim(i, j) over the user's items i that
// are among j's k neighbours.
import { itemCounts, itemUsers, type History, type Scorer } from '../model.js';

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
  const n = history.nItems;
  kMax = Math.max(1, Math.min(kMax, n - 1));
  const counts = itemCounts(history);
  const { start, users } = itemUsers(history);
  const co = new Float64Array(n);
  const touched = new Int32Array(n);
  const degree = new Int32Array(n);
  const neighbour = new Int32Array(n * kMax);
  const weight = new Float64Array(n * kMax);
  const sims = new Float64Array(n);
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
    const cand: number[] = [];
    for (let t = 0; t < nt; t++) {
      const i = touched[t];
      if (i !== j) {
        sims[i] = co[i] / (Math.sqrt(counts[i] * counts[j]) + shrink);
        cand.push(i);
      }
      co[i] = 0;
    }
    cand.sort((a, b) => sims[b] - sims[a] || a - b);
    const d = Math.min(kMax, cand.length);
    degree[j] = d;
    for (let r = 0; r < d; r++) {
      neighbour[j * kMax + r] = cand[r];
      weight[j * kMax + r] = sims[cand[r]];
    }
  }
  return { nItems: n, kMax, degree, neighbour, weight };
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
