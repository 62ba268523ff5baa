// Item-item neighbours at product scale: buildNeighbours over a synthetic instance of TITLES
// titles and USERS users (default 100,000 x 100,000), then the engine's request time with that
// table on a synthetic catalog of the same size. Prints a table, writes bench-results/neighbours.json.
//   npx tsx scripts/bench/neighbours.ts   (env TITLES=, USERS=, MEDIAN_LIKES=, K=, WINDOW=; RECOMMEND=0 skips requests)
// K and WINDOW default to the engine's shipped NEIGHBOUR_DEFAULTS.
import { mkdirSync, writeFileSync } from 'node:fs';
import { buildIndex, buildNeighboursInSteps, NEIGHBOUR_DEFAULTS, recommend, type Interaction, type NeighbourTable } from '../../server/src/engine/index.js';
import { seededRandom } from '../../server/src/engine/random.js';
import { syntheticCatalog } from '../../server/src/engine/testing/synthetic.js';

const TITLES = Number(process.env.TITLES ?? 100_000);
const USERS = Number(process.env.USERS ?? 100_000);
const MEDIAN_LIKES = Number(process.env.MEDIAN_LIKES ?? 20);
const K = Number(process.env.K ?? NEIGHBOUR_DEFAULTS.k);
const WINDOW = Number(process.env.WINDOW ?? NEIGHBOUR_DEFAULTS.window);

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const mb = (bytes: number) => bytes / 2 ** 20;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

/** Zipf-like popularity (most titles are rarely liked) mixed with taste: each user has 3 home blocks. */
function* interactions(count: { rows: number }): Generator<Interaction> {
  const rng = seededRandom(2024);
  const cdf = new Float64Array(TITLES);
  let sum = 0;
  for (let i = 0; i < TITLES; i++) cdf[i] = sum += 1 / (i + 10);
  const popular = () => {
    const x = rng() * sum;
    let lo = 0;
    let hi = TITLES - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const block = 1000;
  for (let u = 0; u < USERS; u++) {
    const gaussian = Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
    const likes = Math.max(1, Math.min(2000, Math.round(MEDIAN_LIKES * Math.exp(gaussian))));
    const homes = [0, 1, 2].map(() => Math.floor(rng() * Math.max(1, TITLES / block)) * block);
    for (let l = 0; l < likes; l++) {
      const item = rng() < 0.5 ? Math.min(TITLES - 1, homes[l % 3] + Math.floor(rng() * block)) : popular();
      count.rows++;
      yield { userId: `u${u}`, titleId: `t${item}`, weight: rng() < 0.1 ? 2 : 1 };
    }
  }
}

const rss0 = process.memoryUsage().rss;
const count = { rows: 0 };
const wall0 = performance.now();
const cpu0 = cpuMs();
// Driven in steps as a server would (between steps it can answer requests): the longest step is
// how long a request could wait behind the rebuild. CPU time per step, since on a busy machine
// wall time also counts the moments the OS gave the core to someone else.
const steps = buildNeighboursInSteps(interactions(count), { k: K, window: WINDOW });
let longestStep = 0;
let longestStepWall = 0;
let stepCount = 0;
let table: NeighbourTable;
for (;;) {
  const t = performance.now();
  const c = cpuMs();
  const step = steps.next();
  longestStep = Math.max(longestStep, cpuMs() - c);
  longestStepWall = Math.max(longestStepWall, performance.now() - t);
  stepCount++;
  if (step.done) {
    table = step.value;
    break;
  }
}
const build = { wall_ms: performance.now() - wall0, cpu_ms: cpuMs() - cpu0, steps: stepCount, longest_step_cpu_ms: longestStep, longest_step_wall_ms: longestStepWall };
// The synthetic rows cost something to generate; measured alone so the build's own share is known.
const gen0 = cpuMs();
for (const row of interactions({ rows: 0 })) void row;
const generateCpuMs = cpuMs() - gen0;
const afterBuild = process.memoryUsage();
const peakRss = mb(process.resourceUsage().maxRSS * 1024);

const measureRequests = process.env.RECOMMEND !== '0';
const catalog = syntheticCatalog(measureRequests ? TITLES : 0, 7);
const index = buildIndex(catalog);
const rng = seededRandom(5);
const latencies: number[] = [];
for (let r = 0; measureRequests && r < 300; r++) {
  const liked = Array.from({ length: 200 }, () => `t${Math.floor(rng() * TITLES)}`);
  const taste = { genres: ['Drama', 'Thriller'], languages: ['English'], platforms: r % 2 ? ['Netflix'] : [], favourites: liked.slice(0, 5), liked: liked.slice(5), disliked: [], watched: [], recommended: [] };
  const t = performance.now();
  recommend(index, taste, { seed: r, mood: r % 3 ? undefined : 'dark' }, table);
  if (r >= 20) latencies.push(performance.now() - t);
}

const result = {
  titles: TITLES,
  users: USERS,
  interactions: count.rows,
  k: K,
  window: WINDOW,
  build,
  generate_rows_cpu_ms: generateCpuMs,
  neighbour_rows: table.off[table.off.length - 1],
  table_mb: mb(table.byteLength),
  heap_after_build_mb: mb(afterBuild.heapUsed),
  rss_growth_mb: mb(afterBuild.rss - rss0),
  peak_rss_mb: peakRss,
  recommend_ms: measureRequests ? { p50: pct(latencies, 50), p99: pct(latencies, 99), user_likes: 200 } : null,
};
console.table({
  interactions: count.rows,
  'build wall (s)': (build.wall_ms / 1000).toFixed(1),
  'build CPU incl. row generation (s)': (build.cpu_ms / 1000).toFixed(1),
  'row generation alone CPU (s)': (generateCpuMs / 1000).toFixed(1),
  'longest step CPU (ms)': longestStep.toFixed(1),
  'neighbour table (MB)': result.table_mb.toFixed(1),
  'heap after build (MB)': result.heap_after_build_mb.toFixed(0),
  'peak RSS (MB)': peakRss.toFixed(0),
  'recommend p50 (ms)': result.recommend_ms?.p50.toFixed(2) ?? '-',
  'recommend p99 (ms)': result.recommend_ms?.p99.toFixed(2) ?? '-',
});
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/neighbours.json', JSON.stringify(result, null, 2));
