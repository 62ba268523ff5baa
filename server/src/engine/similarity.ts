import type { CatalogIndex } from './catalog-index.js';
import { ADJACENT_DECADE, BLOCK } from './weights.js';

export function eraKernel(a: number, b: number): number {
  if (a < 0 || b < 0) return 0;
  const gap = Math.abs(a - b);
  return gap === 0 ? 1 : gap === 1 ? ADJACENT_DECADE : 0;
}

/**
 * Content similarity of two titles (by index position) in [0, 1]: the BLOCK-weighted sum of the
 * genre, keyword and people cosines, the era kernel and same-language. The user profile is a
 * weighted sum of these vectors, so a title's content score is exactly the weighted sum of its
 * similarities to the user's titles.
 */
export function similarityAt(index: CatalogIndex, a: number, b: number): number {
  let sim = substantiveSimilarityAt(index, a, b);
  sim += BLOCK.era * eraKernel(index.decade[a], index.decade[b]);
  if (index.lang[a] >= 0 && index.lang[a] === index.lang[b]) sim += BLOCK.language;
  return sim;
}

/** The genre, keyword and people part of similarityAt: what two titles share beyond era and language. */
export function substantiveSimilarityAt(index: CatalogIndex, a: number, b: number): number {
  let sim = 0;
  for (let x = index.genreOff[a]; x < index.genreOff[a + 1]; x++) {
    for (let y = index.genreOff[b]; y < index.genreOff[b + 1]; y++) {
      if (index.genreIds[x] === index.genreIds[y]) sim += BLOCK.genre * index.genreW[x] * index.genreW[y];
    }
  }
  for (let x = index.tokOff[a]; x < index.tokOff[a + 1]; x++) {
    for (let y = index.tokOff[b]; y < index.tokOff[b + 1]; y++) {
      if (index.tokIds[x] === index.tokIds[y]) sim += index.tokW[x] * index.tokW[y];
    }
  }
  return sim;
}

/** similarityAt by title id; 0 when either id is not in the catalog. */
export function titleSimilarity(index: CatalogIndex, a: string, b: string): number {
  const ia = index.idToIdx.get(a);
  const ib = index.idToIdx.get(b);
  return ia === undefined || ib === undefined ? 0 : similarityAt(index, ia, ib);
}
