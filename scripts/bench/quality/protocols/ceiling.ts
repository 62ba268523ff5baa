// An upper bound for the cold-start protocol, not a model: EASE fitted on the history users, its
// scores for the kept favourites blended with MostPopular (score = ease / max|ease| + alpha * pop /
// max pop), and for each size the best (lambda, alpha) picked ON THE TEST ITEM itself. Picking on
// test is optimistic on purpose: no model tuned honestly should expect more from the same inputs.
// It answers one question: how far above MostPopular can any ranking built from the first n
// interactions get on the user's last interaction? (docs/quality.md, "Cold-start target")
import { ease, gram } from '../baselines/ease.js';
import { mostPopular } from '../baselines/mostpop.js';
import type { SplitDataset } from '../dataset.js';
import { hitAt, rankOf } from '../metrics.js';
import { COLD_SIZES, userFolds } from './coldStart.js';

export const CEILING_LAMBDAS = [100, 400, 1600];
/** Infinity = MostPopular alone, so the ceiling is never below MostPopular. */
export const CEILING_ALPHAS = [0, 0.1, 0.3, 1, 3, 10, Infinity];

export interface CeilingRow { mostpop: number; ceiling: number; ratio: number; lambda: number; alpha: number | 'mostpop' }
/** mask ('kept': only the kept favourites are masked, as in JSON cold_start; 'all': every train item) -> size -> row */
export type CeilingResult = Record<'kept' | 'all', Record<string, CeilingRow>>;

export function coldStartCeiling(d: SplitDataset, folds: number, log: (line: string) => void): CeilingResult {
  const nI = d.items.length;
  const popIdx = CEILING_ALPHAS.indexOf(Infinity);
  const combos = CEILING_LAMBDAS.flatMap((lambda) => CEILING_ALPHAS.map((alpha) => ({ lambda, alpha })));
  // hits[mask][size][combo]
  const hits = [0, 1].map(() => COLD_SIZES.map(() => new Float64Array(combos.length)));
  const users = COLD_SIZES.map(() => 0);
  const es = new Float64Array(nI);
  const pop = new Float64Array(nI);
  const out = new Float64Array(nI);
  for (const { fold, folds: n, history, testUsers } of userFolds(d, folds)) {
    const g = gram(history);
    const models = CEILING_LAMBDAS.map((lambda) => ease(g, nI, lambda));
    pop.fill(0);
    mostPopular(history).score({ profile: new Int32Array(0), genres: [], user: -1 }, pop);
    const popMax = Math.max(1e-12, ...pop);
    for (const u of testUsers) {
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
            const c = li * CEILING_ALPHAS.length + ai;
            // 'kept': mask the favourites; 'all': then the rest of the train list too.
            for (const i of profile) out[i] = -Infinity;
            hits[0][s][c] += hitAt(rankOf(out, d.test[u]), 10);
            for (const i of train.subarray(size)) out[i] = -Infinity;
            hits[1][s][c] += hitAt(rankOf(out, d.test[u]), 10);
          });
        });
      });
    }
    log(`ceiling: fold ${fold + 1}/${n}`);
  }
  const result: CeilingResult = { kept: {}, all: {} };
  (['kept', 'all'] as const).forEach((mask, m) => {
    COLD_SIZES.forEach((size, s) => {
      const n = Math.max(1, users[s]);
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
