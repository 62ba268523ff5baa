// EASE (Steck, WWW 2019), closed form: with the item Gram matrix G = X^T X of the binary history,
// P = (G + lambda I)^-1 and B = I - P / diag(P) (zero diagonal); a user's scores are x_u B.
import type { History, Scorer } from '../model.js';
import { invertSpd } from '../linalg.js';

export function gram(history: History): Float64Array {
  const n = history.nItems;
  const g = new Float64Array(n * n);
  for (const list of history.lists) {
    for (let a = 0; a < list.length; a++) {
      const row = list[a] * n;
      for (let b = 0; b < list.length; b++) g[row + list[b]]++;
    }
  }
  return g;
}

export function ease(g: Float64Array, n: number, lambda: number): Scorer {
  const a = g.slice();
  for (let i = 0; i < n; i++) a[i * n + i] += lambda;
  const p = invertSpd(a, n);
  // Row i of B: B[i][j] = -P[i][j] / P[j][j], B[i][i] = 0 (P is symmetric, so rows are columns).
  const b = p;
  const diag = new Float64Array(n);
  for (let j = 0; j < n; j++) diag[j] = p[j * n + j];
  for (let i = 0; i < n; i++) {
    const row = i * n;
    for (let j = 0; j < n; j++) b[row + j] = i === j ? 0 : -p[row + j] / diag[j];
  }
  return {
    score(query, out) {
      const profile = query.profile;
      for (let q = 0; q < profile.length; q++) {
        const row = profile[q] * n;
        for (let j = 0; j < n; j++) out[j] += b[row + j];
      }
    },
  };
}
