// The badge's fit (engine fitOf) against a pick (recommend) on a synthetic catalog of TITLES titles
// (default 100,000), for users with 200 likes: the fit must cost what a pick costs (one score pass
// and one count, no sort). Interleaved, same users, so machine noise hits both alike. Every other
// fit is of a title in the user's history (scored on its own after the pass).
//   npx tsx scripts/bench/fit.ts   (env TITLES=, ROUNDS=)   prints a table, writes bench-results/fit.json
import { mkdirSync, writeFileSync } from 'node:fs';
import { buildIndex, fitOf, recommend } from '../../server/src/engine/index.js';
import { seededRandom } from '../../server/src/engine/random.js';
import { syntheticCatalog } from '../../server/src/engine/testing/synthetic.js';

const TITLES = Number(process.env.TITLES ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 300);
const WARM_UP = 20;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

const catalog = syntheticCatalog(TITLES, 7);
const t0 = performance.now();
const index = buildIndex(catalog);
const buildMs = performance.now() - t0;
const rng = seededRandom(5);
const fits: number[] = [];
const picks: number[] = [];
for (let r = 0; r < ROUNDS + WARM_UP; r++) {
  const liked = Array.from({ length: 200 }, () => catalog[Math.floor(rng() * TITLES)].id);
  const taste = { genres: ['Drama', 'Thriller'], languages: ['English'], platforms: r % 2 ? ['Netflix'] : [], favourites: liked.slice(0, 5), liked: liked.slice(5), disliked: [], watched: [], recommended: [] };
  const target = r % 2 ? liked[Math.floor(rng() * liked.length)] : catalog[Math.floor(rng() * TITLES)].id;
  let t = performance.now();
  const fit = fitOf(index, taste, target);
  const fitMs = performance.now() - t;
  if (!fit || !(fit.score >= 0 && fit.score <= 1)) throw new Error(`bad fit for ${target}`);
  t = performance.now();
  recommend(index, taste, { seed: r });
  const pickMs = performance.now() - t;
  if (r >= WARM_UP) {
    fits.push(fitMs);
    picks.push(pickMs);
  }
}

const result = {
  measured_at: new Date().toISOString(),
  titles: TITLES,
  rounds: ROUNDS,
  user_likes: 200,
  build_index_ms: Math.round(buildMs),
  fit_ms: { p50: pct(fits, 50), p99: pct(fits, 99) },
  recommend_ms: { p50: pct(picks, 50), p99: pct(picks, 99) },
};
console.log(`catalog ${TITLES.toLocaleString('en')} titles, ${ROUNDS} users with 200 likes (index built in ${result.build_index_ms} ms)`);
console.log('what                p50 (ms)  p99 (ms)');
console.log(`fitOf (badge)     ${result.fit_ms.p50.toFixed(2).padStart(9)} ${result.fit_ms.p99.toFixed(2).padStart(9)}`);
console.log(`recommend (pick)  ${result.recommend_ms.p50.toFixed(2).padStart(9)} ${result.recommend_ms.p99.toFixed(2).padStart(9)}`);
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/fit.json', `${JSON.stringify(result, null, 2)}\n`);
console.log('wrote bench-results/fit.json');
