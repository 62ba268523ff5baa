// Leave-one-out top-N metrics. With one held-out item per user, HR@K (= Recall@K) is 1 when the
// item ranks in the top K, and NDCG@K is 1/log2(rank + 2) for a 0-based rank below K (the ideal
// DCG of one relevant item is 1).

/** A model's scores for one user; -Infinity marks an item that is masked or not ranked. */
export type Scores = Float64Array;

/**
 * 0-based position of `target` in the ranking of `scores` (descending, ties broken by the lower
 * item index first, so every run gives the same answer); -1 when the target is not ranked.
 */
export function rankOf(scores: Scores, target: number): number {
  const s = scores[target];
  if (!(s > -Infinity)) return -1;
  let rank = 0;
  for (let j = 0; j < scores.length; j++) {
    const v = scores[j];
    if (v > s || (v === s && j < target)) rank++;
  }
  return rank;
}

export function hitAt(rank: number, k: number): number {
  return rank >= 0 && rank < k ? 1 : 0;
}

export function ndcgAt(rank: number, k: number): number {
  return rank >= 0 && rank < k ? 1 / Math.log2(rank + 2) : 0;
}

export const CUTOFFS = [10, 20] as const;

export interface TopNMetrics {
  'HR@10': number;
  'NDCG@10': number;
  'HR@20': number;
  'NDCG@20': number;
}

/** Averages over the users that have a held-out item; -1 ranks (not ranked) count as misses. */
export function summarise(ranks: ArrayLike<number>): TopNMetrics & { users: number } {
  let n = 0;
  const sum = { h10: 0, n10: 0, h20: 0, n20: 0 };
  for (let i = 0; i < ranks.length; i++) {
    const r = ranks[i];
    if (r === NO_TARGET) continue;
    n++;
    sum.h10 += hitAt(r, 10);
    sum.n10 += ndcgAt(r, 10);
    sum.h20 += hitAt(r, 20);
    sum.n20 += ndcgAt(r, 20);
  }
  const avg = (x: number) => (n === 0 ? 0 : x / n);
  return { 'HR@10': avg(sum.h10), 'NDCG@10': avg(sum.n10), 'HR@20': avg(sum.h20), 'NDCG@20': avg(sum.n20), users: n };
}

/** Marks a user without a held-out item in a ranks array (excluded from the averages). */
export const NO_TARGET = -2;

/** Standard error of a mean of 0/1 hits: sqrt(p(1-p)/n). */
export function hitStandardError(hr: number, n: number): number {
  return n > 0 ? Math.sqrt((hr * (1 - hr)) / n) : 0;
}
