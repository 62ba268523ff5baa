// Keyword and people tokens of every title as IDF-weighted sparse vectors (CSR). Strings are
// hashed once per occurrence; everything after the first pass works on numeric ids.
import { keywordKey } from './moods.js';
import { BLOCK, CAST_WEIGHT, DIRECTOR_WEIGHT } from './weights.js';
import type { EngineTitle } from './types.js';
import { transpose } from './transpose.js';

export interface TokenTable {
  /** "k:<keyword>" or "p:<person>". */
  tokens: string[];
  keywordToken: Map<string, number>;
  personToken: Map<string, number>;
  tokOff: Uint32Array;
  tokIds: Uint32Array;
  tokW: Float32Array;
  postOff: Uint32Array;
  postTitle: Uint32Array;
  postW: Float32Array;
}

const KEYWORD = 0;
const PERSON = 1;
/** A token's role weight by role code (keyword, director, cast): one byte per occurrence, not eight. */
const ROLE_WEIGHT = [1, DIRECTOR_WEIGHT, CAST_WEIGHT];
const [AS_KEYWORD, AS_DIRECTOR, AS_CAST] = [0, 1, 2];

export function buildTokens(titles: readonly EngineTitle[]): TokenTable {
  const n = titles.length;
  const maps = [new Map<string, number>(), new Map<string, number>()];
  const names: string[] = [];
  const blockOf: number[] = [];
  const df: number[] = [];
  const rawOff = new Uint32Array(n + 1);
  // Typed arrays sized by a first count, not growing JS arrays: a 100,000-title build allocated
  // ~80 MB of short-lived memory before, most of it arrays doubling as they grew.
  let bound = 0;
  for (const t of titles) bound += (t.keywords?.length ?? 0) + (t.director ? 1 : 0) + (t.cast?.length ?? 0);
  const rawIds = new Uint32Array(bound);
  const rawRole = new Uint8Array(bound);
  let rawLen = 0;

  // Titles share their keyword and people strings (the catalog interns them): each string is
  // folded and looked up once, not once per occurrence.
  const idOfName = [new Map<string, number>(), new Map<string, number>()];
  const add = (i: number, block: number, name: string | null | undefined, role: number) => {
    if (!name) return;
    let id = idOfName[block].get(name);
    if (id === undefined) {
      const key = block === KEYWORD ? keywordKey(name) : name.trim().toLowerCase();
      id = key ? maps[block].get(key) : -1;
      if (id === undefined) {
        id = names.length;
        maps[block].set(key, id);
        names.push(key);
        blockOf.push(block);
        df.push(0);
      }
      idOfName[block].set(name, id);
    }
    if (id < 0) return;
    for (let x = rawOff[i]; x < rawLen; x++) if (rawIds[x] === id) return;
    rawIds[rawLen] = id;
    rawRole[rawLen++] = role;
    df[id]++;
  };
  titles.forEach((t, i) => {
    rawOff[i] = rawLen;
    for (const k of t.keywords ?? []) add(i, KEYWORD, k, AS_KEYWORD);
    add(i, PERSON, t.director, AS_DIRECTOR);
    for (const c of t.cast ?? []) add(i, PERSON, c, AS_CAST);
    rawOff[i + 1] = rawLen;
  });

  // A token only one title has can never make two titles alike; leaving it out keeps the
  // vocabulary small and stops unique cast names from diluting a shared director.
  const finalId = new Int32Array(names.length).fill(-1);
  const tokens: string[] = [];
  const keywordToken = new Map<string, number>();
  const personToken = new Map<string, number>();
  names.forEach((name, id) => {
    if (df[id] < 2) return;
    finalId[id] = tokens.length;
    (blockOf[id] === KEYWORD ? keywordToken : personToken).set(name, tokens.length);
    tokens.push(`${blockOf[id] === KEYWORD ? 'k' : 'p'}:${name}`);
  });

  const tokOff = new Uint32Array(n + 1);
  const tokIds = new Uint32Array(rawLen);
  const tokW = new Float64Array(rawLen);
  let tokLen = 0;
  const shares = [Math.sqrt(BLOCK.keyword), Math.sqrt(BLOCK.person)];
  for (let i = 0; i < n; i++) {
    for (let block = KEYWORD; block <= PERSON; block++) {
      let norm = 0;
      const start = tokLen;
      for (let x = rawOff[i]; x < rawOff[i + 1]; x++) {
        const id = rawIds[x];
        if (finalId[id] < 0 || blockOf[id] !== block) continue;
        const w = ROLE_WEIGHT[rawRole[x]] * Math.log(1 + n / df[id]);
        tokIds[tokLen] = finalId[id];
        tokW[tokLen++] = w;
        norm += w * w;
      }
      const scale = norm > 0 ? shares[block] / Math.sqrt(norm) : 0;
      for (let x = start; x < tokLen; x++) tokW[x] *= scale;
    }
    tokOff[i + 1] = tokLen;
  }
  const ids = tokIds.slice(0, tokLen);
  const weights = Float32Array.from(tokW.subarray(0, tokLen));
  return { tokens, keywordToken, personToken, tokOff, tokIds: ids, tokW: weights, ...postings(tokOff, ids, weights, tokens.length) };
}

/** Token -> titles, so a user's profile touches only the titles that share one of its tokens. */
function postings(tokOff: Uint32Array, tokIds: Uint32Array, tokW: Float32Array, vocab: number) {
  const t = transpose(tokOff, tokIds, tokW, vocab, (n) => new Float32Array(n));
  return { postOff: t.off, postTitle: t.rows, postW: t.values };
}

/** The CSR part of a token table a title's tokens are read from. */
type TitleTokens = Pick<TokenTable, 'tokOff' | 'tokIds' | 'tokW'>;

/**
 * Adds title i's tokens, times `weight`, to a token profile (`weights`), listing each token it
 * touches for the first time in `list` (flagged in `touched`), so clearTokenProfile can zero it.
 */
export function addTitleTokens(table: TitleTokens, i: number, weight: number, weights: Float32Array, touched: Uint8Array, list: number[]): void {
  const { tokOff, tokIds, tokW } = table;
  for (let x = tokOff[i]; x < tokOff[i + 1]; x++) {
    const tok = tokIds[x];
    if (touched[tok] === 0) {
      touched[tok] = 1;
      list.push(tok);
    }
    weights[tok] += weight * tokW[x];
  }
}

/** Zeroes the tokens addTitleTokens listed, and empties the list. */
export function clearTokenProfile(weights: Float32Array, touched: Uint8Array, list: number[]): void {
  for (const tok of list) {
    weights[tok] = 0;
    touched[tok] = 0;
  }
  list.length = 0;
}

/** Title i's tokens read against a token profile. */
export function readTitleTokens(table: TitleTokens, weights: Float32Array, i: number): number {
  const { tokOff, tokIds, tokW } = table;
  let sum = 0;
  for (let x = tokOff[i]; x < tokOff[i + 1]; x++) sum += tokW[x] * weights[tokIds[x]];
  return sum;
}
