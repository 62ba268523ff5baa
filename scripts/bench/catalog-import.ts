// Offline importer throughput (docs/catalog.md, "Offline importers"): a synthetic title.basics of
// ROWS rows (default 1,000,000) and a matching title.ratings, generated into a temp dir (never
// committed), then read four ways: the TSV reader alone (plain and gzip), the reader plus the
// importer's per-row decision, and a whole `import imdb-tsv` into a temp SQLite database (both
// passes over basics, the ratings table, the writes of the titles over --min-votes). Goal: at least
// 200,000 basics rows/s parsed. Prints a table and writes bench-results/catalog-import.json.
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { createReadStream } from 'node:fs';
import { migrateToLatest, openDatabase } from '../../server/src/db/connection.js';
import { importImdbTsv } from '../../server/src/catalog/sources/imdb-tsv.js';
import { basicsVerdict, imdbNumber } from '../../server/src/catalog/sources/imdb-tsv-rows.js';
import { ImportRun, openRows } from '../../server/src/catalog/sources/import-run.js';
import { CatalogMerger } from '../../server/src/catalog/sources/merge.js';
import { seededRandom } from '../../server/src/engine/random.js';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const MIN_VOTES = Number(process.env.MIN_VOTES ?? 1000);
const TSV = { delimiter: '\t', quoted: false } as const;

const WORDS = ['night', 'river', 'glass', 'shadow', 'crown', 'signal', 'harbor', 'ember', 'winter', 'orbit', 'garden', 'echo', 'iron', 'velvet', 'storm', 'paper', 'silent', 'golden', 'last', 'hidden'];
const GENRES = ['Action', 'Adventure', 'Animation', 'Biography', 'Comedy', 'Crime', 'Documentary', 'Drama', 'Family', 'Fantasy', 'History', 'Horror', 'Music', 'Mystery', 'Romance', 'Sci-Fi', 'Sport', 'Thriller', 'War', 'Western'];
/** Roughly IMDb's mix: mostly episodes and shorts, a quarter films and series. */
const TYPES: Array<[string, number]> = [['tvEpisode', 0.5], ['movie', 0.2], ['short', 0.1], ['tvSeries', 0.06], ['tvMovie', 0.05], ['video', 0.05], ['tvMiniSeries', 0.02], ['videoGame', 0.02]];

async function writeLines(path: string, header: string, line: (i: number) => string): Promise<void> {
  const out = createWriteStream(path);
  out.write(`${header}\n`);
  let chunk = '';
  for (let i = 0; i < ROWS; i++) {
    chunk += `${line(i)}\n`;
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

async function generate(dir: string): Promise<{ basics: string; basicsGz: string; ratings: string }> {
  const r = seededRandom(14);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const type = () => {
    let x = r();
    for (const [t, p] of TYPES) if ((x -= p) < 0) return t;
    return 'movie';
  };
  const basics = join(dir, 'title.basics.tsv');
  await writeLines(basics, 'tconst\ttitleType\tprimaryTitle\toriginalTitle\tisAdult\tstartYear\tendYear\truntimeMinutes\tgenres', (i) => {
    const t = type();
    const name = `The ${pick(WORDS)} ${pick(WORDS)} ${i}`;
    const genres = [...new Set([pick(GENRES), pick(GENRES), pick(GENRES)])].join(',');
    return `tt${String(i + 1).padStart(7, '0')}\t${t}\t${name}\t${name}\t${r() < 0.01 ? 1 : 0}\t${1920 + Math.floor(r() * 106)}\t${t === 'tvSeries' ? 2020 : '\\N'}\t${60 + Math.floor(r() * 90)}\t${genres}`;
  });
  const ratings = join(dir, 'title.ratings.tsv');
  // Votes spread over 5 to 3,000,000 (log-uniform), so --min-votes keeps a realistic few.
  await writeLines(ratings, 'tconst\taverageRating\tnumVotes', (i) => `tt${String(i + 1).padStart(7, '0')}\t${(1 + r() * 9).toFixed(1)}\t${Math.round(5 * 600_000 ** (r() ** 4))}`);
  const basicsGz = join(dir, 'title.basics.tsv.gz');
  await pipeline(createReadStream(basics), createGzip({ level: 6 }), createWriteStream(basicsGz));
  return { basics, basicsGz, ratings };
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T; peakMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t = performance.now();
  const value = await fn();
  const ms = performance.now() - t;
  clearInterval(timer);
  return { ms, value, peakMb: Math.max(peak, process.memoryUsage().rss) / 2 ** 20 };
}

async function countRows(file: string, decide: boolean): Promise<number> {
  const opened = await openRows(file, TSV);
  let n = 0;
  let kept = 0;
  // As the importer's scans read: a chunk of records per await.
  for await (const batch of opened.batches) {
    for (const rec of batch) {
      n++;
      if (decide && n > 1) {
        const v = basicsVerdict(rec.fields);
        if (v && 'keep' in v && v.keep && !Number.isNaN(imdbNumber(rec.fields[0], 'tt'))) kept++;
      }
    }
  }
  return decide ? kept : n - 1;
}

const dir = mkdtempSync(join(tmpdir(), 'tp-bench-import-'));
try {
  const gen = await timed(() => generate(dir));
  const files = gen.value;
  const plain = await timed(() => countRows(files.basics, false));
  const gz = await timed(() => countRows(files.basicsGz, false));
  const decided = await timed(() => countRows(files.basics, true));

  const handle = await openDatabase({ dialect: 'sqlite', path: join(dir, 'app.db') });
  await migrateToLatest(handle);
  const sink = { isTTY: false, write: () => true };
  const full = await timed(async () => {
    const run = new ImportRun(await CatalogMerger.open(handle, 'imdb-tsv'), { out: sink, everyMs: 3_600_000 });
    await importImdbTsv(run, [files.basicsGz, files.ratings], { minVotes: MIN_VOTES }, () => {});
    return run.merger.totals;
  });
  await handle.close();

  const perSec = (ms: number, rows = ROWS) => Math.round((rows / ms) * 1000);
  const result = {
    rows: ROWS,
    node: process.version,
    basics_mb: statSync(files.basics).size / 2 ** 20,
    basics_gz_mb: statSync(files.basicsGz).size / 2 ** 20,
    generate_s: gen.ms / 1000,
    parse_plain: { rows_per_s: perSec(plain.ms), ms: Math.round(plain.ms), rows: plain.value },
    parse_gzip: { rows_per_s: perSec(gz.ms), ms: Math.round(gz.ms), rows: gz.value },
    parse_and_decide: { rows_per_s: perSec(decided.ms), ms: Math.round(decided.ms), kept_before_votes: decided.value },
    full_import: {
      min_votes: MIN_VOTES,
      ms: Math.round(full.ms),
      // Rows read: ratings once, basics twice (gzip).
      rows_read_per_s: perSec(full.ms, ROWS * 3),
      titles_written: full.value.added,
      peak_rss_mb: Math.round(full.peakMb),
    },
    goal_rows_per_s: 200_000,
  };
  console.table({
    'TSV reader, plain (rows/s)': result.parse_plain.rows_per_s.toLocaleString('en-US'),
    'TSV reader, gzip (rows/s)': result.parse_gzip.rows_per_s.toLocaleString('en-US'),
    'reader + row decision (rows/s)': result.parse_and_decide.rows_per_s.toLocaleString('en-US'),
    [`import imdb-tsv, ${ROWS.toLocaleString('en-US')} titles (s)`]: (result.full_import.ms / 1000).toFixed(1),
    'import: rows read/s (ratings + 2x basics)': result.full_import.rows_read_per_s.toLocaleString('en-US'),
    [`import: titles written (>= ${MIN_VOTES} votes)`]: result.full_import.titles_written.toLocaleString('en-US'),
    'import: peak RSS (MB)': result.full_import.peak_rss_mb,
  });
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/catalog-import.json', JSON.stringify(result, null, 2));
  if (result.parse_and_decide.rows_per_s < result.goal_rows_per_s) {
    console.error(`below the goal of ${result.goal_rows_per_s.toLocaleString('en-US')} rows/s`);
    process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
