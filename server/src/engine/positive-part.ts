// The keyword-and-people part of every title's score that a profile's positives (favourites, likes,
// watched titles) give it, kept for the last few profiles of each catalog index. A user's
// positives change only when they like or watch something, while their dislikes' weights move
// with every pick issued (profile.ts: dislikes fade by places in the history), so a pick reads the
// positives' part from here and works out only the dislikes' part (score-pass.ts).
//
// An entry is found by the positives themselves (each position and weight, compared exactly), so
// a changed profile is never served an old part, and the part is always worked out the same way
// (through the postings of the positives' tokens), so a pick is the same whether it was found here
// or not.
import type { CatalogIndex } from './catalog-index.js';
import { perIndex } from './per-index.js';
import type { WeightedTitle } from './profile.js';

/** Profiles kept per index: each holds one number per title (400 KB at 100,000 titles). */
export const POSITIVE_PARTS = 8;

interface Entry {
  /** Position and weight of each positive, in the profile's order (null: not filled). */
  key: Float64Array | null;
  part: Float32Array;
  used: number;
}

interface Parts {
  entries: Entry[];
  clock: number;
  /** A token profile of one side (positives or dislikes), zero between uses, and its tokens listed. */
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

function sameKey(key: Float64Array | null, titles: readonly WeightedTitle[]): boolean {
  if (key === null || key.length !== titles.length * 2) return false;
  for (let k = 0; k < titles.length; k++) {
    if (key[2 * k] !== titles[k].idx || key[2 * k + 1] !== titles[k].weight) return false;
  }
  return true;
}

/**
 * Adds, for every title, the dot product of its tokens with the token profile of `titles` (each
 * title's tokens times its weight, times `sign`) into `out`, through the postings of that
 * profile's tokens.
 */
export function walkSide(index: CatalogIndex, titles: readonly WeightedTitle[], sign: 1 | -1, out: Float32Array): void {
  const parts = partsOf(index);
  const { side, sideTouched, sideList } = parts;
  const { tokOff, tokIds, tokW, postOff, postTitle, postW } = index;
  try {
    for (const t of titles) {
      const weight = sign * t.weight;
      for (let x = tokOff[t.idx]; x < tokOff[t.idx + 1]; x++) {
        const tok = tokIds[x];
        if (sideTouched[tok] === 0) {
          sideTouched[tok] = 1;
          sideList.push(tok);
        }
        side[tok] += weight * tokW[x];
      }
    }
    for (const tok of sideList) {
      const weight = side[tok];
      if (weight === 0) continue;
      for (let x = postOff[tok]; x < postOff[tok + 1]; x++) out[postTitle[x]] += weight * postW[x];
    }
  } finally {
    for (const tok of sideList) {
      side[tok] = 0;
      sideTouched[tok] = 0;
    }
    sideList.length = 0;
  }
}

/** The positives' part for every title (read only; valid until the next call for this index). */
export function positivePart(index: CatalogIndex, positives: readonly WeightedTitle[]): Float32Array {
  const parts = partsOf(index);
  parts.clock++;
  for (const entry of parts.entries) {
    if (sameKey(entry.key, positives)) {
      entry.used = parts.clock;
      return entry.part;
    }
  }
  let entry: Entry;
  if (parts.entries.length < POSITIVE_PARTS) {
    entry = { key: null, part: new Float32Array(index.size), used: 0 };
    parts.entries.push(entry);
  } else {
    entry = parts.entries.reduce((a, b) => (b.used < a.used ? b : a));
    entry.part.fill(0);
  }
  // Keyed only once filled: a walk that throws leaves an entry no profile matches.
  entry.key = null;
  walkSide(index, positives, 1, entry.part);
  const key = new Float64Array(positives.length * 2);
  positives.forEach((p, k) => {
    key[2 * k] = p.idx;
    key[2 * k + 1] = p.weight;
  });
  entry.key = key;
  entry.used = parts.clock;
  return entry.part;
}
