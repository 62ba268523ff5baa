// buildNeighbours on hand-computed examples: cosine with shrinkage over co-likes, top-k, support.
import { describe, expect, it } from 'vitest';
import { buildNeighbours, buildNeighboursInSteps } from './neighbours.js';
import { seededRandom } from './random.js';
import { syntheticCatalog, syntheticInteractions } from './testing/synthetic.js';

const likes = (pairs: Array<[string, string]>, weight = 1) => pairs.map(([userId, titleId]) => ({ userId, titleId, weight }));

// u1: A B; u2: A B C; u3: B C. Norms: A sqrt2, B sqrt3, C sqrt2. Co-likes: AB 2, AC 1, BC 2.
const sample = likes([
  ['u1', 'A'],
  ['u1', 'B'],
  ['u2', 'A'],
  ['u2', 'B'],
  ['u2', 'C'],
  ['u3', 'B'],
  ['u3', 'C'],
]);

describe('buildNeighbours', () => {
  it('scores pairs by cosine over co-likes', () => {
    const nb = buildNeighbours(sample, { shrinkage: 0 });
    const a = nb.of('A');
    expect(a.map((n) => n.id)).toEqual(['B', 'C']);
    expect(a[0].weight).toBeCloseTo(2 / Math.sqrt(6), 6);
    expect(a[1].weight).toBeCloseTo(1 / 2, 6);
    expect(nb.of('C').map((n) => n.id)).toEqual(['B', 'A']);
    expect(nb.of('C')[0].weight).toBeCloseTo(2 / Math.sqrt(6), 6);
  });

  it('shrinks pairs seen by few users', () => {
    const nb = buildNeighbours(sample, { shrinkage: 1 });
    expect(nb.of('A')[0].weight).toBeCloseTo(2 / (Math.sqrt(6) + 1), 6);
    expect(nb.of('A')[1].weight).toBeCloseTo(1 / (2 + 1), 6);
  });

  it('keeps the top k, best first', () => {
    const nb = buildNeighbours(sample, { k: 1, shrinkage: 0 });
    expect(nb.of('A')).toEqual([{ id: 'B', weight: expect.closeTo(2 / Math.sqrt(6), 6) }]);
    expect(nb.of('B')).toHaveLength(1);
  });

  it('counts support, ignores repeats and non-positive weights, and knows nothing of unseen titles', () => {
    const nb = buildNeighbours([...sample, ...likes([['u1', 'A']]), ...likes([['u4', 'A'], ['u4', 'C']], 0), ...likes([['u5', 'C']], -1)], { shrinkage: 0 });
    expect(nb.support('A')).toBe(2);
    expect(nb.support('B')).toBe(3);
    expect(nb.support('C')).toBe(2);
    expect(nb.of('A')[1].weight).toBeCloseTo(1 / 2, 6);
    expect(nb.of('Z')).toEqual([]);
    expect(nb.support('Z')).toBe(0);
  });

  it('uses weights: a favourite counts more than a like', () => {
    // A: u1 (1), u2 (1). B: u1 (2), u3 (1). C: u2 (1), u3 (1).
    // A-B = 1*2 / (sqrt2 * sqrt5); A-C = 1 / (sqrt2 * sqrt2). With unit weights both would be 1/2.
    const nb = buildNeighbours(
      [
        { userId: 'u1', titleId: 'A', weight: 1 },
        { userId: 'u1', titleId: 'B', weight: 2 },
        { userId: 'u2', titleId: 'A', weight: 1 },
        { userId: 'u2', titleId: 'C', weight: 1 },
        { userId: 'u3', titleId: 'B', weight: 1 },
        { userId: 'u3', titleId: 'C', weight: 1 },
      ],
      { shrinkage: 0 },
    );
    expect(nb.of('A')).toEqual([
      { id: 'B', weight: expect.closeTo(2 / Math.sqrt(10), 6) },
      { id: 'C', weight: expect.closeTo(1 / 2, 6) },
    ]);
  });

  it("caps each user's contribution to their latest titles", () => {
    const history = likes([
      ['u1', 'A'],
      ['u1', 'B'],
      ['u1', 'C'],
      ['u2', 'B'],
      ['u2', 'C'],
    ]);
    const nb = buildNeighbours(history, { shrinkage: 0, maxPerUser: 2 });
    expect(nb.of('A')).toEqual([]); // u1's oldest title fell out
    expect(nb.of('B')).toEqual([{ id: 'C', weight: expect.closeTo(1, 6) }]);
  });

  it('with a window, counts only titles liked close together in each history', () => {
    // u1 liked A, B, C, D in that order; u2 liked A, then D. Norms: A sqrt2, B 1, C 1, D sqrt2.
    const history = likes([
      ['u1', 'A'],
      ['u1', 'B'],
      ['u1', 'C'],
      ['u1', 'D'],
      ['u2', 'A'],
      ['u2', 'D'],
    ]);
    const near = buildNeighbours(history, { shrinkage: 0, window: 1 });
    // Within one place: A-B, B-C, C-D for u1; A-D for u2. A-C and B-D (two apart) do not count.
    expect(near.of('A')).toEqual([
      { id: 'B', weight: expect.closeTo(1 / Math.sqrt(2), 6) },
      { id: 'D', weight: expect.closeTo(1 / 2, 6) },
    ]);
    expect(near.of('B').map((n) => n.id)).toEqual(['C', 'A']);
    expect(near.of('C').map((n) => n.id).sort()).toEqual(['B', 'D']);
    // Support counts every like, whatever the window.
    expect(near.support('A')).toBe(2);
    const all = buildNeighbours(history, { shrinkage: 0 });
    expect(all.of('A')[0]).toEqual({ id: 'D', weight: expect.closeTo(1, 6) });
    expect(all.of('A').map((n) => n.id).slice(1).sort()).toEqual(['B', 'C']);
    // A window as wide as the history is the same as no window.
    expect(buildNeighbours(history, { shrinkage: 0, window: 3 }).of('A')).toEqual(all.of('A'));
  });

  it('keeps the window symmetric: a pair counts from both sides', () => {
    const rows = syntheticInteractions(seededRandom(5), syntheticCatalog(300, 3), 400);
    const nb = buildNeighbours(rows, { k: 1000, shrinkage: 0, window: 4 });
    for (const id of ['t1', 't50', 't120']) {
      for (const { id: other, weight } of nb.of(id)) {
        expect(nb.of(other).find((n) => n.id === id)?.weight).toBeCloseTo(weight, 5);
      }
    }
  });

  it('with minPeople, keeps only pairs at least that many users co-liked, weighed as before', () => {
    // AB: u1 and u2; AC: u2 alone; BC: u2 and u3.
    const all = buildNeighbours(sample, { shrinkage: 0 });
    const two = buildNeighbours(sample, { shrinkage: 0, minPeople: 2 });
    expect(two.of('A')).toEqual([all.of('A')[0]]);
    expect(two.of('A')[0].id).toBe('B');
    expect(two.of('C').map((n) => n.id)).toEqual(['B']);
    expect(two.of('B')).toEqual(all.of('B'));
    expect(buildNeighbours(sample, { shrinkage: 0, minPeople: 3 }).of('B')).toEqual([]);
    // Support is every user's, whatever the pairs.
    expect(two.support('C')).toBe(all.support('C'));
    expect(buildNeighbours(sample, { shrinkage: 0, minPeople: 1 }).of('A')).toEqual(all.of('A'));
  });

  it('is empty for no interactions', () => {
    const nb = buildNeighbours([]);
    expect(nb.of('A')).toEqual([]);
    expect(nb.byteLength).toBeGreaterThanOrEqual(0);
  });

  it('builds the same table in steps, yielding between them', () => {
    const rows = syntheticInteractions(seededRandom(4), syntheticCatalog(2000, 11), 1500);
    const steps = buildNeighboursInSteps(rows, { k: 20, window: 5 });
    let yields = 0;
    let step = steps.next();
    while (!step.done) {
      yields++;
      step = steps.next();
    }
    expect(yields).toBeGreaterThan(0);
    const whole = buildNeighbours(rows, { k: 20, window: 5 });
    for (const id of ['t0', 't17', 't999']) expect(step.value.of(id)).toEqual(whole.of(id));
    expect(step.value.byteLength).toBe(whole.byteLength);
  });
});
