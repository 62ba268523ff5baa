// History-import cold start: a new user brings a rating history from another site instead of
// picking onboarding favourites. On the P1 split, each test user's first n train interactions
// (chronological; n = 20, 50 or all of them) are their import. Each imported rating maps to the
// engine's inputs as the product maps a Letterboxd rating (0.5-5): >= 3.5 like, <= 2 dislike,
// else watched only (on ML-100K's 1-5 stars: 4-5 like, 1-2 dislike, 3 watched); every imported
// title is watched, so it is never recommended. Declared genres are set as in the cold-start
// protocol (the two most frequent of the user's whole train history); no languages, platforms or
// favourites. Same user folds as cold start (the other folds' train lists are the history), and
// each model uses its P1-tuned parameters. The baselines get the same imported titles, every one
// as a positive (their P1 reading of an interaction); the engine also gets the verdicts.
import type { SplitDataset } from '../dataset.js';
import { topGenres } from '../genres.js';
import { NO_TARGET, rankOf, summarise } from '../metrics.js';
import type { Query } from '../model.js';
import { userFolds, type ColdStartResult, type TunedModel } from './coldStart.js';
import { DECLARED_GENRES } from './p1.js';

export type ImportSize = number | 'all';
export const IMPORT_SIZES: readonly ImportSize[] = [20, 50, 'all'];

/** Letterboxd's thresholds (0.5-5 stars), the product's rule for an imported rating. */
export const IMPORT_LIKE_AT = 3.5;
export const IMPORT_DISLIKE_AT = 2;

/** 1 like, -1 dislike, 0 watched only (also for an interaction without a stated rating). */
export function importVerdict(rating: number): -1 | 0 | 1 {
  if (Number.isNaN(rating)) return 0;
  if (rating >= IMPORT_LIKE_AT) return 1;
  if (rating <= IMPORT_DISLIKE_AT) return -1;
  return 0;
}

/**
 * How the titles arrive (docs/quality.md, "History as a stream of synced watches"):
 * - `import`: a file at once, with its ratings (importVerdict).
 * - `stream`: watch by watch from a media server, in time order, unrated: each title is watched
 *   (played to the end), and a few are favourites (a like, as the product maps a server's
 *   favourite flag): the titles rated the top of the scale, at most one in STREAM_FAVOURITE_EVERY
 *   of the stream, earliest first. No dislikes: a server says nothing of what you did not like.
 */
export type ArrivalRule = 'import' | 'stream';
export const STREAM_FAVOURITE_AT = 5;
export const STREAM_FAVOURITE_EVERY = 10;

/** The stream's verdicts for ratings in time order: 1 favourite, else 0 watched. */
export function streamVerdicts(ratings: ArrayLike<number>): Int8Array {
  const out = new Int8Array(ratings.length);
  let left = Math.ceil(ratings.length / STREAM_FAVOURITE_EVERY);
  for (let k = 0; k < ratings.length && left > 0; k++) {
    if (ratings[k] >= STREAM_FAVOURITE_AT) {
      out[k] = 1;
      left--;
    }
  }
  return out;
}

/**
 * What a user's ranking is checked against:
 * - `next`: the interaction right after the imported ones (train[n], or the P1 validation item
 *   when the whole train list is imported): the first pick after the import.
 * - `test`: the user's P1 test item, their last interaction. Only the imported titles are masked
 *   (the model knows nothing else of the user), as in JSON cold_start.
 * - `masked`: the P1 test item again, with every train item of the user masked (P1's rule, as in
 *   JSON cold_start_masked): in the product the titles watched between the import and the test
 *   item would be in the history and never picked again. The model still sees only the import.
 * - `validation`: the P1 validation item, the same way; not reported, it is the item on which
 *   engine variants for imports may be compared without looking at test.
 */
export const IMPORT_TARGETS = ['next', 'test', 'masked', 'validation'] as const;
export type ImportTarget = (typeof IMPORT_TARGETS)[number];
/** The targets the JSON report and the table carry. */
export const REPORTED_IMPORT_TARGETS = ['next', 'test', 'masked'] as const;

export interface UserImport {
  /** The imported titles, oldest first (a prefix of the user's train list). */
  items: Int32Array;
  verdicts: Int8Array;
  targets: Record<ImportTarget, number>;
  /** The user's stated rating of each target (NaN when unknown). */
  targetRatings: Record<ImportTarget, number>;
}

/** User u's import of `size` titles; null when they have fewer train interactions than that (or none). */
export function userImport(d: SplitDataset, u: number, size: ImportSize, rule: ArrivalRule = 'import'): UserImport | null {
  const train = d.train[u];
  const n = size === 'all' ? train.length : size;
  if (n < 1 || train.length < n) return null;
  const ratings = d.trainRatings?.[u];
  const held = d.heldOutRatings;
  const validationRating = held ? held.validation[u] : NaN;
  return {
    items: train.subarray(0, n),
    verdicts:
      rule === 'stream'
        ? streamVerdicts(Float64Array.from({ length: n }, (_, k) => (ratings ? ratings[k] : NaN)))
        : Int8Array.from({ length: n }, (_, k) => importVerdict(ratings ? ratings[k] : NaN)),
    targets: {
      next: n < train.length ? train[n] : d.validation[u],
      test: d.test[u],
      masked: d.test[u],
      validation: d.validation[u],
    },
    targetRatings: {
      next: n < train.length ? (ratings ? ratings[n] : NaN) : validationRating,
      test: held ? held.test[u] : NaN,
      masked: held ? held.test[u] : NaN,
      validation: validationRating,
    },
  };
}

export interface ImportRun {
  /** target -> size -> model -> metrics */
  result: Record<ImportTarget, ColdStartResult>;
  /** target -> size -> users measured */
  users: Record<ImportTarget, Record<string, number>>;
  /** size -> share of imported titles that map to like / dislike / watched only */
  verdicts: Record<string, { like: number; dislike: number; watched: number }>;
}

export function runImport(
  d: SplitDataset,
  itemGenres: readonly (readonly string[])[],
  models: readonly TunedModel[],
  folds: number,
  log: (line: string) => void,
  sizes: readonly ImportSize[] = IMPORT_SIZES,
  /** Measure only targets the user rated as a like (>= 3.5): the picks the product aims for. */
  likedTargetsOnly = false,
  rule: ArrivalRule = 'import',
): ImportRun {
  const nUsers = d.users.length;
  const nItems = d.items.length;
  // ranks[target][size][model] over all users (each user is in exactly one fold).
  const ranks = IMPORT_TARGETS.map(() => sizes.map(() => models.map(() => new Int32Array(nUsers).fill(NO_TARGET))));
  const counts = sizes.map(() => ({ like: 0, dislike: 0, watched: 0 }));
  const out = new Float64Array(nItems);
  let t0 = performance.now();
  for (const { fold, folds: n, history, testUsers } of userFolds(d, folds)) {
    const fitted = models.map((m) => m.runner.fit(history, m.params));
    sizes.forEach((size, s) => {
      for (const u of testUsers) {
        const imp = userImport(d, u, size, rule);
        if (!imp) continue;
        for (const v of imp.verdicts) counts[s][v === 1 ? 'like' : v === -1 ? 'dislike' : 'watched']++;
        const query: Query = {
          profile: imp.items,
          genres: topGenres(itemGenres, d.train[u], DECLARED_GENRES),
          user: -1,
          imported: imp.verdicts,
        };
        fitted.forEach((scorer, m) => {
          out.fill(0);
          scorer.score(query, out);
          for (const i of imp.items) out[i] = -Infinity;
          const rank = (target: ImportTarget) => {
            const item = imp.targets[target];
            const skip = item < 0 || (likedTargetsOnly && importVerdict(imp.targetRatings[target]) !== 1);
            return skip ? NO_TARGET : rankOf(out, item);
          };
          // 'masked' last: it masks the rest of the train list in place.
          IMPORT_TARGETS.forEach((target, t) => { if (target !== 'masked') ranks[t][s][m][u] = rank(target); });
          for (const i of d.train[u]) out[i] = -Infinity;
          ranks[IMPORT_TARGETS.indexOf('masked')][s][m][u] = rank('masked');
        });
      }
    });
    log(`${rule}: fold ${fold + 1}/${n} (${testUsers.length} users) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    t0 = performance.now();
  }
  const result = {} as ImportRun['result'];
  const users = {} as ImportRun['users'];
  IMPORT_TARGETS.forEach((target, t) => {
    result[target] = {};
    users[target] = {};
    sizes.forEach((size, s) => {
      const key = String(size);
      result[target][key] = {};
      models.forEach((m, i) => {
        const sum = summarise(ranks[t][s][i]);
        result[target][key][m.runner.name] = { 'HR@10': sum['HR@10'], 'NDCG@10': sum['NDCG@10'] };
        users[target][key] = sum.users;
      });
    });
  });
  const verdicts: ImportRun['verdicts'] = {};
  sizes.forEach((size, s) => {
    const c = counts[s];
    const total = Math.max(1, c.like + c.dislike + c.watched);
    verdicts[String(size)] = { like: c.like / total, dislike: c.dislike / total, watched: c.watched / total };
  });
  return { result, users, verdicts };
}
