import { describe, expect, it } from 'vitest';
import { hitAt, hitStandardError, ndcgAt, NO_TARGET, rankOf, summarise } from './metrics.js';
import { evaluate, type Query, type Scorer } from './model.js';

describe('rankOf', () => {
  it('counts higher scores and earlier ties, never masked items', () => {
    const scores = Float64Array.from([0.1, 0.9, 0.5, 0.5, -Infinity, 0.7]);
    expect(rankOf(scores, 1)).toBe(0);
    expect(rankOf(scores, 5)).toBe(1);
    expect(rankOf(scores, 2)).toBe(2); // the tie with item 3 goes to the lower index
    expect(rankOf(scores, 3)).toBe(3);
    expect(rankOf(scores, 0)).toBe(4); // the masked item 4 does not count
    expect(rankOf(scores, 4)).toBe(-1);
  });
});

describe('HR and NDCG', () => {
  it('match hand-computed values', () => {
    expect(hitAt(0, 10)).toBe(1);
    expect(hitAt(9, 10)).toBe(1);
    expect(hitAt(10, 10)).toBe(0);
    expect(hitAt(-1, 10)).toBe(0);
    expect(ndcgAt(0, 10)).toBe(1);
    expect(ndcgAt(2, 10)).toBe(0.5); // 1 / log2(4)
    expect(ndcgAt(6, 10)).toBe(1 / 3); // 1 / log2(8)
    expect(ndcgAt(10, 10)).toBe(0);
  });

  it('averages over users with a held-out item; unranked targets are misses', () => {
    // ranks 0, 2, 6, 14 and one unranked target, plus one user without a target
    const m = summarise([0, 2, 6, 14, -1, NO_TARGET]);
    expect(m.users).toBe(5);
    expect(m['HR@10']).toBe(3 / 5);
    expect(m['NDCG@10']).toBeCloseTo((1 + 1 / 2 + 1 / 3) / 5, 15); // 0.366666...
    expect(m['HR@20']).toBe(4 / 5);
    expect(m['NDCG@20']).toBeCloseTo((1 + 1 / 2 + 1 / 3 + 1 / 4) / 5, 15); // rank 14: 1 / log2(16)
  });

  it('gives the standard error of a hit rate', () => {
    expect(hitStandardError(0.5, 100)).toBe(0.05);
  });
});

describe('evaluate', () => {
  it('masks the profile before ranking the target', () => {
    // Scores item i as 10 - i; the profile holds items 0 and 1, so item 3 ranks third among 2..5.
    const scorer: Scorer = { score: (_q, out) => { for (let i = 0; i < out.length; i++) out[i] = 10 - i; } };
    const ranks = evaluate(scorer, [
      { profile: Int32Array.from([0, 1]), genres: [], user: 0 },
      { profile: Int32Array.from([0, 1]), genres: [], user: 1 },
      { profile: Int32Array.from([3]), genres: [], user: 2 },
    ], Int32Array.from([3, 1, -1]), 6);
    expect([...ranks]).toEqual([1, -1, NO_TARGET]);
  });

  it('also masks hidden items, which the model is not told about', () => {
    const seen: Query[] = [];
    const scorer: Scorer = { score: (q, out) => { seen.push(q); for (let i = 0; i < out.length; i++) out[i] = 10 - i; } };
    const ranks = evaluate(scorer, [{ profile: Int32Array.from([0]), hidden: Int32Array.from([1, 2]), genres: [], user: -1 }], Int32Array.from([4]), 6);
    // Items 0, 1 and 2 are masked, so item 4 ranks second after item 3.
    expect([...ranks]).toEqual([1]);
    expect([...seen[0].profile]).toEqual([0]);
  });
});
