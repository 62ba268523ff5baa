// Engine variants on the history-import protocol (docs/quality.md, "History import"): each
// variant is the engine with some weights overridden, or a different reading of the import.
// Prints HR@10 / NDCG@10 on the validation item (the one to choose by), the next interaction and
// the test item, at each import size. Not part of bench:quality; a tool for the investigation.
// --liked-targets measures only the targets the user rated 4-5 (a like under the import's rule).
//   npx tsx scripts/bench/quality/exploreImport.ts --data ../shared/data/ml-100k-chrono-loo-split [--variants JSON] [--folds N] [--liked-targets]
import { parseArgs } from 'node:util';
import type { EngineWeights } from '../../../server/src/engine/index.js';
import { buildIndex, buildNeighbours, type NeighbourOptions } from '../../../server/src/engine/index.js';
import { mostPopRunner } from './baselines/index.js';
import { engineScorer, historyInteractions, toEngineTitles } from './engine.js';
import { toOurGenres } from './genres.js';
import { loadLooSplit } from './loaders/looSplit.js';
import type { History, Scorer } from './model.js';
import { defaultFolds, type TunedModel } from './protocols/coldStart.js';
import { IMPORT_TARGETS, importVerdict, runImport } from './protocols/import.js';
import type { ModelRunner } from './runner.js';

interface Variant {
  name: string;
  weights?: Partial<EngineWeights>;
  neighbours?: NeighbourOptions;
  /** Read every imported title as a like (ignoring the verdicts): a reference point, not the product. */
  allLikes?: boolean;
  /**
   * Co-likes from the history users' ratings as the product would count them if their histories
   * were imports too: like 1, watched only 0.3, dislike left out (co-likes.ts).
   */
  productColikes?: boolean;
}

const DEFAULT_VARIANTS: Variant[] = [
  { name: 'defaults' },
  { name: 'dislike 0', weights: { dislike: 0 } },
  { name: 'dislike 0.5', weights: { dislike: 0.5 } },
  { name: 'watched 1', weights: { watchedWeight: 1 } },
  { name: 'watched 0.6', weights: { watchedWeight: 0.6 } },
  { name: 'half-life 0', weights: { recencyHalfLife: 0 } },
  { name: 'half-life 4', weights: { recencyHalfLife: 4 } },
  { name: 'half-life 8', weights: { recencyHalfLife: 8 } },
  { name: 'dislike 0, watched 1', weights: { dislike: 0, watchedWeight: 1 } },
  { name: 'all as likes', allLikes: true },
  { name: 'product co-likes', productColikes: true },
];

const { values } = parseArgs({ options: { data: { type: 'string' }, variants: { type: 'string' }, folds: { type: 'string' }, 'liked-targets': { type: 'boolean' } } });
if (!values.data) throw new Error('--data DIR (the loo-split folder) is required');
const variants: Variant[] = values.variants ? JSON.parse(values.variants) : DEFAULT_VARIANTS;
const { dataset: d } = loadLooSplit(values.data);
if (!d.trainRatings) throw new Error('no ratings: ../ml-100k/u.data must sit beside the split');
const itemGenres = d.items.map((it) => toOurGenres(it.genres));
const index = buildIndex(toEngineTitles(d, itemGenres));
const idOf = index.titles.map((t) => t.id);

// History user u's interactions weighted by their rating (the folds pass the lists themselves).
const listOwner = new Map<Int32Array, number>(d.train.map((l, u) => [l, u]));
function productInteractions(history: History) {
  const out: Array<{ userId: string; titleId: string; weight: number }> = [];
  history.lists.forEach((list, u) => {
    const ratings = d.trainRatings![listOwner.get(list) ?? -1];
    for (let k = 0; k < list.length; k++) {
      const v = ratings ? importVerdict(ratings[k]) : 1;
      if (v >= 0) out.push({ userId: String(u), titleId: idOf[list[k]], weight: v === 1 ? 1 : 0.3 });
    }
  });
  return out;
}

function runner(v: Variant): TunedModel {
  const r: ModelRunner<null> = {
    name: v.name,
    tune: () => { throw new Error('not tuned here'); },
    fit(history) {
      const inter = v.productColikes ? productInteractions(history) : historyInteractions(history, idOf);
      const scorer = engineScorer(index, buildNeighbours(inter, v.neighbours ?? {}), v.weights ?? {});
      return v.allLikes ? { score: (q, out) => scorer.score({ ...q, imported: undefined }, out) } satisfies Scorer : scorer;
    },
  };
  return { runner: r as ModelRunner<unknown>, params: null };
}

const folds = values.folds ? Number(values.folds) : defaultFolds(d.users.length);
const run = runImport(d, itemGenres, [...variants.map(runner), { runner: mostPopRunner as ModelRunner<unknown>, params: null }], folds, (l) => console.error(l), undefined, values['liked-targets']);
for (const target of IMPORT_TARGETS) {
  console.log(`\ntarget: ${target} (HR@10 / NDCG@10; users ${JSON.stringify(run.users[target])})`);
  const sizes = Object.keys(run.result[target]);
  console.log(['variant', ...sizes].join(' | '));
  for (const name of [...variants.map((v) => v.name), 'mostpop']) {
    console.log([name, ...sizes.map((s) => {
      const m = run.result[target][s][name];
      return `${m['HR@10'].toFixed(4)} / ${m['NDCG@10'].toFixed(4)}`;
    })].join(' | '));
  }
}
