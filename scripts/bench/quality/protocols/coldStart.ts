// Cold start, like onboarding: a test user keeps only their first n train interactions (as
// favourite titles) and their two most frequent train genres; the other users' full train data
// is the instance's history. Users are split into folds; each fold in turn is the test users and
// the remaining folds the history, so every user is measured once per size. Target: the P1 test
// item. Parameters are the ones tuned on P1's validation item.
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

export function runColdStart(
  d: SplitDataset,
  itemGenres: readonly (readonly string[])[],
  models: readonly TunedModel[],
  folds: number,
  log: (line: string) => void,
): { result: ColdStartResult; users: Record<string, number> } {
  const nUsers = d.users.length;
  folds = Math.max(2, Math.min(folds, nUsers));
  // ranks[size][model] over all users (each user is in exactly one fold).
  const ranks = COLD_SIZES.map(() => models.map(() => new Int32Array(nUsers)));
  const empty = new Int32Array(0);
  for (let f = 0; f < folds; f++) {
    const t0 = performance.now();
    const inFold = (u: number) => u % folds === f;
    const history: History = { nItems: d.items.length, lists: d.train.map((l, u) => (inFold(u) ? empty : l)) };
    const testUsers: number[] = [];
    for (let u = 0; u < nUsers; u++) if (inFold(u)) testUsers.push(u);
    const fitted = models.map((m) => m.runner.fit(history, m.params));
    COLD_SIZES.forEach((size, s) => {
      // A user with fewer train interactions than `size` has no target at this size.
      const queries: Query[] = testUsers.map((u) => ({
        profile: d.train[u].subarray(0, size),
        genres: topGenres(itemGenres, d.train[u], DECLARED_GENRES),
        user: -1,
        onboarding: true,
      }));
      const targets = Int32Array.from(testUsers, (u) => (d.train[u].length >= size ? d.test[u] : -1));
      fitted.forEach((scorer, m) => {
        const r = evaluate(scorer, queries, targets, d.items.length);
        testUsers.forEach((u, q) => { ranks[s][m][u] = r[q]; });
      });
    });
    log(`cold start: fold ${f + 1}/${folds} (${testUsers.length} users) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const result: ColdStartResult = {};
  const users: Record<string, number> = {};
  COLD_SIZES.forEach((size, s) => {
    result[String(size)] = {};
    models.forEach((m, i) => {
      const sum = summarise(ranks[s][i]);
      result[String(size)][m.runner.name] = { 'HR@10': sum['HR@10'], 'NDCG@10': sum['NDCG@10'] };
      users[String(size)] = sum.users;
    });
  });
  return { result, users };
}
