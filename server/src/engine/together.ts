// A pick for two (docs/product-decisions.md, "A pick for two"). One candidate set for the pair:
// titles neither member has been issued, rated, watched or chose as a favourite (and that the
// household was not picked together before), on a service at least one of them has in their own
// country. Each member's personal score comes from the same score pass a solo pick uses, over that
// same set, turned into a z-score within it so the two are comparable; the blend is least misery
// (the lower of the two z-scores, the mean breaking ties), which `together.test.ts` measured
// against a plain sum on pairs with opposite tastes. No sort of the catalog: the candidates
// (together-candidates.ts), one score pass per member over them, one top-k pass.
import type { CatalogIndex } from './catalog-index.js';
import { markConstraintBreaks } from './constraint-table.js';
import { hasConstraints } from './constraints.js';
import { explain } from './explain.js';
import { buildProfile, releaseProfile } from './profile.js';
import { poolSize, weightedDraw } from './rank.js';
import type { RequestState } from './request-state.js';
import { tokenScoresPair } from './score-pass.js';
import { positionsOf } from './taste-positions.js';
import { TopK } from './top-k.js';
import { classify, markExcluded, rulesOf, whereToWatch, type MemberRules } from './together-candidates.js';
import { memberState, releaseState, resolved, score, stateOf, weightsFor } from './together-member.js';
import { togetherReason } from './together-reason.js';
import type { BlendRule, EngineWeights, Factor, Neighbours, TogetherMember, TogetherOptions, TogetherPick, TogetherRanked } from './types.js';
import { perIndex } from './per-index.js';

/** Keeps language tiers apart whatever the blend: a blend never reaches this size. */
const TIER_GAP = 1e6;
/** The mean's part in least misery: only ever decides between near-equal minimums. */
const TIE_BREAK = 1e-3;

/**
 * Per index, reused by every together request: each member's scores (indexed by title), and the
 * first member's token profile and token parts while the second's profile holds the scratch buffer.
 */
interface PairScratch {
  raw: [Float32Array, Float32Array];
  tokenProfile: Float32Array;
  tokenScore: Float32Array;
}
const pairScratchOf = perIndex<PairScratch>((index) => ({
  raw: [new Float32Array(index.size), new Float32Array(index.size)],
  tokenProfile: new Float32Array(index.scratch.tokenProfile.length),
  tokenScore: new Float32Array(index.size),
}));

interface Scored {
  candidates: Int32Array;
  fallback: boolean;
  rules: MemberRules[];
  weights: EngineWeights;
  /** Per member: z = (score - mean) * inv (inv 0 when every candidate scores alike). */
  mean: [number, number];
  inv: [number, number];
  raw: [Float32Array, Float32Array];
  /** The second member's state, still built, when scorePair was asked to keep it. */
  second?: RequestState;
}

/**
 * Classification, then one score pass per member into its own buffer (indexed by title), with its
 * mean and spread. `keepSecond`: the second member's state is left built (in `second`) for the
 * reason; the caller releases it, before any other state is built (they share the scratch buffers).
 */
function scorePair(index: CatalogIndex, members: readonly [TogetherMember, TogetherMember], opts: TogetherOptions, neighbours: Neighbours | undefined, keepSecond = false): Scored {
  const rules = members.map((m) => rulesOf(index, m));
  const epoch = markExcluded(index, members, opts.exclude ?? []);
  const limits = opts.constraints ? { ...opts.constraints, seed: opts.seed } : null;
  if (limits && hasConstraints(limits)) markConstraintBreaks(index, limits, index.scratch.excludedStamp, epoch);
  const { candidates, fallback } = classify(index, rules, epoch, opts.kind);
  const weights = weightsFor(index, opts, neighbours);
  const pair = pairScratchOf(index);
  const { raw } = pair;
  const mean: [number, number] = [0, 0];
  const inv: [number, number] = [0, 0];
  /** Member m's scores (scratch.score) into raw[m], with their mean and spread. */
  const keep = (m: number) => {
    const out = raw[m];
    const scores = index.scratch.score;
    let sum = 0;
    for (let c = 0; c < candidates.length; c++) {
      const i = candidates[c];
      out[i] = scores[i];
      sum += scores[i];
    }
    const mu = candidates.length > 0 ? sum / candidates.length : 0;
    let sq = 0;
    for (let c = 0; c < candidates.length; c++) {
      const d = out[candidates[c]] - mu;
      sq += d * d;
    }
    const sd = candidates.length > 1 ? Math.sqrt(sq / candidates.length) : 0;
    mean[m] = mu;
    inv[m] = sd > 1e-9 ? 1 / sd : 0;
  };
  // Both members' token parts in one read of the candidates' tokens: the first member's token
  // profile moves to a buffer of its own while the second's is built in the scratch one.
  const firstProfile = buildProfile(index, members[0].taste, weights, positionsOf(index, members[0].taste));
  const touched = firstProfile.touchedTokens.slice();
  for (const tok of touched) pair.tokenProfile[tok] = index.scratch.tokenProfile[tok];
  releaseProfile(index, firstProfile);
  let second: RequestState | undefined;
  try {
    second = stateOf(index, members[1], rules[1], candidates, weights, neighbours, opts.seed, fallback);
    tokenScoresPair(index, candidates, { profile: pair.tokenProfile, touched, out: pair.tokenScore }, second.profile.touchedTokens);
    const first = score(stateOf(index, members[0], rules[0], candidates, weights, neighbours, opts.seed, fallback, firstProfile), pair.tokenScore);
    keep(0);
    releaseState(first);
    score(second, index.scratch.tokenScore);
    keep(1);
  } catch (error) {
    if (second) releaseState(second);
    throw error;
  } finally {
    for (const tok of touched) pair.tokenProfile[tok] = 0;
  }
  if (!keepSecond) {
    releaseState(second);
    second = undefined;
  }
  return { candidates, fallback, rules, weights, mean, inv, raw, second };
}

function blendOf(rule: BlendRule, za: number, zb: number, ra: number, rb: number): number {
  if (rule === 'sum') return za + zb;
  if (rule === 'raw_sum') return ra + rb;
  return Math.min(za, zb) + TIE_BREAK * (za + zb) * 0.5;
}

function tierOf(index: CatalogIndex, rules: readonly MemberRules[], i: number): number {
  const lang = index.lang[i];
  let tier = 0;
  for (const r of rules) if (!r.anyLanguage && !(lang >= 0 && r.preferred[lang] === 1)) tier++;
  return tier;
}

/** tierOf per language id (+ 1, so -1 unknown is entry 0): one lookup per title in the hot loop. */
function tierTable(index: CatalogIndex, rules: readonly MemberRules[]): Uint8Array {
  const table = new Uint8Array(index.languages.length + 1);
  for (let l = -1; l < index.languages.length; l++) {
    let tier = 0;
    for (const r of rules) if (!r.anyLanguage && !(l >= 0 && r.preferred[l] === 1)) tier++;
    table[l + 1] = tier;
  }
  return table;
}

/**
 * Every candidate of the pair with both z-scores and the blend, best first (tier, then blend).
 * For tests and measurements: the product calls recommendTogether, which never sorts.
 */
export function rankTogether(index: CatalogIndex, pair: readonly [TogetherMember, TogetherMember], opts: TogetherOptions, neighbours?: Neighbours): TogetherRanked[] {
  const members = resolved(index, pair);
  const s = scorePair(index, members, opts, neighbours);
  const rule = opts.blend ?? 'least_misery';
  const out: TogetherRanked[] = [];
  for (let c = 0; c < s.candidates.length; c++) {
    const i = s.candidates[c];
    const ra = s.raw[0][i];
    const rb = s.raw[1][i];
    const z: [number, number] = [(ra - s.mean[0]) * s.inv[0], (rb - s.mean[1]) * s.inv[1]];
    out.push({ titleId: index.titles[i].id, z, blend: blendOf(rule, z[0], z[1], ra, rb), tier: tierOf(index, s.rules, i) });
  }
  return out.sort((a, b) => a.tier - b.tier || b.blend - a.blend);
}

export function recommendTogether(
  index: CatalogIndex,
  pair: readonly [TogetherMember, TogetherMember],
  opts: TogetherOptions,
  neighbours?: Neighbours,
): TogetherPick | null {
  const members = resolved(index, pair);
  const s = scorePair(index, members, opts, neighbours, true);
  try {
    return drawTogether(index, members, opts, neighbours, s);
  } finally {
    if (s.second) releaseState(s.second);
  }
}

/** The draw from the pair's best blends, where to watch it, and the reason (the second state is released here once read). */
function drawTogether(index: CatalogIndex, members: readonly [TogetherMember, TogetherMember], opts: TogetherOptions, neighbours: Neighbours | undefined, s: Scored): TogetherPick | null {
  const { candidates } = s;
  if (candidates.length === 0) return null;
  const rule = opts.blend ?? 'least_misery';
  const k = poolSize(candidates.length, s.weights.exploreTop);
  const heap = new TopK(k);
  const [a, b] = s.raw;
  const tiers = tierTable(index, s.rules);
  const { lang } = index;
  const [meanA, meanB] = s.mean;
  const [invA, invB] = s.inv;
  for (let c = 0; c < candidates.length; c++) {
    const i = candidates[c];
    const za = (a[i] - meanA) * invA;
    const zb = (b[i] - meanB) * invB;
    const key = blendOf(rule, za, zb, a[i], b[i]) - TIER_GAP * tiers[lang[i] + 1];
    if (heap.size === k && key <= heap.worst()) continue;
    heap.offer(i, key);
  }
  const size = heap.size;
  const ids = new Uint32Array(size);
  const keys = new Float32Array(size);
  heap.drainInto(ids, keys, 0);
  // The draw stays in the best tier, as a solo pick's does.
  const bestTier = tierOf(index, s.rules, ids[0]);
  const pool: number[] = [];
  const poolKeys: number[] = [];
  for (let p = 0; p < size; p++) {
    if (tierOf(index, s.rules, ids[p]) !== bestTier) continue;
    pool.push(ids[p]);
    poolKeys.push(keys[p]);
  }
  const idx = pool[weightedDraw(poolKeys, s.weights.exploreTemperature, opts.seed)];
  const z: [number, number] = [(a[idx] - s.mean[0]) * s.inv[0], (b[idx] - s.mean[1]) * s.inv[1]];
  const { platform, owners } = whereToWatch(index, s.rules, s.fallback, idx);
  // The second member's state is still built: its factors first, then it goes, then the first member's is built again.
  const second = s.second ? explain(s.second, idx, 0).factors : undefined;
  if (s.second) releaseState(s.second);
  s.second = undefined;
  const factors = [memberFactors(index, members[0], s, 0, idx, opts.seed, neighbours), second ?? memberFactors(index, members[1], s, 1, idx, opts.seed, neighbours)];
  return {
    titleId: index.titles[idx].id,
    score: blendOf(rule, z[0], z[1], a[idx], b[idx]),
    memberScores: z,
    platform,
    owners,
    reason: togetherReason(index, idx, members, factors, platform, owners, s.fallback, opts.locale),
  };
}

/** What pushed the title up for member n: the factors a solo explanation finds, re-derived for that title alone. */
function memberFactors(index: CatalogIndex, member: TogetherMember, s: Scored, n: number, idx: number, seed: number, neighbours: Neighbours | undefined): Factor[] {
  const state = memberState(index, member, s.rules[n], Int32Array.of(idx), s.weights, neighbours, seed, s.fallback);
  try {
    return explain(state, idx, 0).factors;
  } finally {
    releaseState(state);
  }
}
