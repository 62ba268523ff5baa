import { describe, expect, it } from 'vitest';
import { ease, gram } from './baselines/ease.js';
import { buildKnnTable, itemKnn } from './baselines/itemknn.js';
import { mostPopular } from './baselines/mostpop.js';
import { invertSpd } from './linalg.js';
import type { History, Query, Scorer } from './model.js';

// Three users: {0, 1}, {0, 1, 2}, {1, 2}. Item counts 2, 3, 2; co-counts (0,1) 2, (0,2) 1, (1,2) 2.
const history: History = { nItems: 3, lists: [Int32Array.from([0, 1]), Int32Array.from([0, 1, 2]), Int32Array.from([1, 2])] };
const query = (...profile: number[]): Query => ({ profile: Int32Array.from(profile), genres: [], user: -1 });
const scores = (s: Scorer, q: Query) => { const out = new Float64Array(3); s.score(q, out); return [...out]; };

describe('MostPopular', () => {
  it('scores items by how many users have them', () => {
    expect(scores(mostPopular(history), query(0))).toEqual([2, 3, 2]);
  });
});

describe('ItemKNN', () => {
  it('uses cosine with shrinkage and each item keeps its k most similar items', () => {
    const s01 = 2 / Math.sqrt(6);
    const k1 = scores(itemKnn(buildKnnTable(history, 0, 2), 1), query(0));
    // item 1's single neighbour is item 0 (a tie with item 2 goes to the lower index); item 2's is item 1
    expect(k1[1]).toBeCloseTo(s01, 12);
    expect(k1[2]).toBe(0);
    const k2 = scores(itemKnn(buildKnnTable(history, 0, 2), 2), query(0));
    expect(k2[2]).toBeCloseTo(1 / 2, 12);
    const shrunk = scores(itemKnn(buildKnnTable(history, 1, 2), 2), query(0, 1));
    expect(shrunk[2]).toBeCloseTo(1 / 3 + 2 / (Math.sqrt(6) + 1), 12);
  });
});

describe('EASE', () => {
  it('inverts a symmetric positive-definite matrix', () => {
    const inv = invertSpd(Float64Array.from([4, 2, 2, 3]), 2);
    [3 / 8, -2 / 8, -2 / 8, 4 / 8].forEach((v, i) => expect(inv[i]).toBeCloseTo(v, 14));
    expect(() => invertSpd(Float64Array.from([1, 2, 2, 1]), 2)).toThrow(/positive definite/);
  });

  it('scores with B = I - P / diag(P), P = (G + lambda I)^-1', () => {
    const g = gram(history);
    expect([...g]).toEqual([2, 2, 1, 2, 3, 2, 1, 2, 2]);
    const lambda = 1;
    const p = invertSpd(Float64Array.from(g, (v, i) => (i % 4 === 0 ? v + lambda : v)), 3);
    const got = scores(ease(g, 3, lambda), query(0));
    expect(got[0]).toBe(0); // zero diagonal
    expect(got[1]).toBeCloseTo(-p[1] / p[4], 12);
    expect(got[2]).toBeCloseTo(-p[2] / p[8], 12);
  });
});

describe('BoundedHeap', () => {
  it('keeps the best scores, lower ids first on ties, whatever the offer order', async () => {
    const { BoundedHeap } = await import('./baselines/heap.js');
    const heap = new BoundedHeap(3);
    for (const [id, s] of [[5, 0.2], [1, 0.9], [7, 0.5], [2, 0.5], [3, 0.1], [0, 0.5]] as const) heap.offer(id, s);
    const ids = new Int32Array(3);
    const scores = new Float64Array(3);
    expect(heap.drainBestFirst(ids, scores, 0)).toBe(3);
    expect([...ids]).toEqual([1, 0, 2]);
    expect([...scores]).toEqual([0.9, 0.5, 0.5]);
    expect(heap.size).toBe(0);
  });
});
