// Keyword and people tokens of every title as IDF-weighted sparse vectors (CSR). Strings are
// hashed once per occurrence; everything after the first pass works on numeric ids.
import { keywordKey } from './moods.js';
import { BLOCK, CAST_WEIGHT, DIRECTOR_WEIGHT } from './weights.js';
import type { EngineTitle } from './types.js';

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

export function buildTokens(titles: readonly EngineTitle[]): TokenTable {
  const n = titles.length;
  const maps = [new Map<string, number>(), new Map<string, number>()];
  const names: string[] = [];
  const blockOf: number[] = [];
  const df: number[] = [];
  const rawOff = new Uint32Array(n + 1);
  const rawIds: number[] = [];
  const rawRole: number[] = [];

  const add = (i: number, block: number, name: string | null | undefined, role: number) => {
    const key = block === KEYWORD ? keywordKey(name ?? '') : (name ?? '').trim().toLowerCase();
    if (!key) return;
    let id = maps[block].get(key);
    if (id === undefined) {
      id = names.length;
      maps[block].set(key, id);
      names.push(key);
      blockOf.push(block);
      df.push(0);
    }
    for (let x = rawOff[i]; x < rawIds.length; x++) if (rawIds[x] === id) return;
    rawIds.push(id);
    rawRole.push(role);
    df[id]++;
  };
  titles.forEach((t, i) => {
    rawOff[i] = rawIds.length;
    for (const k of t.keywords ?? []) add(i, KEYWORD, k, 1);
    add(i, PERSON, t.director, DIRECTOR_WEIGHT);
    for (const c of t.cast ?? []) add(i, PERSON, c, CAST_WEIGHT);
    rawOff[i + 1] = rawIds.length;
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
  const tokIds: number[] = [];
  const tokW: number[] = [];
  const shares = [Math.sqrt(BLOCK.keyword), Math.sqrt(BLOCK.person)];
  for (let i = 0; i < n; i++) {
    for (const block of [KEYWORD, PERSON]) {
      let norm = 0;
      const start = tokIds.length;
      for (let x = rawOff[i]; x < rawOff[i + 1]; x++) {
        const id = rawIds[x];
        if (finalId[id] < 0 || blockOf[id] !== block) continue;
        const w = rawRole[x] * Math.log(1 + n / df[id]);
        tokIds.push(finalId[id]);
        tokW.push(w);
        norm += w * w;
      }
      const scale = norm > 0 ? shares[block] / Math.sqrt(norm) : 0;
      for (let x = start; x < tokW.length; x++) tokW[x] *= scale;
    }
    tokOff[i + 1] = tokIds.length;
  }
  const ids = Uint32Array.from(tokIds);
  const weights = Float32Array.from(tokW);
  return { tokens, keywordToken, personToken, tokOff, tokIds: ids, tokW: weights, ...postings(tokOff, ids, weights, tokens.length) };
}

/** Token -> titles, so a user's profile touches only the titles that share one of its tokens. */
function postings(tokOff: Uint32Array, tokIds: Uint32Array, tokW: Float32Array, vocab: number) {
  const postOff = new Uint32Array(vocab + 1);
  for (const tok of tokIds) postOff[tok + 1]++;
  for (let t = 0; t < vocab; t++) postOff[t + 1] += postOff[t];
  const cursor = postOff.slice(0, vocab);
  const postTitle = new Uint32Array(tokIds.length);
  const postW = new Float32Array(tokIds.length);
  for (let i = 0; i + 1 < tokOff.length; i++) {
    for (let x = tokOff[i]; x < tokOff[i + 1]; x++) {
      const at = cursor[tokIds[x]]++;
      postTitle[at] = i;
      postW[at] = tokW[x];
    }
  }
  return { postOff, postTitle, postW };
}
