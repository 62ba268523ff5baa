// A pick for two reads both members' token parts in one pass over the candidates' tokens: each
// part must be exactly (bit for bit) the one a pass for that member alone makes, whichever way
// (postings or the candidates' own tokens) the pass would have taken.
import { describe, expect, it } from 'vitest';
import { buildIndex } from './build-index.js';
import { seededRandom } from './random.js';
import { tokenScores, tokenScoresPair } from './score-pass.js';
import { int, sample, syntheticCatalog } from './testing/synthetic.js';

describe('tokenScoresPair', () => {
  it('gives each member the token parts a pass of their own gives, for 60 random pairs', () => {
    const rng = seededRandom(11);
    const index = buildIndex(syntheticCatalog(3000, 5));
    const vocab = index.tokens.length;
    const titles = [...Array(index.size).keys()];
    for (let k = 0; k < 60; k++) {
      // Profiles of a handful of tokens (the postings are cheaper) to hundreds (the candidates' tokens are).
      const profile = () => {
        const touched = sample(rng, [...Array(vocab).keys()], int(rng, 1, k % 2 ? 8 : 400));
        const weights = new Float32Array(vocab);
        for (const t of touched) weights[t] = rng() * 2 - 1;
        return { weights, touched };
      };
      const a = profile();
      const b = profile();
      const candidates = Int32Array.from(sample(rng, titles, int(rng, 1, index.size)).sort((x, y) => x - y));
      const aloneA = new Float32Array(index.size);
      const aloneB = new Float32Array(index.size);
      tokenScores(index, candidates, a.weights, a.touched, aloneA);
      tokenScores(index, candidates, b.weights, b.touched, aloneB);
      const outA = new Float32Array(index.size);
      index.scratch.tokenProfile.set(b.weights);
      tokenScoresPair(index, candidates, { profile: a.weights, touched: a.touched, out: outA }, b.touched);
      const differ = [...candidates].filter((i) => !Object.is(outA[i], aloneA[i]) || !Object.is(index.scratch.tokenScore[i], aloneB[i]));
      expect(differ).toEqual([]);
      index.scratch.tokenProfile.fill(0);
    }
  });
});
