// Tonight's constraints (engine/constraints.ts): do picks always satisfy them, how often is
// nothing left, and what do they cost? For 400 random users x each constraint, on the built-in
// pack, on the public movies-on-streaming-platforms dataset (runtimes and age ratings of 16,744
// films and 5,368 shows; read from DATA_DIR, never copied into the repository) when it is there,
// and on a 100,000-title synthetic catalog for the time at scale. Prints a table and writes
// bench-results/constraints.json.
//   npm run bench:constraints   (env USERS=400, LARGE_USERS=200, DATA_DIR=../shared/data, LARGE=0 to skip the 100,000 titles)
import { createReadStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { buildIndex, recommend, type CatalogIndex, type EngineTitle, type RecommendOptions, type UserTaste } from '../../server/src/engine/index.js';
import { seededRandom } from '../../server/src/engine/random.js';
import { loadPack } from '../../server/src/engine/testing/pack.js';
import { excludedIds } from '../../server/src/engine/testing/properties.js';
import { int, pick, randomTaste, sample, syntheticCatalog, type Rng } from '../../server/src/engine/testing/synthetic.js';
import { satisfies } from '../../server/src/engine/testing/tonight.js';
import { minimumAge } from '../../server/src/catalog/age-ratings.js';
import { readCsv } from '../../server/src/catalog/sources/csv.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const USERS = Number(process.env.USERS ?? 400);
const LARGE_USERS = Number(process.env.LARGE_USERS ?? 200);
const DATA_DIR = resolve(ROOT, process.env.DATA_DIR ?? '../shared/data');

interface Catalog {
  name: string;
  titles: EngineTitle[];
  users: number;
}

type Scenario = { name: string; options: (rng: Rng, titles: readonly EngineTitle[]) => Partial<RecommendOptions> };

/** The same words a user would type: drawn from the catalog's own genres, keywords and people. */
const vocabularies = new WeakMap<readonly EngineTitle[], { genres: string[]; keywords: string[]; people: string[] }>();

function vocabulary(titles: readonly EngineTitle[]) {
  let v = vocabularies.get(titles);
  if (!v) {
    v = {
      genres: [...new Set(titles.flatMap((t) => t.genres))],
      keywords: [...new Set(titles.slice(0, 5000).flatMap((t) => t.keywords))],
      people: [...new Set(titles.slice(0, 5000).flatMap((t) => [t.director ?? '', ...t.cast]).filter(Boolean))],
    };
    vocabularies.set(titles, v);
  }
  return v;
}

function exclusions(rng: Rng, titles: readonly EngineTitle[], size: 'some' | 'max'): RecommendOptions['exclusions'] {
  const { genres, keywords, people } = vocabulary(titles);
  if (size === 'max') {
    // The most the API allows: 30 of each, 60 characters each (mostly words no title has).
    const pad = (s: string) => `${s} ${'x'.repeat(60)}`.slice(0, 60);
    return {
      genres: [...sample(rng, genres, 1), ...Array.from({ length: 29 }, (_, k) => pad(`genre ${k}`))],
      keywords: [...sample(rng, keywords, 3), ...Array.from({ length: 27 }, (_, k) => pad(`keyword ${k}`))],
      people: [...sample(rng, people, 3), ...Array.from({ length: 27 }, (_, k) => pad(`person ${k}`))],
    };
  }
  return { genres: sample(rng, genres, 1), keywords: sample(rng, keywords, 3), people: sample(rng, people, 2) };
}

const SCENARIOS: Scenario[] = [
  { name: 'none', options: () => ({}) },
  { name: 'budget 60 min', options: () => ({ maxMinutes: 60 }) },
  { name: 'budget 100 min', options: () => ({ maxMinutes: 100 }) },
  { name: 'budget 150 min', options: () => ({ maxMinutes: 150 }) },
  { name: 'finish tonight, 240 min', options: () => ({ maxMinutes: 240, finishTonight: true }) },
  { name: 'finish tonight, series, 240 min', options: () => ({ maxMinutes: 240, finishTonight: true, kind: 'series' }) },
  { name: 'kind movie', options: () => ({ kind: 'movie' }) },
  { name: 'kind series', options: () => ({ kind: 'series' }) },
  { name: 'exclusions (1 genre, 3 keywords, 2 people)', options: (rng, titles) => ({ exclusions: exclusions(rng, titles, 'some') }) },
  { name: 'exclusions, 30 x 60 chars each', options: (rng, titles) => ({ exclusions: exclusions(rng, titles, 'max') }) },
  { name: 'max age 13', options: () => ({ maxAge: 13 }) },
  { name: 'deep cut (exploration 1)', options: () => ({ exploration: 1 }) },
  { name: 'all: 100 min, exclusions, age 13, exploration 0', options: (rng, titles) => ({ maxMinutes: 100, maxAge: 13, exploration: 0, exclusions: exclusions(rng, titles, 'some') }) },
];

/** Whether any title satisfies the constraints and the user's history and platforms allow it (the naive rules). */
function anyCandidate(titles: readonly EngineTitle[], taste: UserTaste, opts: RecommendOptions): boolean {
  const seen = excludedIds(taste);
  // On the user's platforms (any title for a user without), else the unknown-availability fallback (engine README, hard rule 2).
  let fallback = false;
  for (const t of titles) {
    if (seen.has(t.id) || !satisfies(t, opts)) continue;
    if (taste.platforms.length === 0 || t.platforms.some((p) => taste.platforms.includes(p))) return true;
    if (t.platforms.length === 0) fallback = true;
  }
  return fallback;
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

interface Row {
  catalog: string;
  titles: number;
  scenario: string;
  requests: number;
  satisfied: number;
  /** Requests with at least one title the rules allow. */
  possible: number;
  served: number;
  noneLeft: number;
  p50: number;
  p99: number;
  extra: Record<string, number>;
}

function run(catalog: Catalog): Row[] {
  const index: CatalogIndex = buildIndex(catalog.titles);
  const byId = new Map(catalog.titles.map((t) => [t.id, t]));
  const rows: Row[] = [];
  // The same users for every scenario, so the rows compare.
  const userRng = seededRandom(19);
  const users = Array.from({ length: catalog.users }, () => ({ taste: randomTaste(userRng, catalog.titles), seed: int(userRng, 0, 1_000_000) }));
  // Warm up (the index's lazy tables, the JIT) outside the timings.
  for (const s of SCENARIOS) recommend(index, users[0].taste, { seed: 1, ...s.options(seededRandom(1), catalog.titles) });
  const large = catalog.titles.length > 50_000;
  // Every user's request under every constraint, drawn up front; then timed round-robin (each
  // user under each constraint in turn), so a busy machine's drift weighs on every row alike.
  const requests = SCENARIOS.map((scenario) => {
    const rng = seededRandom(7);
    return users.map(({ seed }) => ({ seed, ...scenario.options(rng, catalog.titles) }) as RecommendOptions);
  });
  const times = SCENARIOS.map(() => [] as number[]);
  const picks = SCENARIOS.map(() => [] as Array<ReturnType<typeof recommend>>);
  users.forEach(({ taste }, u) => {
    SCENARIOS.forEach((_, s) => {
      const start = performance.now();
      const rec = recommend(index, taste, requests[s][u]);
      times[s].push(performance.now() - start);
      picks[s].push(rec);
    });
  });
  SCENARIOS.forEach((scenario, s) => {
    let satisfied = 0;
    let possible = 0;
    let served = 0;
    let noneLeft = 0;
    const fame: number[] = [];
    users.forEach(({ taste, seed }, u) => {
      const opts = requests[s][u];
      const rec = picks[s][u];
      // The naive check of "was anything allowed" costs a catalog scan: on the large catalog it runs for a quarter of the users.
      if ((!large || seed % 4 === 0) && anyCandidate(catalog.titles, taste, opts)) {
        possible++;
        if (rec) served++;
      }
      if (!rec) {
        noneLeft++;
        return;
      }
      const title = byId.get(rec.titleId)!;
      if (satisfies(title, opts)) satisfied++;
      fame.push(title.fame);
    });
    const sorted = times[s].sort((a, b) => a - b);
    rows.push({
      catalog: catalog.name,
      titles: catalog.titles.length,
      scenario: scenario.name,
      requests: users.length,
      satisfied,
      possible,
      served,
      noneLeft,
      p50: quantile(sorted, 0.5),
      p99: quantile(sorted, 0.99),
      extra: { meanFame: fame.length ? fame.reduce((a, b) => a + b, 0) / fame.length : NaN },
    });
  });
  return rows;
}

/** The public dataset's films and shows as engine titles (runtime and age where it has them; no keywords). */
async function streamingDataset(dir: string): Promise<EngineTitle[] | null> {
  const folder = join(dir, 'movies-on-streaming-platforms');
  if (!existsSync(folder)) return null;
  const titles: EngineTitle[] = [];
  for (const [file, kind] of [['MoviesOnStreamingPlatforms_updated.csv', 'movie'], ['tv_shows.csv', 'series']] as const) {
    let header: string[] | null = null;
    for await (const record of readCsv(createReadStream(join(folder, file)))) {
      const f = record.fields;
      if (!header) {
        header = f;
        continue;
      }
      const at = (name: string) => f[header!.indexOf(name)] ?? '';
      const flags = [['Netflix', 'Netflix'], ['Hulu', 'Hulu'], ['Prime', 'Prime Video'], ['Prime Video', 'Prime Video'], ['Disney', 'Disney+'], ['Disney+', 'Disney+']];
      const imdb = Number.parseFloat(at('IMDb'));
      const runtime = Number.parseInt(at('Runtime'), 10);
      titles.push({
        id: `${kind}:${at('ID')}`,
        kind,
        title: at('Title'),
        year: Number(at('Year')) || 0,
        genres: at('Genres').split(',').filter(Boolean).slice(0, 3),
        language: at('Language').split(',')[0] ?? '',
        runtime: kind === 'movie' && runtime > 0 ? runtime : null,
        seasons: null,
        imdb: imdb > 0 ? imdb : null,
        rt: Number.parseInt(at('Rotten Tomatoes'), 10) || null,
        // No editorial fame: the IMDb rating stands in, 1-5.
        fame: imdb > 0 ? Math.max(1, Math.min(5, Math.round(imdb - 3.5))) : 3,
        keywords: [],
        director: at('Directors').split(',')[0] || null,
        cast: [],
        platforms: [...new Set(flags.filter(([col]) => header!.includes(col) && at(col) === '1').map(([, name]) => name))],
        minAge: minimumAge(at('Age')),
      });
    }
  }
  return titles;
}

/** Synthetic titles with the facts the constraints read (episode runtimes, counts, ratings). */
function largeCatalog(size: number): EngineTitle[] {
  const rng = seededRandom(4);
  return syntheticCatalog(size, 12).map((t) => ({
    ...t,
    runtime: t.runtime ?? (rng() < 0.85 ? pick(rng, [22, 30, 45, 60]) : null),
    episodes: t.kind === 'series' && rng() < 0.5 ? int(rng, 1, 12) : null,
    minAge: rng() < 0.7 ? pick(rng, [0, 7, 12, 13, 16, 18]) : null,
  }));
}

const pct = (n: number, d: number) => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`);

async function main(): Promise<void> {
  const catalogs: Catalog[] = [];
  const pack = loadPack();
  if (pack) catalogs.push({ name: 'built-in pack', titles: pack, users: USERS });
  const streaming = await streamingDataset(DATA_DIR);
  if (streaming) catalogs.push({ name: 'streaming dataset', titles: streaming, users: USERS });
  else console.log(`(${DATA_DIR}/movies-on-streaming-platforms not found: that catalog is skipped)`);
  if (process.env.LARGE !== '0') catalogs.push({ name: 'synthetic 100k', titles: largeCatalog(100_000), users: LARGE_USERS });

  const rows: Row[] = [];
  for (const c of catalogs) {
    const started = performance.now();
    rows.push(...run(c));
    console.log(`${c.name}: ${c.titles.length} titles, ${c.users} users x ${SCENARIOS.length} constraints in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const baseline = new Map(rows.filter((r) => r.scenario === 'none').map((r) => [r.catalog, r]));
  console.log('catalog            | constraint                                      | satisfied | hit rate  | none left | p50 ms | p99 ms | vs none p50/p99 | mean fame');
  for (const r of rows) {
    const b = baseline.get(r.catalog)!;
    const picks = r.requests - r.noneLeft;
    console.log(
      [
        r.catalog.padEnd(18),
        r.scenario.padEnd(47),
        pct(r.satisfied, picks).padStart(9),
        pct(r.served, r.possible).padStart(9),
        pct(r.noneLeft, r.requests).padStart(9),
        r.p50.toFixed(2).padStart(6),
        r.p99.toFixed(2).padStart(6),
        `${(r.p50 / b.p50).toFixed(2)}x/${(r.p99 / b.p99).toFixed(2)}x`.padStart(15),
        (Number.isNaN(r.extra.meanFame) ? '-' : r.extra.meanFame.toFixed(2)).padStart(9),
      ].join(' | '),
    );
  }
  const failures = rows.filter((r) => r.satisfied !== r.requests - r.noneLeft || r.served !== r.possible);
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench-results/constraints.json'),
    `${JSON.stringify({ when: new Date().toISOString(), node: process.version, users: USERS, largeUsers: LARGE_USERS, rows, failures: failures.map((r) => `${r.catalog}: ${r.scenario}`) }, null, 2)}\n`,
  );
  console.log(`\nwrote bench-results/constraints.json; ${failures.length === 0 ? 'every pick satisfied its constraints, and a pick was served wherever a title could be' : `FAILED: ${failures.length} rows`}`);
  if (failures.length > 0) process.exitCode = 1;
}

await main();
