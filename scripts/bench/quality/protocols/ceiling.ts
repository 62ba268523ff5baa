// An upper bound for the cold-start protocol, not a model: EASE fitted on the history users, its
// scores for the kept favourites blended with MostPopular (score = ease / max|ease| + alpha * pop /
// max pop), and for each size the best (lambda, alpha) picked ON THE TEST ITEM itself. Picking on
// test is optimistic on purpose: no model tuned honestly should expect more from the same inputs.
// It answers one question: how far above MostPopular can any ranking built from the first n
// interactions get on the user's last interaction? (docs/quality.md, "Cold-start target")
import { ease, gram } from '../baselines/ease.js';
import { mostPopular } from '../baselines/mostpop.js';
import type { SplitDataset } from '../dataset.js';
import { hitAt } from '../metrics.js';
import { rankOf } from '../metrics.js';
import type { History } from '../model.js';
import { COLD_SIZES } from './coldStart.js';

export const CEILING_LAMBDAS = [100, 400, 1600];
/** Infinity = MostPopular alone, so the ceiling is never below MostPopular. */
export const CEILING_ALPHAS = [0, 0.1, 0.3, 1, 3, 10, Infinity];

export interface CeilingRow { mostpop: number; ceiling: number; ratio: number; lambda: number; alpha: number | 'mostpop' }
/** mask ('kept': only the kept favourites are masked, as in JSON cold_start; 'all': every train item) -> size -> row */
export type CeilingResult = Record<'kept' | 'all', Record<string, CeilingRow>>;

export function coldStartCeiling(d: SplitDataset, folds: number, log: (line: string) => void): CeilingResult {
  const nI = d.items.length;
  const nU = d.users.length;
  const combos = CEILING_LAMBDAS.flatMap((lambda) => CEILING_ALPHAS.map((alpha) => ({ lambda, alpha })));
  // hits[mask][size][combo]
  const hits = [0, 1].map(() => COLD_SIZES.map(() => new Float64Array(combos.length)));
  const users = COLD_SIZES.map(() => 0);
  const es = new Float64Array(nI);
  const pop = new Float64Array(nI);
  const out = new Float64Array(nI);
  for (let f = 0; f < folds; f++) {
    const history: History = { nItems: nI, lists: d.train.map((l, u) => (u % folds === f ? new Int32Array(0) : l)) };
    const g = gram(history);
    const models = CEILING_LAMBDAS.map((lambda) => ease(g, nI, lambda));
    pop.fill(0);
    mostPopular(history).score({ profile: new Int32Array(0), genres: [], user: -1 }, pop);
    const popMax = Math.max(1e-12, ...pop);
    for (let u = f; u < nU; u += folds) {
      const train = d.train[u];
      COLD_SIZES.forEach((size, s) => {
        if (d.test[u] < 0 || train.length < size) return;
        users[s]++;
        const profile = train.subarray(0, size);
        models.forEach((model, li) => {
          es.fill(0);
          model.score({ profile, genres: [], user: -1, onboarding: true }, es);
          let eMax = 1e-12;
          for (let i = 0; i < nI; i++) eMax = Math.max(eMax, Math.abs(es[i]));
          CEILING_ALPHAS.forEach((alpha, ai) => {
            for (let i = 0; i < nI; i++) out[i] = alpha === Infinity ? pop[i] : es[i] / eMax + (alpha * pop[i]) / popMax;
            for (let m = 0; m < 2; m++) {
              const masked = m === 0 ? profile : train;
              const saved = Array.from(masked, (i) => out[i]);
              for (const i of masked) out[i] = -Infinity;
              hits[m][s][li * CEILING_ALPHAS.length + ai] += hitAt(rankOf(out, d.test[u]), 10);
              masked.forEach((i, x) => { out[i] = saved[x]; });
            }
          });
        });
      });
    }
    log(`ceiling: fold ${f + 1}/${folds}`);
  }
  const result: CeilingResult = { kept: {}, all: {} };
  (['kept', 'all'] as const).forEach((mask, m) => {
    COLD_SIZES.forEach((size, s) => {
      const n = Math.max(1, users[s]);
      const popIdx = CEILING_ALPHAS.indexOf(Infinity);
      let best = popIdx;
      hits[m][s].forEach((h, c) => { if (h > hits[m][s][best]) best = c; });
      const mostpop = hits[m][s][popIdx] / n;
      const ceiling = hits[m][s][best] / n;
      const { lambda, alpha } = combos[best];
      result[mask][String(size)] = { mostpop, ceiling, ratio: mostpop > 0 ? ceiling / mostpop : 0, lambda, alpha: alpha === Infinity ? 'mostpop' : alpha };
    });
  });
  return result;
}
