// The catalog side of `npm run bench:api`: the public datasets imported with the operator's
// command (and each import's throughput), the database's size, and a first TMDB sync against the
// local fake TMDB server.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { migrateToLatest, openDatabase } from '../../server/src/db/connection.js';
import { startFakeTmdb } from '../../server/test/support/fake-tmdb.js';
import { runTmdbSync } from '../../server/src/catalog/sources/tmdb-sync.js';
import { TmdbClient } from '../../server/src/integrations/tmdb/client.js';

const ROOT = resolve(import.meta.dirname, '../..');
/** The public datasets (read only, never copied): BENCH_DATA_DIR overrides the folder. */
export const SHARED_DATA = process.env.BENCH_DATA_DIR ?? resolve(ROOT, '../shared/data');

export function databaseMb(dir: string): number {
  const size = (f: string) => (existsSync(f) ? statSync(f).size : 0);
  return (size(join(dir, 'app.db')) + size(join(dir, 'app.db-wal'))) / 1024 / 1024;
}

export interface ImportFigure {
  format: string;
  files: string;
  rows: number;
  added: number;
  updated: number;
  seconds: number;
  rows_per_s: number;
}

/** `npm run catalog -- import ...` as an operator runs it, on the bench's database. */
async function importFiles(dir: string, format: string, files: string[], extra: string[]): Promise<ImportFigure> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/catalog-cli.ts', 'import', format, ...files, ...extra], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: `sqlite:${join(dir, 'app.db')}`, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const code = await new Promise<number | null>((ok) => child.on('exit', ok));
  const seconds = (performance.now() - started) / 1000;
  const m = /([\d,]+) rows read: added ([\d,]+), updated ([\d,]+)/.exec(out);
  if (code !== 0 || !m) throw new Error(`import ${format} failed (${code}):\n${out}`);
  const n = (x: string) => Number(x.replace(/,/g, ''));
  return { format, files: files.map((f) => f.split('/').pop()).join(' + '), rows: n(m[1]), added: n(m[2]), updated: n(m[3]), seconds, rows_per_s: n(m[1]) / seconds };
}

export async function importDatasets(dir: string): Promise<ImportFigure[]> {
  const streaming = join(SHARED_DATA, 'streaming-catalogs');
  const flags = join(SHARED_DATA, 'movies-on-streaming-platforms');
  if (!existsSync(streaming) || !existsSync(flags)) return [];
  const figures: ImportFigure[] = [];
  for (const f of ['netflix_titles.csv', 'amazon_prime_titles.csv', 'disney_plus_titles.csv']) {
    figures.push(await importFiles(dir, 'streaming-csv', [join(streaming, f)], ['--region', 'US']));
  }
  figures.push(await importFiles(dir, 'platform-flags', [join(flags, 'MoviesOnStreamingPlatforms_updated.csv'), join(flags, 'tv_shows.csv')], []));
  return figures;
}

export interface SyncFigure {
  titles: number;
  requests: number;
  seconds: number;
  titles_per_s: number;
}

/** A first TMDB sync of 600 titles from the local fake (movies and series, US), client at its default limits. */
export async function syncFigure(): Promise<SyncFigure> {
  const dir = mkdtempSync(join(tmpdir(), 'tp-bench-sync-'));
  const tmdb = await startFakeTmdb({ fillerMovies: 400, fillerTv: 200, noFixtures: true });
  const handle = await openDatabase({ dialect: 'sqlite', path: join(dir, 'app.db') });
  try {
    await migrateToLatest(handle);
    const started = performance.now();
    const result = await runTmdbSync(handle, new TmdbClient({ apiUrl: tmdb.url, apiKey: tmdb.apiKey, readToken: null }), { regions: ['US'], languages: [], maxTitles: 600 });
    const seconds = (performance.now() - started) / 1000;
    const titles = result.totals.added + result.totals.updated + result.totals.unchanged;
    return { titles, requests: tmdb.requests.length, seconds, titles_per_s: titles / seconds };
  } finally {
    await handle.close();
    await tmdb.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
