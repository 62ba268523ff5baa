import type { EngineTitle } from './types.js';

/** Rotten Tomatoes % on the IMDb scale: 100% ~ 9.0, 50% ~ 6.75 (critics and users differ). */
function rtOnImdbScale(rt: number): number {
  return 4.5 + 0.045 * rt;
}

function observedRating(t: EngineTitle): number | null {
  const imdb = typeof t.imdb === 'number' && Number.isFinite(t.imdb) ? t.imdb : null;
  const rt = typeof t.rt === 'number' && Number.isFinite(t.rt) ? rtOnImdbScale(t.rt) : null;
  if (imdb !== null && rt !== null) return 0.6 * imdb + 0.4 * rt;
  return imdb ?? rt;
}

function clampFame(fame: number): number {
  return Number.isFinite(fame) ? Math.min(5, Math.max(1, fame)) : 3;
}

/** Prior weight (in pseudo-ratings) of the catalog mean against one title's rating. */
const PRIOR_STRENGTH = 6;

/**
 * Bayesian-shrunk quality as a z-score over the catalog: a rating counts as 2 + 2 x fame
 * pseudo-ratings against the catalog mean, so a niche title's 9.0 is trusted less than a
 * household name's 8.5. Titles with no rating get 0 (neither pushed nor held back).
 */
export function qualityScores(titles: readonly EngineTitle[]): Float32Array {
  const out = new Float32Array(titles.length);
  const observed = titles.map(observedRating);
  const rated = observed.filter((r): r is number => r !== null);
  if (rated.length === 0) return out;
  const mean = rated.reduce((a, b) => a + b, 0) / rated.length;
  const shrunk = titles.map((t, i) => {
    const r = observed[i];
    if (r === null) return null;
    const evidence = 2 + 2 * clampFame(t.fame);
    return (evidence * r + PRIOR_STRENGTH * mean) / (evidence + PRIOR_STRENGTH);
  });
  let variance = 0;
  for (const q of shrunk) if (q !== null) variance += (q - mean) ** 2;
  const sd = Math.max(0.1, Math.sqrt(variance / rated.length));
  shrunk.forEach((q, i) => {
    if (q !== null) out[i] = Math.max(-3, Math.min(3, (q - mean) / sd));
  });
  return out;
}

/** Editorial fame centred on 0: household names +1, niche -1, unknown (3) 0. */
export function famePrior(titles: readonly EngineTitle[]): Float32Array {
  return Float32Array.from(titles, (t) => (clampFame(t.fame) - 3) / 2);
}
