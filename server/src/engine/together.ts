// A pick for two (docs/product-decisions.md, "A pick for two"). One candidate set for the pair:
// titles neither member has been issued, rated, watched or chose as a favourite (and that the
// household was not picked together before), on a service at least one of them has in their own
// country. Each member's personal score comes from the same score pass a solo pick uses, over that
// same set, turned into a z-score within it so the two are comparable; the blend is least misery
// (the lower of the two z-scores, the mean breaking ties), which `together.test.ts` measured
// against a plain sum on pairs with opposite tastes. No sort of the catalog: one classification
// pass, one score pass per member, one top-k pass.
import type { CatalogIndex } from './catalog-index.js';
import { hasConstraints, markConstraintBreaks } from './constraints.js';
import { collaborativePass, releaseCollaborative, supportPopularity } from './collaborative.js';
import { explain } from './explain.js';
import { NeighbourTable } from './neighbours.js';
import { gatherOnPlatforms } from './on-platforms.js';
import { buildProfile, releaseProfile, type UserProfile } from './profile.js';
import { seededRandom } from './random.js';
import type { RequestState } from './request-state.js';
import { scoreCandidates, tokenScoresPair } from './score-pass.js';
import { positionsOf, resolvePositions } from './taste-positions.js';
import { TopK } from './top-k.js';
import { togetherReason } from './together-reason.js';
import type { EngineWeights, Factor, Neighbours, RecommendOptions, UserTaste } from './types.js';
import { defaultWeights, resolveWeights } from './weights.js';

export interface TogetherMember {
  /** The name the reason uses ("Asha"). */
  name: string;
  taste: UserTaste;
  /** The member's country: their services count where they stream there (or GLOBAL). */
  region?: string | null;
}

/**
 * least_misery: min(zA, zB), the mean breaking ties (the product's rule). sum: zA + zB.
 * raw_sum: the plain sum of the two personal scores, unnormalised. The last two exist to be
 * measured against (together.test.ts), never for the product.
 */
export type BlendRule = 'least_misery' | 'sum' | 'raw_sum';

export interface TogetherOptions {
  /** Same seed and inputs, same pick. */
  seed: number;
  kind?: 'movie' | 'series';
  /** Titles the household was picked together before: never again. */
  exclude?: readonly string[];
  /**
   * Tonight's hard constraints for the pair (constraints.ts: time budget, finish tonight,
   * exclusions, age limit): a title breaking one is never a candidate, exactly as for a solo
   * pick. The caller decides whose: the service gives the asker's time and both members'
   * exclusions and the lower age limit.
   */
  constraints?: Pick<RecommendOptions, 'maxMinutes' | 'finishTonight' | 'exclusions' | 'maxAge'>;
  weights?: Partial<EngineWeights>;
  blend?: BlendRule;
}

export interface TogetherPick {
  titleId: string;
  /** The blended score (z-score units for least_misery). */
  score: number;
  /** Each member's z-score for the title within the candidate set, in member order. */
  memberScores: [number, number];
  /** The service to show; null when availability is unknown (no candidate on either's services). */
  platform: string | null;
  /** The members (0, 1) who have `platform` in their country; both when they share it. */
  owners: number[];
  reason: string;
}

/** One entry of rankTogether: a candidate with each member's z-score and the blend. */
export interface TogetherRanked {
  titleId: string;
  z: [number, number];
  blend: number;
  /** Members who do not have the title's language among theirs (0 is the best tier). */
  tier: number;
}

/** Keeps language tiers apart whatever the blend: a blend never reaches this size. */
const TIER_GAP = 1e6;
/** The mean's part in least misery: only ever decides between near-equal minimums. */
const TIE_BREAK = 1e-3;

interface MemberRules {
  restricted: boolean;
  onTarget: Uint8Array;
  targetMask: number;
  targets: number[];
  regional: boolean;
  allowed: Uint8Array;
  preferred: Uint8Array;
  anyLanguage: boolean;
}

/** Per index: two score buffers (one per member), reused by every together request. */
const buffers = new WeakMap<CatalogIndex, [Float32Array, Float32Array]>();
function scoreBuffers(index: CatalogIndex): [Float32Array, Float32Array] {
  let b = buffers.get(index);
  if (!b) buffers.set(index, (b = [new Float32Array(index.size), new Float32Array(index.size)]));
  return b;
}

function rulesOf(index: CatalogIndex, member: TogetherMember): MemberRules {
  const onTarget = new Uint8Array(index.platforms.length);
  const targets: number[] = [];
  let targetMask = 0;
  for (const name of member.taste.platforms) {
    const id = index.platformIdx.get(name.trim().toLowerCase());
    if (id === undefined || targets.includes(id)) continue;
    targets.push(id);
    onTarget[id] = 1;
    if (id < 31) targetMask |= 1 << id;
  }
  const allowed = new Uint8Array(index.regionSets.length);
  const code = member.region?.trim().toUpperCase();
  const regional = !!code && index.regionSets.length > 1;
  if (regional) {
    allowed[0] = 1;
    for (const r of [code, 'GLOBAL']) {
      const sets = index.setsWithRegion.get(r);
      if (sets) for (let s = 0; s < sets.length; s++) allowed[sets[s]] = 1;
    }
  }
  const preferred = new Uint8Array(index.languages.length);
  for (const name of member.taste.languages) {
    const id = index.langIdx.get(name.trim().toLowerCase());
    if (id !== undefined) preferred[id] = 1;
  }
  return { restricted: member.taste.platforms.length > 0, onTarget, targetMask, targets, regional, allowed, preferred, anyLanguage: member.taste.languages.length === 0 };
}

/** Title i streams on one of the member's services in their country. */
function hasIt(index: CatalogIndex, r: MemberRules, i: number): boolean {
  const mask = index.platMask[i];
  if ((mask & r.targetMask) === 0 && mask < 0x80000000) return false;
  for (let x = index.platOff[i]; x < index.platOff[i + 1]; x++) {
    if (r.onTarget[index.platIds[x]] === 1 && (!r.regional || r.allowed[index.platRegion[x]] === 1)) return true;
  }
  return false;
}

/** Both histories and the household's together picks, stamped with one epoch of the index's scratch. */
function markExcluded(index: CatalogIndex, members: readonly TogetherMember[], exclude: readonly string[]): number {
  const scratch = index.scratch;
  if (scratch.epoch >= 0xfffffffe) {
    scratch.excludedStamp.fill(0);
    scratch.epoch = 0;
  }
  const epoch = ++scratch.epoch;
  for (const m of members) {
    const h = positionsOf(index, m.taste);
    for (const l of [h.recommended, h.liked, h.disliked, h.watched, h.favourites]) {
      for (let i = 0; i < l.length; i++) if (l[i] >= 0) scratch.excludedStamp[l[i]] = epoch;
    }
  }
  for (const id of exclude) {
    const idx = index.idToIdx.get(id);
    if (idx !== undefined) scratch.excludedStamp[idx] = epoch;
  }
  return epoch;
}

/**
 * The pair's candidates into scratch.candidateList (or, when none is on either's services, the
 * titles of unknown availability). Neither member with services: any title, as for a solo pick.
 * The hot loop of a together pick: plain locals, the two members unrolled, the platform bit masks
 * as the first filter.
 */
function classify(index: CatalogIndex, rules: readonly MemberRules[], epoch: number, opts: TogetherOptions): { candidates: Int32Array; fallback: boolean } {
  const { excludedStamp, candidateList, unknownList } = index.scratch;
  const { series, platMask } = index;
  const wantSeries = opts.kind === 'series' ? 1 : opts.kind === 'movie' ? 0 : -1;
  const [r0, r1] = rules;
  const restricted = r0.restricted || r1.restricted;
  const mask0 = r0.restricted ? r0.targetMask : 0;
  const mask1 = r1.restricted ? r1.targetMask : 0;
  if (restricted) {
    // Through the services' own title lists when they are short; none found: the pass below finds the unknown ones.
    const gathered = gatherOnPlatforms(index, rules.filter((r) => r.restricted), epoch, wantSeries, candidateList);
    if (gathered > 0) return { candidates: candidateList.subarray(0, gathered), fallback: false };
  }
  let chosen = 0;
  let unknown = 0;
  for (let i = 0; i < index.size; i++) {
    if (excludedStamp[i] === epoch || (wantSeries >= 0 && series[i] !== wantSeries)) continue;
    if (!restricted) {
      candidateList[chosen++] = i;
      continue;
    }
    const mask = platMask[i];
    if (mask === 0) {
      unknownList[unknown++] = i;
      continue;
    }
    // On none of either member's platforms in any region: never looked up.
    if ((mask & (mask0 | mask1)) === 0 && mask < 0x80000000) continue;
    // Without a country the bit says it all (as for a solo pick); with one, the entries' regions decide.
    const on0 = (mask & mask0) !== 0 ? !r0.regional || hasIt(index, r0, i) : mask >= 0x80000000 && r0.restricted && hasIt(index, r0, i);
    const on1 = on0 || ((mask & mask1) !== 0 ? !r1.regional || hasIt(index, r1, i) : mask >= 0x80000000 && r1.restricted && hasIt(index, r1, i));
    if (on1) candidateList[chosen++] = i;
  }
  if (chosen > 0 || !restricted) return { candidates: candidateList.subarray(0, chosen), fallback: false };
  return { candidates: unknownList.subarray(0, unknown), fallback: true };
}

function weightsFor(index: CatalogIndex, opts: TogetherOptions, neighbours: Neighbours | undefined): EngineWeights {
  const hasCoLikes = neighbours instanceof NeighbourTable ? neighbours.nbr.length > 0 : neighbours !== undefined;
  return resolveWeights(opts.weights, defaultWeights(index.richFeatures, hasCoLikes));
}

/** A solo request state for one member over the pair's candidates, not scored yet (`profile`: built already). Release it. */
function stateOf(index: CatalogIndex, member: TogetherMember, r: MemberRules, candidates: Int32Array, weights: EngineWeights, neighbours: Neighbours | undefined, seed: number, fallback: boolean, profile?: UserProfile): RequestState {
  const history = positionsOf(index, member.taste);
  return {
    index,
    taste: member.taste,
    history,
    opts: { seed, region: member.region ?? null },
    neighbours,
    weights,
    profile: profile ?? buildProfile(index, member.taste, weights, history),
    mood: null,
    popularity: supportPopularity(index, neighbours),
    collaborativeTouched: [],
    targetPlatforms: r.targets,
    restricted: r.restricted,
    fallback,
    regional: r.regional,
    preferredLanguage: r.preferred,
    hasLanguagePreference: !r.anyLanguage,
    candidates,
    saved: [],
  };
}

/** Scores the state's candidates into scratch.score (`tokens`: their token parts, worked out already). Released on error. */
function score(state: RequestState, tokens?: Float32Array): RequestState {
  try {
    state.collaborativeTouched = collaborativePass(state.index, state.profile, state.neighbours);
    scoreCandidates(state, tokens);
  } catch (error) {
    releaseState(state);
    throw error;
  }
  return state;
}

/** A solo request state for one member over the pair's candidates; scored into scratch.score. Release it. */
function memberState(index: CatalogIndex, member: TogetherMember, r: MemberRules, candidates: Int32Array, weights: EngineWeights, neighbours: Neighbours | undefined, seed: number, fallback: boolean): RequestState {
  return score(stateOf(index, member, r, candidates, weights, neighbours, seed, fallback));
}

/** Per index: the first member's token profile and token parts while the second's profile holds the scratch buffer. */
const pairTokens = new WeakMap<CatalogIndex, { profile: Float32Array; out: Float32Array }>();
function pairTokenBuffers(index: CatalogIndex): { profile: Float32Array; out: Float32Array } {
  let b = pairTokens.get(index);
  if (!b) pairTokens.set(index, (b = { profile: new Float32Array(index.scratch.tokenProfile.length), out: new Float32Array(index.size) }));
  return b;
}

function releaseState(state: RequestState): void {
  releaseProfile(state.index, state.profile);
  releaseCollaborative(state.index, state.collaborativeTouched);
  state.collaborativeTouched = [];
}

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

/** Each member's history resolved once per request (the passes below read it several times). */
function resolved(index: CatalogIndex, members: readonly [TogetherMember, TogetherMember]): [TogetherMember, TogetherMember] {
  const one = (m: TogetherMember): TogetherMember => (m.taste.positions ? m : { ...m, taste: { ...m.taste, positions: resolvePositions(index, m.taste) } });
  return [one(members[0]), one(members[1])];
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
  const { candidates, fallback } = classify(index, rules, epoch, opts);
  const weights = weightsFor(index, opts, neighbours);
  const raw = scoreBuffers(index);
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
  const pair = pairTokenBuffers(index);
  const firstProfile = buildProfile(index, members[0].taste, weights, positionsOf(index, members[0].taste));
  const touched = firstProfile.touchedTokens.slice();
  for (const tok of touched) pair.profile[tok] = index.scratch.tokenProfile[tok];
  releaseProfile(index, firstProfile);
  let second: RequestState | undefined;
  try {
    second = stateOf(index, members[1], rules[1], candidates, weights, neighbours, opts.seed, fallback);
    tokenScoresPair(index, candidates, { profile: pair.profile, touched, out: pair.out }, second.profile.touchedTokens);
    const first = score(stateOf(index, members[0], rules[0], candidates, weights, neighbours, opts.seed, fallback, firstProfile), pair.out);
    keep(0);
    releaseState(first);
    score(second, index.scratch.tokenScore);
    keep(1);
  } catch (error) {
    if (second) releaseState(second);
    throw error;
  } finally {
    for (const tok of touched) pair.profile[tok] = 0;
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

/** How many of the best titles the draw may choose from: a few, never beyond the top 5% (as a solo pick). */
function poolSize(count: number, exploreTop: number): number {
  return Math.max(1, Math.min(Math.floor(exploreTop), Math.floor(count * 0.05)));
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
  const idx = pool[draw(poolKeys, s.weights.exploreTemperature, opts.seed)];
  const z: [number, number] = [(a[idx] - s.mean[0]) * s.inv[0], (b[idx] - s.mean[1]) * s.inv[1]];
  const { platform, owners } = whereToWatch(index, s, idx);
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
    reason: togetherReason(index, idx, members, factors, platform, owners, s.fallback),
  };
}

/** A seeded draw weighted by exp(-(best - key) / temperature), like a solo pick's. */
function draw(keys: readonly number[], temperature: number, seed: number): number {
  if (keys.length === 1 || !(temperature > 0)) return 0;
  const best = keys[0];
  const odds = keys.map((k) => Math.exp(-(best - k) / temperature));
  let ticket = seededRandom(seed)() * odds.reduce((x, y) => x + y, 0);
  for (let p = 0; p < odds.length; p++) {
    ticket -= odds[p];
    if (ticket < 0) return p;
  }
  return odds.length - 1;
}

/** The service to show and whose it is: one they share first (the asker's order), else the asker's, else the partner's. */
function whereToWatch(index: CatalogIndex, s: Scored, idx: number): { platform: string | null; owners: number[] } {
  if (s.fallback) return { platform: null, owners: [] };
  const has = (r: MemberRules, x: number) => r.restricted && r.onTarget[index.platIds[x]] === 1 && (!r.regional || r.allowed[index.platRegion[x]] === 1);
  const entries: Array<{ x: number; owners: number[] }> = [];
  for (let x = index.platOff[idx]; x < index.platOff[idx + 1]; x++) {
    const owners = [0, 1].filter((m) => has(s.rules[m], x));
    if (owners.length > 0) entries.push({ x, owners });
  }
  const name = (x: number) => {
    const n = index.platforms[index.platIds[x]];
    return index.titles[idx].platforms.find((p) => p.trim().toLowerCase() === n.toLowerCase()) ?? n;
  };
  const byPreference = (m: number) => (e: { x: number }) => s.rules[m].targets.indexOf(index.platIds[e.x]);
  const best =
    entries.filter((e) => e.owners.length === 2).sort((p, q) => byPreference(0)(p) - byPreference(0)(q))[0] ??
    entries.filter((e) => e.owners[0] === 0).sort((p, q) => byPreference(0)(p) - byPreference(0)(q))[0] ??
    entries.sort((p, q) => byPreference(1)(p) - byPreference(1)(q))[0];
  if (best) return { platform: name(best.x), owners: best.owners };
  // Neither member has services: the title's first known one, nobody's in particular.
  return { platform: index.titles[idx].platforms[0] ?? null, owners: [] };
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
