// Honest reasons on MovieLens (docs/quality.md, "Honest reasons"): for every user's pick, how
// much of its score each liked title carries (the share a reason would name it by), checked
// against held-out data the engine never saw: do other users who have that liked title in train
// hold the pick out (validation or test item) more often than chance? And the pick's taste fit:
// where it is low, is the engine's ranking of the user's held-out item any better than
// MostPopular's? "The user's services" are simulated as seeded random shares of the catalog,
// always holding the user's test item.
import { buildIndex, buildNeighbours, type CatalogIndex, type NeighbourTable } from '../../../server/src/engine/index.js';
import { LOW_FIT, NAMED_SHARE, tasteShares } from '../../../server/src/engine/honesty.js';
import { prepare, release } from '../../../server/src/engine/scoring.js';
import type { SplitDataset } from './dataset.js';
import { historyInteractions, toEngineTitles, userTaste } from './engine.js';
import { itemCounts, itemUsers } from './model.js';
import { p1Setup } from './protocols/p1.js';

/** Share-of-score bins for a liked title's part of the pick. */
export const SHARE_EDGES = [0, 0.02, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 1.0001];
/** Taste-fit bins for the pick. */
export const FIT_EDGES = [-Infinity, 0.02, 0.03, 0.04, 0.05, 0.06, 0.08, 0.1, 0.15, 0.2, Infinity];
/** The share of the catalog on the simulated services. */
export const SERVICE_SHARES = [1, 0.25, 0.1, 0.05, 0.02, 0.01];
/** Per pick, this many of the liked titles with the largest shares are taken out one at a time (the counterfactual). */
const COUNTERFACTUALS = 3;
/** The draw's pool: a pick is drawn from the best few (rank.ts, exploreTop 5). */
const POOL = 5;

export interface ShareBin {
  from: number;
  to: number;
  pairs: number;
  observed: number;
  expected: number;
  /** Held-out co-occurrence over chance. */
  lift: number | null;
  /** Of the pairs taken out (the largest shares of each pick), how many; and how often the pick then left the draw's pool. */
  removed: number;
  leftPool: number | null;
}
export interface FitBin { from: number; to: number; picks: number; engineHR10: number | null; mostpopHR10: number | null }
export interface ReasonsReport {
  users: number;
  /** Every (pick, liked title) pair with a positive share, by share. */
  shares: ShareBin[];
  /** Every (user, service size) pick, by taste fit. */
  fits: FitBin[];
  /** The shipped thresholds read against the bins: named (share >= NAMED_SHARE) vs not, and the picks below LOW_FIT. */
  thresholds: {
    namedShare: number;
    named: { pairs: number; lift: number; leftPool: number | null };
    /** Shares from 0.02 to the threshold (below 0.02 is any title of the history). */
    notNamed: { pairs: number; lift: number; leftPool: number | null };
    lowFit: number;
    low: { picks: number; engineHR10: number | null; mostpopHR10: number | null };
    rest: { picks: number; engineHR10: number | null; mostpopHR10: number | null };
  };
  /** Per service share: the picks' taste fits (quartiles) and how many fell below each fit edge. */
  fitBySize: Array<{ share: number; p25: number; median: number; p75: number; below: Record<string, number> }>;
}

/** A seeded hash in [0, 1) for (user, item, size): whether the item is on the user's simulated services. */
function unit(u: number, i: number, s: number): number {
  let h = Math.imul(u + 1, 0x9e3779b1) ^ Math.imul(i + 1, 0x85ebca6b) ^ Math.imul(s + 1, 0xc2b2ae35);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h >>> 0) / 4294967296;
}

function binOf(edges: readonly number[], value: number): number {
  for (let b = 0; b + 1 < edges.length; b++) if (value >= edges[b] && value < edges[b + 1]) return b;
  return edges.length - 2;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export function measureReasons(d: SplitDataset, itemGenres: readonly (readonly string[])[], log: (line: string) => void): ReasonsReport {
  const setup = p1Setup(d, itemGenres);
  const index: CatalogIndex = buildIndex(toEngineTitles(d, itemGenres));
  const ids = index.titles.map((t) => t.id);
  const neighbours: NeighbourTable = buildNeighbours(historyInteractions(setup.history, ids));
  const n = d.users.length;
  const trainSets = d.train.map((list) => new Set(list));
  const trainCount = itemCounts(setup.history);
  const holdersOf = itemUsers(setup.history);
  // Who holds each item out (validation or test): the truth the neighbour table never saw.
  const heldBy: number[][] = Array.from({ length: d.items.length }, () => []);
  for (let v = 0; v < n; v++) for (const h of new Set([d.validation[v], d.test[v]])) if (h >= 0) heldBy[h].push(v);
  const shareBins = SHARE_EDGES.slice(0, -1).map(() => ({ pairs: 0, observed: 0, expected: 0, removed: 0, left: 0 }));
  const fitBins = FIT_EDGES.slice(0, -1).map(() => ({ picks: 0, engine: 0, mostpop: 0 }));
  const fitsBySize = SERVICE_SHARES.map(() => [] as number[]);
  const popOrder = (a: number, b: number) => trainCount[b] - trainCount[a] || a - b;

  for (let u = 0; u < n; u++) {
    const test = d.test[u];
    if (test < 0) continue;
    const taste = userTaste({ genres: setup.queries[u].genres, liked: Array.from(d.train[u], (i) => ids[i]) });
    const state = prepare(index, taste, { seed: 1 }, neighbours);
    const counterfactuals: Array<{ s: number; on: number[]; pick: number; p: number; part: number }> = [];
    try {
      const score = index.scratch.score;
      const candidates = Array.from(state.candidates);
      SERVICE_SHARES.forEach((share, s) => {
        const on = candidates.filter((i) => i === test || share >= 1 || unit(u, i, s) < share);
        if (on.length === 0) return;
        const byScore = [...on].sort((a, b) => score[b] - score[a] || a - b);
        const pick = byScore[0];
        const shares = tasteShares(state, pick);
        const fit = shares.fit ?? 0;
        fitsBySize[s].push(fit);
        const fb = fitBins[binOf(FIT_EDGES, fit)];
        fb.picks++;
        if (byScore.indexOf(test) < 10) fb.engine++;
        if ([...on].sort(popOrder).indexOf(test) < 10) fb.mostpop++;
        // The pick's held-out rate among users who do not have it in train.
        const chance = heldBy[pick].filter((v) => v !== u && !trainSets[v].has(pick)).length / Math.max(1, n - 1 - trainCount[pick]);
        const strongest = [...shares.share].filter(([, part]) => part > 0).sort((a, b) => b[1] - a[1]).slice(0, COUNTERFACTUALS);
        counterfactuals.push(...strongest.map(([p, part]) => ({ s, on, pick, p, part })));
        for (const [p, part] of shares.share) {
          if (!(part > 0)) continue;
          const sb = shareBins[binOf(SHARE_EDGES, part)];
          sb.pairs++;
          sb.observed += heldBy[pick].filter((v) => v !== u && trainSets[v].has(p) && !trainSets[v].has(pick)).length;
          let holders = 0;
          for (let x = holdersOf.start[p]; x < holdersOf.start[p + 1]; x++) {
            const v = holdersOf.users[x];
            if (v !== u && !trainSets[v].has(pick)) holders++;
          }
          sb.expected += holders * chance;
        }
      });
    } finally {
      release(state);
    }
    // Without the liked title, is the pick still among the best few on the same services?
    for (const c of counterfactuals.splice(0)) {
      if (c.s !== 0 && c.s !== 2) continue;
      const without = userTaste({ genres: taste.genres, liked: taste.liked.filter((id) => id !== ids[c.p]) });
      const again = prepare(index, without, { seed: 1 }, neighbours);
      try {
        const score = index.scratch.score;
        const rank = c.on.filter((i) => i !== c.p && (score[i] > score[c.pick] || (score[i] === score[c.pick] && i < c.pick))).length;
        const sb = shareBins[binOf(SHARE_EDGES, c.part)];
        sb.removed++;
        if (rank >= POOL) sb.left++;
      } finally {
        release(again);
      }
    }
    if ((u + 1) % 200 === 0) log(`reasons: ${u + 1} of ${n} users`);
  }
  const rate = (hits: number, of: number) => (of > 0 ? hits / of : null);
  return {
    users: n,
    shares: shareBins.map((b, k) => ({
      from: SHARE_EDGES[k],
      to: SHARE_EDGES[k + 1],
      pairs: b.pairs,
      observed: b.observed,
      expected: b.expected,
      lift: b.expected > 0 ? b.observed / b.expected : null,
      removed: b.removed,
      leftPool: rate(b.left, b.removed),
    })),
    thresholds: thresholdsOf(shareBins, fitBins),
    fits: fitBins.map((b, k) => ({ from: FIT_EDGES[k], to: FIT_EDGES[k + 1], picks: b.picks, engineHR10: rate(b.engine, b.picks), mostpopHR10: rate(b.mostpop, b.picks) })),
    fitBySize: SERVICE_SHARES.map((share, s) => {
      const sorted = [...fitsBySize[s]].sort((a, b) => a - b);
      const below = Object.fromEntries(FIT_EDGES.filter(Number.isFinite).map((e) => [String(e), sorted.filter((f) => f < e).length / Math.max(1, sorted.length)]));
      return { share, p25: quantile(sorted, 0.25), median: quantile(sorted, 0.5), p75: quantile(sorted, 0.75), below };
    }),
  };
}

type Counts = { pairs: number; observed: number; expected: number; removed: number; left: number };

function thresholdsOf(shares: Counts[], fits: Array<{ picks: number; engine: number; mostpop: number }>): ReasonsReport['thresholds'] {
  const sum = (bins: Counts[]) => {
    const t = bins.reduce((a, b) => ({ pairs: a.pairs + b.pairs, observed: a.observed + b.observed, expected: a.expected + b.expected, removed: a.removed + b.removed, left: a.left + b.left }));
    return { pairs: t.pairs, lift: t.observed / t.expected, leftPool: t.removed > 0 ? t.left / t.removed : null };
  };
  const fitSum = (bins: typeof fits) => {
    const t = bins.reduce((a, b) => ({ picks: a.picks + b.picks, engine: a.engine + b.engine, mostpop: a.mostpop + b.mostpop }), { picks: 0, engine: 0, mostpop: 0 });
    return { picks: t.picks, engineHR10: t.picks ? t.engine / t.picks : null, mostpopHR10: t.picks ? t.mostpop / t.picks : null };
  };
  return {
    namedShare: NAMED_SHARE,
    named: sum(shares.filter((_, k) => SHARE_EDGES[k] >= NAMED_SHARE)),
    notNamed: sum(shares.filter((_, k) => SHARE_EDGES[k] >= 0.02 && SHARE_EDGES[k + 1] <= NAMED_SHARE)),
    lowFit: LOW_FIT,
    low: fitSum(fits.filter((_, k) => FIT_EDGES[k + 1] <= LOW_FIT)),
    rest: fitSum(fits.filter((_, k) => FIT_EDGES[k] >= LOW_FIT)),
  };
}

const f = (x: number | null, digits = 3) => (x === null || !Number.isFinite(x) ? '-' : x.toFixed(digits));

export function formatReasons(r: ReasonsReport): string {
  const lines = [`Liked title's share of the pick's score vs held-out co-occurrence (${r.users} users, all service sizes)`, '| share | pairs | observed | expected | lift | taken out | pick left the pool |', '|---|---|---|---|---|---|---|'];
  for (const b of r.shares) lines.push(`| ${f(b.from, 2)}-${f(Math.min(1, b.to), 2)} | ${b.pairs} | ${b.observed} | ${f(b.expected, 1)} | ${f(b.lift, 2)} | ${b.removed} | ${f(b.leftPool)} |`);
  lines.push('', "Pick's taste fit vs HR@10 of the held-out test item within the services", '| fit | picks | engine HR@10 | MostPopular HR@10 |', '|---|---|---|---|');
  for (const b of r.fits) lines.push(`| ${f(b.from)} to ${f(b.to)} | ${b.picks} | ${f(b.engineHR10)} | ${f(b.mostpopHR10)} |`);
  const t = r.thresholds;
  lines.push('', `Named (share >= ${t.namedShare}): ${t.named.pairs} pairs, lift ${f(t.named.lift, 2)}, pick left the pool without it ${f(t.named.leftPool)}`);
  lines.push(`Not named (0.02 to ${t.namedShare}): ${t.notNamed.pairs} pairs, lift ${f(t.notNamed.lift, 2)}, pick left the pool without it ${f(t.notNamed.leftPool)}`);
  lines.push(`Low fit (< ${t.lowFit}): ${t.low.picks} picks, engine HR@10 ${f(t.low.engineHR10)}, MostPopular ${f(t.low.mostpopHR10)}; the rest: ${t.rest.picks} picks, ${f(t.rest.engineHR10)} vs ${f(t.rest.mostpopHR10)}`);
  lines.push('', 'Taste fit of the pick by share of the catalog on the services', `| services | p25 | median | p75 | below ${LOW_FIT} |`, '|---|---|---|---|---|');
  for (const s of r.fitBySize) lines.push(`| ${s.share * 100}% | ${f(s.p25)} | ${f(s.median)} | ${f(s.p75)} | ${f(s.below[String(LOW_FIT)], 3)} |`);
  return lines.join('\n');
}
