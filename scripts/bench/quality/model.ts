// What every model in the benchmark implements, and the evaluation loop they share: score all
// items for a user, mask the items the user already has, find the held-out item's rank.
import { NO_TARGET, rankOf } from './metrics.js';

/** The instance's interaction history a model learns from: per user, item indices oldest first. */
export interface History {
  nItems: number;
  lists: readonly Int32Array[];
}

/** One ranking request: what is known about the user. */
export interface Query {
  /** Known items, oldest first (all masked from the ranking). */
  profile: Int32Array;
  /** The user's declared genres, in the data set's vocabulary (only the engine reads them). */
  genres: string[];
  /** Index of the user in the history, or -1 for a user outside it (cold start). */
  user: number;
  /** The profile came from onboarding (favourite titles) rather than from likes. */
  onboarding?: boolean;
  /**
   * The profile came from a history import: per profile item, 1 liked, -1 disliked, 0 watched
   * without a verdict (every imported item is watched). Only the engine reads it; the baselines
   * take every profile item as a positive, as they do in P1.
   */
  imported?: Int8Array;
  /**
   * Items the user has that the model is NOT told about, masked from the ranking like the profile
   * (P1's rule: every train item is masked). Only the evaluation reads it.
   */
  hidden?: Int32Array;
}

export interface Scorer {
  /** Fills `out` (length nItems) with scores; higher is better, -Infinity = not ranked. */
  score(query: Query, out: Float64Array): void;
}

/** Ranks of each query's target (-1 missed/not ranked, NO_TARGET when target < 0). */
export function evaluate(scorer: Scorer, queries: readonly Query[], targets: Int32Array, nItems: number): Int32Array {
  const ranks = new Int32Array(queries.length);
  const out = new Float64Array(nItems);
  for (let q = 0; q < queries.length; q++) {
    if (targets[q] < 0) { ranks[q] = NO_TARGET; continue; }
    out.fill(0);
    scorer.score(queries[q], out);
    const profile = queries[q].profile;
    for (let i = 0; i < profile.length; i++) out[profile[i]] = -Infinity;
    const hidden = queries[q].hidden;
    if (hidden) for (let i = 0; i < hidden.length; i++) out[hidden[i]] = -Infinity;
    ranks[q] = rankOf(out, targets[q]);
  }
  return ranks;
}

/** How many users in the history have each item. */
export function itemCounts(history: History): Float64Array {
  const counts = new Float64Array(history.nItems);
  for (const list of history.lists) for (let i = 0; i < list.length; i++) counts[list[i]]++;
  return counts;
}

/** Item -> users inverted lists (CSR). */
export function itemUsers(history: History): { start: Int32Array; users: Int32Array } {
  const counts = new Int32Array(history.nItems + 1);
  for (const list of history.lists) for (let i = 0; i < list.length; i++) counts[list[i] + 1]++;
  for (let j = 0; j < history.nItems; j++) counts[j + 1] += counts[j];
  const fill = counts.slice(0, -1);
  const users = new Int32Array(counts[history.nItems]);
  history.lists.forEach((list, u) => { for (let i = 0; i < list.length; i++) users[fill[list[i]]++] = u; });
  return { start: counts, users };
}
