// The product's engine (server/src/engine) as a benchmark model. MovieLens items become
// EngineTitles (title, year, genres in our vocabulary; no platforms, language, ratings, people or
// keywords, so fame stays neutral); a user's known items become their UserTaste (likes in P1,
// favourites in cold start, plus two declared genres); the history's interactions feed
// buildNeighbours exactly as the product feeds it the instance's own likes.
import {
  buildIndex,
  buildNeighbours,
  DEFAULT_WEIGHTS,
  rankAll,
  type CatalogIndex,
  type EngineTitle,
  type EngineWeights,
  type NeighbourOptions,
  type Neighbours,
  type UserTaste,
} from '../../../server/src/engine/index.js';
import type { SplitDataset } from './dataset.js';
import type { History, Scorer } from './model.js';
import type { ModelRunner, P1Setup } from './runner.js';
import { tuneOnValidation } from './tune.js';

export interface EngineParams {
  neighbours: NeighbourOptions;
  weights: Partial<EngineWeights>;
}

/** The engine as the product runs it: its own defaults for weights and neighbours. */
export const ENGINE_DEFAULTS: EngineParams = { neighbours: {}, weights: {} };

/** Ranking deeper than the largest cutoff (20) changes no metric, so the engine sorts only this far. */
const DEPTH = 20;

export function toEngineTitles(d: SplitDataset, itemGenres: readonly (readonly string[])[]): EngineTitle[] {
  return d.items.map((it, i) => ({
    id: `ml:${it.id}`,
    kind: 'movie',
    title: it.title,
    year: it.year ?? 0,
    genres: [...itemGenres[i]],
    language: '',
    runtime: null,
    seasons: null,
    imdb: null,
    rt: null,
    fame: 3,
    keywords: [],
    director: null,
    cast: [],
    platforms: [],
  }));
}

/** Every history interaction as a positive with weight 1, each user's oldest first. */
export function historyInteractions(history: History, titleIds: readonly string[]) {
  const out: Array<{ userId: string; titleId: string; weight: number }> = [];
  history.lists.forEach((list, u) => {
    for (let i = 0; i < list.length; i++) out.push({ userId: String(u), titleId: titleIds[list[i]], weight: 1 });
  });
  return out;
}

/** Every UserTaste the bench builds goes through here: the lists not given are empty. */
export function userTaste(parts: Partial<UserTaste>): UserTaste {
  return {
    genres: [],
    languages: [],
    platforms: [],
    favourites: [],
    liked: [],
    disliked: [],
    watched: [],
    recommended: [],
    ...parts,
  };
}

/**
 * A history import as the product stores it (docs/product-decisions.md): one issued row per title,
 * oldest first, status watched, rated 1 (like), 0 (dislike) or not at all; buildTaste then reads
 * them as `recommended` and `watched` (all), `liked` and `disliked` (the rated ones). No
 * favourites: the import replaces picking them.
 */
export function importTaste(known: readonly string[], verdicts: Int8Array, genres: string[]): UserTaste {
  return userTaste({
    genres,
    liked: known.filter((_, k) => verdicts[k] === 1),
    disliked: known.filter((_, k) => verdicts[k] === -1),
    watched: [...known],
    recommended: [...known],
  });
}

export function engineScorer(index: CatalogIndex, neighbours: Neighbours, weights: Partial<EngineWeights>): Scorer {
  const idOf = index.titles.map((t) => t.id);
  return {
    score(query, out) {
      const known = Array.from(query.profile, (i) => idOf[i]);
      const taste: UserTaste = query.imported
        ? importTaste(known, query.imported, query.genres)
        : userTaste({
          genres: query.genres,
          favourites: query.onboarding ? known : [],
          liked: query.onboarding ? [] : known,
        });
      out.fill(-Infinity);
      const ranked = rankAll(index, taste, { seed: 1, weights, limit: DEPTH }, neighbours);
      ranked.forEach((r, p) => { out[index.idToIdx.get(r.titleId)!] = DEPTH - p; });
    },
  };
}

/**
 * Validation grid over the engine's exported options. The first candidate is the product as
 * shipped (DEFAULT_WEIGHTS and NEIGHBOUR_DEFAULTS, chosen on this validation item); each other one
 * moves one option away from it, so the run shows whether validation still picks the defaults.
 * k above 100 is left out: it costs the product memory (k 200 is 160 MB at 100,000 titles) for a
 * validation gain within noise.
 */
export function engineCandidates(): EngineParams[] {
  const nb = (neighbours: NeighbourOptions): EngineParams => ({ neighbours, weights: {} });
  const w = (weights: Partial<EngineWeights>): EngineParams => ({ neighbours: {}, weights });
  return [
    ENGINE_DEFAULTS,
    nb({ window: 0, maxPerUser: 40 }),
    nb({ window: 8 }),
    nb({ window: 30 }),
    nb({ k: 50 }),
    nb({ shrinkage: 10 }),
    w({ recencyHalfLife: 0 }),
    w({ recencyHalfLife: 4 }),
    w({ popularity: 0.2 }),
    w({ popularity: 1 }),
    w({ onboardingGenre: 0.6 }),
    w({ content: DEFAULT_WEIGHTS.content }),
    w({ profileNormalization: 0.5 }),
  ];
}

export function engineRunner(d: SplitDataset, itemGenres: readonly (readonly string[])[], candidates = engineCandidates()): ModelRunner<EngineParams> {
  const index = buildIndex(toEngineTitles(d, itemGenres));
  const idOf = index.titles.map((t) => t.id);
  const fit = (history: History, params: EngineParams) =>
    engineScorer(index, buildNeighbours(historyInteractions(history, idOf), params.neighbours), params.weights);
  return {
    name: 'engine',
    tune(setup: P1Setup, log) {
      // Neighbour tables are the expensive part: build each (k, shrinkage) once.
      const tables = new Map<string, Neighbours>();
      const interactions = historyInteractions(setup.history, idOf);
      const r = tuneOnValidation(candidates, (p) => {
        const key = JSON.stringify(p.neighbours);
        let table = tables.get(key);
        if (!table) tables.set(key, (table = buildNeighbours(interactions, p.neighbours)));
        return engineScorer(index, table, p.weights);
      }, setup.tuneQueries, setup.tuneValidation, setup.nItems, log);
      return { params: r.best, scorer: r.bestScorer };
    },
    fit,
  };
}
