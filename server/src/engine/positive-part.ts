// The keyword-and-people part of a candidate's score (before the content weight), as two sums: the
// part the profile's positives (favourites, likes, watched titles) give it and the part its
// dislikes take away. The positives change only when the user likes or watches something, while
// every dislike's weight moves with each pick issued (profile.ts: dislikes fade by places), so the
// positives' part is kept for the last few profiles of each catalog index and worked out only for
// the candidates it does not hold yet; the dislikes' part is worked out for each pass, from their
// own token profile (withSideProfile).
//
// An entry is found by the positives themselves (each position and weight, compared exactly), so
// a changed profile never gets an old part, and a title's part is always worked out the same way
// (its tokens read against the positives' token profile), so a pick is the same whether its part
// was kept or not.
import type { CatalogIndex } from './catalog-index.js';
import { perIndex } from './per-index.js';
import type { WeightedTitle } from './profile.js';
import { addTitleTokens, clearTokenProfile, readTitleTokens } from './tokens.js';

/** Profiles kept per index: each holds one number per title (400 KB at 100,000 titles). */
export const POSITIVE_PARTS = 8;

interface Entry {
  /** Position and weight of each positive, in the profile's order (null: free). */
  key: Float64Array | null;
  part: Float32Array;
  /** One bit per title: its part is in `part`. */
  known: Uint32Array;
  used: number;
}

interface Parts {
  entries: Entry[];
  clock: number;
  /** One side's token profile (positives or dislikes), zero between uses, and its tokens listed. */
  side: Float32Array;
  sideTouched: Uint8Array;
  sideList: number[];
}

const partsOf = perIndex<Parts>((index) => ({
  entries: [],
  clock: 0,
  side: new Float32Array(index.tokens.length),
  sideTouched: new Uint8Array(index.tokens.length),
  sideList: [],
}));

/** The token profile of `titles` (each title's tokens times its weight, times `sign`) into parts.side. */
function buildSide(index: CatalogIndex, parts: Parts, titles: readonly WeightedTitle[], sign: 1 | -1): void {
  for (const t of titles) addTitleTokens(index, t.idx, sign * t.weight, parts.side, parts.sideTouched, parts.sideList);
}

function clearSide(parts: Parts): void {
  clearTokenProfile(parts.side, parts.sideTouched, parts.sideList);
}

function sameKey(key: Float64Array | null, titles: readonly WeightedTitle[]): boolean {
  if (key === null || key.length !== titles.length * 2) return false;
  for (let k = 0; k < titles.length; k++) {
    if (key[2 * k] !== titles[k].idx || key[2 * k + 1] !== titles[k].weight) return false;
  }
  return true;
}

/** The kept entry of these positives, or the least recently used one made theirs (holding no title yet). */
function entryFor(index: CatalogIndex, parts: Parts, positives: readonly WeightedTitle[]): Entry {
  parts.clock++;
  for (const entry of parts.entries) {
    if (sameKey(entry.key, positives)) {
      entry.used = parts.clock;
      return entry;
    }
  }
  let entry: Entry;
  if (parts.entries.length < POSITIVE_PARTS) {
    entry = { key: null, part: new Float32Array(index.size), known: new Uint32Array(Math.ceil(index.size / 32)), used: 0 };
    parts.entries.push(entry);
  } else {
    entry = parts.entries.reduce((a, b) => (b.used < a.used ? b : a));
    entry.known.fill(0);
  }
  const key = new Float64Array(positives.length * 2);
  positives.forEach((p, k) => {
    key[2 * k] = p.idx;
    key[2 * k + 1] = p.weight;
  });
  entry.key = key;
  entry.used = parts.clock;
  return entry;
}

/**
 * The positives' part of every candidate, in the returned array at the candidate's position (read
 * only; valid until the next call for this index). Only candidates the kept part lacks are worked
 * out; a title's bit is set only once its part is in, so a pass that throws leaves nothing wrong.
 */
export function positivePart(index: CatalogIndex, positives: readonly WeightedTitle[], candidates: Int32Array): Float32Array {
  const parts = partsOf(index);
  const { part, known } = entryFor(index, parts, positives);
  let built = false;
  try {
    for (let c = 0; c < candidates.length; c++) {
      const i = candidates[c];
      if ((known[i >>> 5] & (1 << (i & 31))) !== 0) continue;
      if (!built) {
        buildSide(index, parts, positives, 1);
        built = true;
      }
      part[i] = readTitleTokens(index, parts.side, i);
      known[i >>> 5] |= 1 << (i & 31);
    }
  } finally {
    if (built) clearSide(parts);
  }
  return part;
}

/**
 * Runs `use` with the token profile of `titles` (each title's tokens times its weight, times
 * `sign`) and its tokens listed, as score-pass.ts's tokenScores reads a profile: the dislikes'
 * part of a pass is that read.
 */
export function withSideProfile(index: CatalogIndex, titles: readonly WeightedTitle[], sign: 1 | -1, use: (side: Float32Array, touched: readonly number[]) => void): void {
  const parts = partsOf(index);
  try {
    buildSide(index, parts, titles, sign);
    use(parts.side, parts.sideList);
  } finally {
    clearSide(parts);
  }
}
