// The three baselines with their validation grids.
import type { ModelRunner } from '../runner.js';
import { tuneOnValidation } from '../tune.js';
import { ease, gram } from './ease.js';
import { buildKnnTable, buildKnnTables, itemKnn } from './itemknn.js';
import { mostPopular } from './mostpop.js';

export const mostPopRunner: ModelRunner<null> = {
  name: 'mostpop',
  tune: (setup) => ({ params: null, scorer: mostPopular(setup.history) }),
  fit: (history) => mostPopular(history),
};

export interface KnnParams { k: number; shrink: number }

/** Covers the published best (k 227, shrink 5) and the usual ranges of Dacrema et al. */
export const KNN_K = [10, 25, 50, 100, 200, 400];
export const KNN_SHRINK = [0, 10, 50, 200];

export const itemKnnRunner: ModelRunner<KnnParams> = {
  name: 'itemknn',
  tune(setup, log) {
    const kMax = Math.max(...KNN_K);
    // A catalogue smaller than a grid value caps k at "every other item".
    const ks = [...new Set(KNN_K.map((k) => Math.max(1, Math.min(k, setup.nItems - 1))))];
    const candidates = KNN_SHRINK.flatMap((shrink) => ks.map((k) => ({ k, shrink })));
    const tables = buildKnnTables(setup.history, KNN_SHRINK, kMax);
    const r = tuneOnValidation(candidates, ({ k, shrink }) => itemKnn(tables[KNN_SHRINK.indexOf(shrink)], k),
      setup.tuneQueries, setup.tuneValidation, setup.nItems, log);
    return { params: r.best, scorer: r.bestScorer };
  },
  fit: (history, { k, shrink }) => itemKnn(buildKnnTable(history, shrink, k), k),
};

export interface EaseParams { lambda: number }

/** Coarse grid; the best value is then refined by a factor of 2 on each side. */
export const EASE_LAMBDA = [50, 200, 800];
/** Above this many items the dense inverse (n^3) does not fit the time budget; EASE is skipped. */
export const EASE_MAX_ITEMS = 5000;

export const easeRunner: ModelRunner<EaseParams> = {
  name: 'ease',
  tune(setup, log) {
    // Each lambda costs one O(n^3) inverse, so a coarse grid and one refinement step.
    const g = gram(setup.history);
    const build = ({ lambda }: EaseParams) => ease(g, setup.nItems, lambda);
    const coarse = tuneOnValidation(EASE_LAMBDA.map((lambda) => ({ lambda })), build, setup.tuneQueries, setup.tuneValidation, setup.nItems, log);
    const best = coarse.best.lambda;
    const fine = tuneOnValidation([{ lambda: best / 2 }, { lambda: best * 2 }], build, setup.tuneQueries, setup.tuneValidation, setup.nItems, log);
    const fineBest = fine.trials.find((t) => t.params.lambda === fine.best.lambda)!;
    const coarseBest = coarse.trials.find((t) => t.params.lambda === best)!;
    return fineBest.ndcg10 > coarseBest.ndcg10
      ? { params: fine.best, scorer: fine.bestScorer }
      : { params: coarse.best, scorer: coarse.bestScorer };
  },
  fit: (history, { lambda }) => ease(gram(history), history.nItems, lambda),
};
