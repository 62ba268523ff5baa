// Dense symmetric positive-definite inverse by Cholesky, in row-major Float64Arrays with every
// inner loop a dot product of two contiguous rows (the cache-friendly order in plain JS).

/** Returns A^-1 for a symmetric positive-definite n x n matrix A (row-major). A is not modified. */
export function invertSpd(a: Float64Array, n: number): Float64Array {
  const l = cholesky(a, n);
  // Rows of U = L^-T: row c of U is column c of L^-1, found by forward substitution L y = e_c.
  const u = new Float64Array(n * n);
  const y = new Float64Array(n);
  for (let c = 0; c < n; c++) {
    y.fill(0, 0, c);
    for (let i = c; i < n; i++) {
      const row = i * n;
      y[i] = ((i === c ? 1 : 0) - dot(l, row + c, y, c, i - c)) / l[row + i];
    }
    u.set(y.subarray(c), c * n + c);
  }
  // A^-1 = L^-T L^-1 = U U^T, with U upper triangular: (i, j) = sum over k >= max(i, j).
  const inv = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    const ri = i * n;
    for (let j = i; j < n; j++) {
      const rj = j * n;
      const s = dot(u, ri + j, u, rj + j, n - j);
      inv[ri + j] = s;
      inv[rj + i] = s;
    }
  }
  return inv;
}

/** Lower-triangular L with A = L L^T; throws when A is not positive definite. */
export function cholesky(a: Float64Array, n: number): Float64Array {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    const ri = i * n;
    for (let j = 0; j <= i; j++) {
      const rj = j * n;
      const s = a[ri + j] - dot(l, ri, l, rj, j);
      if (i === j) {
        if (!(s > 0)) throw new Error(`matrix is not positive definite (pivot ${i}: ${s})`);
        l[ri + i] = Math.sqrt(s);
      } else {
        l[ri + j] = s / l[rj + j];
      }
    }
  }
  return l;
}

/** sum of x[xi + k] * y[yi + k] for k < len, four at a time (about twice as fast in V8). */
function dot(x: Float64Array, xi: number, y: Float64Array, yi: number, len: number): number {
  let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  let k = 0;
  for (; k + 3 < len; k += 4) {
    s0 += x[xi + k] * y[yi + k];
    s1 += x[xi + k + 1] * y[yi + k + 1];
    s2 += x[xi + k + 2] * y[yi + k + 2];
    s3 += x[xi + k + 3] * y[yi + k + 3];
  }
  for (; k < len; k++) s0 += x[xi + k] * y[yi + k];
  return s0 + s1 + s2 + s3;
}
