// Validation-only exploration of engine options, as used to choose the shipped defaults
// (docs/quality.md, "How the defaults were chosen"). It never reads a test item:
//   npx tsx scripts/bench/quality/explore.ts --data ../shared/data/ml-100k-chrono-loo-split \
//     --p1 '[{"neighbours":{"window":20},"weights":{}}]' \
//     --cold '[{"name":"trending 7 days","trendingDays":7}]' [--timestamps ../shared/data/ml-100k/u.data]
// --p1 scores each candidate on P1's validation item. --cold runs the cold-start protocol with two
// validation-side targets: the user's validation item (the literal target's stand-in) and the
// train interaction right after the kept ones. Cold candidates may add a trending popularity
// (history likes up to the user's onboarding time, halved every trendingDays; needs u.data
// timestamps) or a genre-conditioned one (likes of history users who declare the same genres).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildIndex, buildNeighbours, type Neighbours, type NeighbourTable } from '../../../server/src/engine/index.js';
import { buildKnnTable, itemKnn } from './baselines/itemknn.js';
import { mostPopular } from './baselines/mostpop.js';
import type { SplitDataset } from './dataset.js';
import { engineScorer, historyInteractions, toEngineTitles, type EngineParams } from './engine.js';
import { toOurGenres, topGenres } from './genres.js';
import { loadLooSplit } from './loaders/looSplit.js';
import { summarise } from './metrics.js';
import { evaluate, type History, type Scorer } from './model.js';
import { COLD_SIZES } from './protocols/coldStart.js';
import { DECLARED_GENRES, p1Setup } from './protocols/p1.js';

interface ColdCandidate extends Partial<EngineParams> {
  name: string;
  trendingDays?: number;
  genrePopularity?: boolean;
}

const { values } = parseArgs({ options: { data: { type: 'string' }, p1: { type: 'string' }, cold: { type: 'string' }, timestamps: { type: 'string' } } });
if (!values.data) throw new Error('--data DIR (a loo-split folder) is required');
const { dataset: d } = loadLooSplit(values.data);
const itemGenres = d.items.map((it) => toOurGenres(it.genres));
const index = buildIndex(toEngineTitles(d, itemGenres));
const idOf = index.titles.map((t) => t.id);
const f4 = (x: number) => x.toFixed(4);

if (values.p1) {
  const setup = p1Setup(d, itemGenres);
  const interactions = historyInteractions(setup.history, idOf);
  for (const p of JSON.parse(values.p1) as EngineParams[]) {
    const scorer = engineScorer(index, buildNeighbours(interactions, p.neighbours), p.weights);
    const m = summarise(evaluate(scorer, setup.queries, setup.validation, setup.nItems));
    console.log(`${JSON.stringify(p)}: validation NDCG@10 ${f4(m['NDCG@10'])} HR@10 ${f4(m['HR@10'])}`);
  }
}

if (values.cold) cold(JSON.parse(values.cold) as ColdCandidate[]);

/** Seconds since 1970 of each (user, item) train interaction, from ML-100K's u.data. */
function timestamps(dataset: SplitDataset, path: string): (u: number, item: number) => number {
  const at = new Map<string, number>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const [u, i, , t] = line.split('\t');
    if (t) at.set(`${u}:${i}`, Number(t));
  }
  return (u, item) => at.get(`${dataset.users[u]}:${dataset.items[item].id}`) ?? 0;
}

/** The table's co-likes with another popularity in place of its support. */
function withSupport(table: NeighbourTable, support: Float32Array): Neighbours {
  const row = new Map(idOf.map((id, i) => [id, i]));
  return { of: (id) => table.of(id), support: (id) => support[row.get(id) ?? -1] ?? 0 };
}

function cold(candidates: ColdCandidate[]): void {
  const timeOf = values.timestamps ? timestamps(d, values.timestamps) : null;
  const declared = d.train.map((l) => topGenres(itemGenres, l, DECLARED_GENRES));
  const names = ['mostpop', 'itemknn', ...candidates.map((c) => c.name)];
  const targets = ['validation', 'next'] as const;
  const ranks = new Map(targets.flatMap((t) => names.flatMap((n) => COLD_SIZES.map((s) => [`${t}|${n}|${s}`, new Int32Array(d.users.length)] as const))));
  const folds = 10;
  for (let f = 0; f < folds; f++) {
    const inFold = (u: number) => u % folds === f;
    const history: History = { nItems: d.items.length, lists: d.train.map((l, u) => (inFold(u) ? new Int32Array(0) : l)) };
    const testUsers = d.train.map((_, u) => u).filter(inFold);
    const interactions = historyInteractions(history, idOf);
    const perUser: Record<string, (u: number, size: number) => Scorer> = {};
    const shared: Record<string, Scorer> = { mostpop: mostPopular(history), itemknn: itemKnn(buildKnnTable(history, 0, 25), 25) };
    for (const c of candidates) {
      const table = buildNeighbours(interactions, c.neighbours ?? {});
      const weights = c.weights ?? {};
      if (c.trendingDays && timeOf) {
        const halfLife = c.trendingDays * 86_400;
        perUser[c.name] = (u, size) => {
          const now = timeOf(u, d.train[u][Math.min(size, d.train[u].length) - 1]);
          const support = new Float32Array(d.items.length);
          history.lists.forEach((l, v) => l.forEach((i) => { const t = timeOf(v, i); if (t <= now) support[i] += 0.5 ** ((now - t) / halfLife); }));
          return engineScorer(index, withSupport(table, support), weights);
        };
      } else if (c.genrePopularity) {
        const byGenres = new Map<string, Scorer>();
        perUser[c.name] = (u) => {
          const key = declared[u].join('|');
          let scorer = byGenres.get(key);
          if (!scorer) {
            const support = new Float32Array(d.items.length);
            history.lists.forEach((l, v) => { if (declared[v].some((g) => declared[u].includes(g))) l.forEach((i) => support[i]++); });
            byGenres.set(key, (scorer = engineScorer(index, withSupport(table, support), weights)));
          }
          return scorer;
        };
      } else shared[c.name] = engineScorer(index, table, weights);
    }
    for (const size of COLD_SIZES) {
      for (const name of names) {
        for (const target of targets) {
          const out = ranks.get(`${target}|${name}|${size}`)!;
          for (const u of testUsers) {
            const item = target === 'validation' ? (d.train[u].length >= size ? d.validation[u] : -1) : (d.train[u].length > size ? d.train[u][size] : -1);
            const query = { profile: d.train[u].subarray(0, size), genres: declared[u], user: -1, onboarding: true };
            const scorer = shared[name] ?? perUser[name](u, size);
            out[u] = evaluate(scorer, [query], Int32Array.of(item), d.items.length)[0];
          }
        }
      }
    }
  }
  for (const target of targets) {
    console.log(`cold start, target: ${target === 'validation' ? 'validation item' : 'next interaction'} (HR@10/NDCG@10 at ${COLD_SIZES.join(', ')} favourites)`);
    for (const name of names) {
      const cells = COLD_SIZES.map((s) => summarise(ranks.get(`${target}|${name}|${s}`)!)).map((m) => `${f4(m['HR@10'])}/${f4(m['NDCG@10'])}`);
      console.log(`  ${name.padEnd(28)} ${cells.join('  ')}`);
    }
  }
}
