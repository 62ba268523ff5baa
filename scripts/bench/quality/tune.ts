// Grid search on the validation item (never the test item): the configuration with the best
// validation NDCG@10 wins, ties going to the earlier candidate, as in The Datasets Dilemma.
import { summarise } from './metrics.js';
import { evaluate, type Query, type Scorer } from './model.js';

export interface TrialResult<P> {
  params: P;
  ndcg10: number;
  hr10: number;
}

export interface TuneResult<P> {
  best: P;
  bestScorer: Scorer;
  trials: TrialResult<P>[];
}

export function tuneOnValidation<P>(
  candidates: readonly P[],
  build: (params: P) => Scorer,
  queries: readonly Query[],
  validation: Int32Array,
  nItems: number,
  log: (line: string) => void = () => {},
): TuneResult<P> {
  if (candidates.length === 0) throw new Error('nothing to tune');
  let best: { params: P; scorer: Scorer; ndcg: number } | null = null;
  const trials: TrialResult<P>[] = [];
  for (const params of candidates) {
    const scorer = build(params);
    const m = summarise(evaluate(scorer, queries, validation, nItems));
    trials.push({ params, ndcg10: m['NDCG@10'], hr10: m['HR@10'] });
    log(`  ${JSON.stringify(params)}: validation NDCG@10 ${m['NDCG@10'].toFixed(4)} HR@10 ${m['HR@10'].toFixed(4)}`);
    if (!best || m['NDCG@10'] > best.ndcg) best = { params, scorer, ndcg: m['NDCG@10'] };
  }
  return { best: best!.params, bestScorer: best!.scorer, trials };
}
