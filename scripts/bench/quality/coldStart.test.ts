import { describe, expect, it } from 'vitest';
import type { SplitDataset } from './dataset.js';
import { mostPopRunner } from './baselines/index.js';
import { CEILING_ALPHAS, coldStartCeiling } from './protocols/ceiling.js';
import { COLD_SIZES, runColdStart } from './protocols/coldStart.js';

// 40 users over 29 items: 5 blockbusters (0-4) that every user has, and 2 taste blocks of 12.
// A user's train list is 3 items of their block, the 5 blockbusters, then 6 more of their block;
// validation and test are two further block items. Which block items, and in what order, comes
// from a fixed LCG.
function synthetic(): SplitDataset {
  let x = 12345;
  const rnd = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const users: string[] = [];
  const train: Int32Array[] = [];
  const held: number[][] = [];
  for (let u = 0; u < 40; u++) {
    const block = Array.from({ length: 12 }, (_, i) => 5 + (Math.floor(u / 4) % 2) * 12 + i);
    for (let i = block.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [block[i], block[j]] = [block[j], block[i]];
    }
    users.push(String(u));
    train.push(Int32Array.from([...block.slice(0, 3), 0, 1, 2, 3, 4, ...block.slice(3, 9)]));
    held.push(block.slice(9, 11));
  }
  return {
    format: 'synthetic',
    users,
    items: Array.from({ length: 29 }, (_, i) => ({ id: String(i), title: `Item ${i}`, year: null, genres: [] })),
    train,
    validation: Int32Array.from(held, (h) => h[0]),
    test: Int32Array.from(held, (h) => h[1]),
  };
}

describe('cold-start protocol', () => {
  const d = synthetic();
  const genres = d.items.map(() => [] as string[]);

  it('masks every train item in cold_start_masked, so MostPopular no longer depends on the size', () => {
    const { result } = runColdStart(d, genres, [{ runner: mostPopRunner, params: null }], 4, () => {});
    const masked = COLD_SIZES.map((s) => result.masked[String(s)].mostpop['HR@10']);
    expect(new Set(masked).size).toBe(1);
    // With only the kept items masked, the blockbusters the user has later in train are not
    // masked at size 3 or 5 and push the target down; at 10 they are among the kept items.
    expect(result.test['3'].mostpop['HR@10']).toBeLessThan(masked[0]);
    expect(result.test['5'].mostpop['HR@10']).toBeLessThan(masked[0]);
    expect(result.test['10'].mostpop['NDCG@10']).toBeGreaterThan(result.test['3'].mostpop['NDCG@10']);
  });

  it('bounds what a blend of EASE and MostPopular can reach on the same folds', () => {
    const folds = 4;
    const { result } = runColdStart(d, genres, [{ runner: mostPopRunner, params: null }], folds, () => {});
    const ceiling = coldStartCeiling(d, folds, () => {});
    expect(CEILING_ALPHAS).toContain(Infinity);
    for (const s of COLD_SIZES.map(String)) {
      // Same users, folds and masking as the protocol: its MostPopular figures come back exactly.
      expect(ceiling.kept[s].mostpop).toBeCloseTo(result.test[s].mostpop['HR@10'], 12);
      expect(ceiling.all[s].mostpop).toBeCloseTo(result.masked[s].mostpop['HR@10'], 12);
      for (const mask of ['kept', 'all'] as const) {
        const row = ceiling[mask][s];
        expect(row.ceiling).toBeGreaterThanOrEqual(row.mostpop);
        expect(row.ratio).toBeCloseTo(row.ceiling / row.mostpop, 12);
      }
    }
    // The kept favourites name the user's block, so a blend finds the target far more often than
    // MostPopular, and always once the user's other train items are masked.
    for (const s of COLD_SIZES.map(String)) {
      expect(ceiling.kept[s].ceiling).toBeGreaterThan(1.5 * ceiling.kept[s].mostpop);
      expect(ceiling.all[s].ceiling).toBe(1);
    }
  });
});
