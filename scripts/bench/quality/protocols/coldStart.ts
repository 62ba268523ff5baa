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
 */
export const COLD_TARGETS = ['test', 'next', 'masked'] as const;
export type ColdTarget = (typeof COLD_TARGETS)[number];

export function runColdStart(
  d: SplitDataset,
  itemGenres: readonly (readonly string[])[],
  models: readonly TunedModel[],
  folds: number,
  log: (line: string) => void,
): { result: Record<ColdTarget, ColdStartResult>; users: Record<ColdTarget, Record<string, number>> } {
  const nUsers = d.users.length;
  folds = Math.max(2, Math.min(folds, nUsers));
  // ranks[target][size][model] over all users (each user is in exactly one fold).
  const ranks = COLD_TARGETS.map(() => COLD_SIZES.map(() => models.map(() => new Int32Array(nUsers))));
  const empty = new Int32Array(0);
  for (let f = 0; f < folds; f++) {
    const t0 = performance.now();
    const inFold = (u: number) => u % folds === f;
    const history: History = { nItems: d.items.length, lists: d.train.map((l, u) => (inFold(u) ? empty : l)) };
    const testUsers: number[] = [];
    for (let u = 0; u < nUsers; u++) if (inFold(u)) testUsers.push(u);
    const fitted = models.map((m) => m.runner.fit(history, m.params));
    COLD_SIZES.forEach((size, s) => {
      const queries: Query[] = testUsers.map((u) => ({
        profile: d.train[u].subarray(0, size),
        genres: topGenres(itemGenres, d.train[u], DECLARED_GENRES),
        user: -1,
        onboarding: true,
      }));
      // A user with too few train interactions has no target at this size.
      const targets: Partial<Record<ColdTarget, Int32Array>> & Record<'test' | 'next', Int32Array> = {
        test: Int32Array.from(testUsers, (u) => (d.train[u].length >= size ? d.test[u] : -1)),
        next: Int32Array.from(testUsers, (u) => (d.train[u].length > size ? d.train[u][size] : -1)),
      };
      const masked: Query[] = queries.map((q, i) => ({ ...q, hidden: d.train[testUsers[i]].subarray(size) }));
      targets.masked = targets.test;
      fitted.forEach((scorer, m) => {
        COLD_TARGETS.forEach((target, t) => {
          const r = evaluate(scorer, target === 'masked' ? masked : queries, targets[target]!, d.items.length);
          testUsers.forEach((u, q) => { ranks[t][s][m][u] = r[q]; });
        });
      });
    });
    log(`cold start: fold ${f + 1}/${folds} (${testUsers.length} users) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
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
