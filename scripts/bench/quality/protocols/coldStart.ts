// Cold start, like onboarding: a test user keeps only their first n train interactions (as
// favourite titles) and their two most frequent train genres; the other users' full train data
// is the instance's history. Users are split into folds; each fold in turn is the test users and
// the remaining folds the history, so every user is measured once per size. Parameters are the
// ones tuned on P1's validation item.
import type { SplitDataset } from '../dataset.js';
import { topGenres } from '../genres.js';
import { summarise } from '../metrics.js';
import { evaluate, type History, type Query } from '../model.js';
import type { ModelRunner } from '../runner.js';
import { DECLARED_GENRES } from './p1.js';

export const COLD_SIZES = [3, 5, 10] as const;
/** 10 folds (history = 90% of users) up to 1,000 users, 5 above (each fold refits every model). */
export function defaultFolds(users: number): number {
  return users <= 1000 ? 10 : 5;
}

export interface ColdMetrics { 'HR@10': number; 'NDCG@10': number }
/** size -> model name -> metrics */
export type ColdStartResult = Record<string, Record<string, ColdMetrics>>;

export interface TunedModel { runner: ModelRunner<unknown>; params: unknown }

/**
 * What a cold user's ranking is checked against:
 * - `test`: their P1 test item, their last interaction. This is the protocol's reading and the
 *   JSON report's figures.
 * - `next`: the interaction right after the kept ones, i.e. the first pick after onboarding.
 *   It is printed beside the first.
 * - `masked`: the P1 test item again, with every train item of the user masked (P1's rule);
 *   the model still sees only the kept ones.
 */
export const COLD_TARGETS = ['test', 'next', 'masked'] as const;
export type ColdTarget = (typeof COLD_TARGETS)[number];

/**
 * The protocol's user folds: user u is a test user of fold u mod folds (folds clamped to
 * 2..users); the other folds' train lists are the history. The ceiling uses the same folds.
 */
export function* userFolds(d: SplitDataset, folds: number): Generator<{ fold: number; folds: number; history: History; testUsers: number[] }> {
  const nUsers = d.users.length;
  folds = Math.max(2, Math.min(folds, nUsers));
  const empty = new Int32Array(0);
  for (let fold = 0; fold < folds; fold++) {
    const inFold = (u: number) => u % folds === fold;
    const testUsers: number[] = [];
    for (let u = 0; u < nUsers; u++) if (inFold(u)) testUsers.push(u);
    yield { fold, folds, history: { nItems: d.items.length, lists: d.train.map((l, u) => (inFold(u) ? empty : l)) }, testUsers };
  }
}

export function runColdStart(
  d: SplitDataset,
  itemGenres: readonly (readonly string[])[],
  models: readonly TunedModel[],
  folds: number,
  log: (line: string) => void,
): { result: Record<ColdTarget, ColdStartResult>; users: Record<ColdTarget, Record<string, number>> } {
  const nUsers = d.users.length;
  // ranks[target][size][model] over all users (each user is in exactly one fold).
  const ranks = COLD_TARGETS.map(() => COLD_SIZES.map(() => models.map(() => new Int32Array(nUsers))));
  let t0 = performance.now();
  for (const { fold, folds: n, history, testUsers } of userFolds(d, folds)) {
    const fitted = models.map((m) => m.runner.fit(history, m.params));
    COLD_SIZES.forEach((size, s) => {
      const queries: Query[] = testUsers.map((u) => ({
        profile: d.train[u].subarray(0, size),
        genres: topGenres(itemGenres, d.train[u], DECLARED_GENRES),
        user: -1,
        onboarding: true,
      }));
      // A user with too few train interactions has no target at this size.
      const test = Int32Array.from(testUsers, (u) => (d.train[u].length >= size ? d.test[u] : -1));
      const next = Int32Array.from(testUsers, (u) => (d.train[u].length > size ? d.train[u][size] : -1));
      const masked: Query[] = queries.map((q, i) => ({ ...q, hidden: d.train[testUsers[i]].subarray(size) }));
      const runs: Record<ColdTarget, { queries: Query[]; targets: Int32Array }> = {
        test: { queries, targets: test },
        next: { queries, targets: next },
        masked: { queries: masked, targets: test },
      };
      fitted.forEach((scorer, m) => {
        COLD_TARGETS.forEach((target, t) => {
          const r = evaluate(scorer, runs[target].queries, runs[target].targets, d.items.length);
          testUsers.forEach((u, q) => { ranks[t][s][m][u] = r[q]; });
        });
      });
    });
    log(`cold start: fold ${fold + 1}/${n} (${testUsers.length} users) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    t0 = performance.now();
  }
  const result = { test: {}, next: {}, masked: {} } as Record<ColdTarget, ColdStartResult>;
  const users = { test: {}, next: {}, masked: {} } as Record<ColdTarget, Record<string, number>>;
  COLD_TARGETS.forEach((target, t) => {
    COLD_SIZES.forEach((size, s) => {
      result[target][String(size)] = {};
      models.forEach((m, i) => {
        const sum = summarise(ranks[t][s][i]);
        result[target][String(size)][m.runner.name] = { 'HR@10': sum['HR@10'], 'NDCG@10': sum['NDCG@10'] };
        users[target][String(size)] = sum.users;
      });
    });
  });
  return { result, users };
}
