// Protocol P1 (docs/quality.md, "Protocols"): models learn from train only; every user's scores over all
// items, train items masked; the validation item tunes, the test item measures (the validation
// item is not masked at test time, as in the published runs).
import type { SplitDataset } from '../dataset.js';
import { topGenres } from '../genres.js';
import { summarise, type TopNMetrics } from '../metrics.js';
import { evaluate, type Query } from '../model.js';
import type { ModelRunner, P1Setup } from '../runner.js';

/** Onboarding asks for genres; a benchmark user "declares" the two most frequent in their train. */
export const DECLARED_GENRES = 2;
/** Up to this many users take part in tuning (all of ML-100K's 943). */
export const TUNING_USERS = 1000;

export function p1Setup(d: SplitDataset, itemGenres: readonly (readonly string[])[]): P1Setup {
  const queries: Query[] = d.train.map((profile, user) => ({
    profile,
    genres: topGenres(itemGenres, profile, DECLARED_GENRES),
    user,
  }));
  // Tuning runs a model many times; on large sets an even sample of users keeps it in budget.
  const step = Math.ceil(queries.length / TUNING_USERS);
  const sample = queries.map((_, u) => u).filter((u) => u % step === 0);
  return {
    nItems: d.items.length,
    history: { nItems: d.items.length, lists: d.train },
    queries,
    validation: d.validation,
    test: d.test,
    tuneQueries: sample.map((u) => queries[u]),
    tuneValidation: Int32Array.from(sample, (u) => d.validation[u]),
  };
}

export interface P1Result<P> {
  name: string;
  params: P;
  validation: TopNMetrics;
  test: TopNMetrics;
  seconds: number;
}

export function runP1<P>(setup: P1Setup, runner: ModelRunner<P>, log: (line: string) => void): P1Result<P> {
  const t0 = performance.now();
  log(`${runner.name}: tuning on validation`);
  const { params, scorer } = runner.tune(setup, log);
  const validation = summarise(evaluate(scorer, setup.queries, setup.validation, setup.nItems));
  const test = summarise(evaluate(scorer, setup.queries, setup.test, setup.nItems));
  const seconds = (performance.now() - t0) / 1000;
  log(`${runner.name}: params ${JSON.stringify(params)}; test HR@10 ${test['HR@10'].toFixed(4)} NDCG@10 ${test['NDCG@10'].toFixed(4)} (${seconds.toFixed(1)} s)`);
  return { name: runner.name, params, validation: strip(validation), test: strip(test), seconds };
}

function strip(m: TopNMetrics): TopNMetrics {
  return { 'HR@10': m['HR@10'], 'NDCG@10': m['NDCG@10'], 'HR@20': m['HR@20'], 'NDCG@20': m['NDCG@20'] };
}
