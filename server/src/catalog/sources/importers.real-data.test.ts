// The importers on the real public datasets in ../shared/data (read only, never copied into the
// repository: docs/catalog.md says what each dataset is and its licence). Skipped with one line on a clone without them; CI has them.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../../test/support/dialects.js';
import { DEFAULT_PACK_DIR, loadCatalogPack } from '../pack-loader.js';
import { freshDatabase, type FreshDatabase } from '../test-support.js';
import { ImportRun } from './import-run.js';
import { CatalogMerger } from './merge.js';
import { importPlatformFlags } from './platform-flags.js';
import { importStreamingCsv } from './streaming-csv.js';
import type { SourceName } from './types.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** SHARED_DATA_DIR, else the first shared/data beside the checkout or one of its parents (a worktree). */
export function sharedDataDir(): string {
  if (process.env.SHARED_DATA_DIR) return process.env.SHARED_DATA_DIR;
  let dir = ROOT;
  for (let i = 0; i < 3; i++) {
    const candidate = join(dir, '..', 'shared', 'data');
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return join(ROOT, '..', 'shared', 'data');
}

const DATA = sharedDataDir();
const STREAMING = join(DATA, 'streaming-catalogs');
const FLAGS = join(DATA, 'movies-on-streaming-platforms');
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const silent = { isTTY: false, write: () => true };
const haveData = existsSync(STREAMING) && existsSync(FLAGS);
if (!haveData) console.log(`[importers] ${DATA} not found: real-dataset import tests skipped (set SHARED_DATA_DIR)`);

describe.skipIf(!haveData).each(dialects)('offline importers on the real datasets (%s)', (dialect) => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await freshDatabase(dialect);
    await loadCatalogPack(fresh.handle, { dir: DEFAULT_PACK_DIR, logger: quiet });
  });
  afterAll(async () => fresh?.close());

  const run = async (source: SourceName) => new ImportRun(await CatalogMerger.open(fresh.handle, source), { out: silent, everyMs: 600_000 });
  const line = (name: string, r: ImportRun) => console.log(`[${dialect}] ${name}: ${r.report().split('\n').slice(0, 2).join('; ')}`);

  it.each([
    ['netflix_titles.csv', 8807],
    ['amazon_prime_titles.csv', 9668],
    ['disney_plus_titles.csv', 1450],
  ])('streaming-csv %s: every row read and accounted for', async (file, rows) => {
    const r = await run('streaming-csv');
    await importStreamingCsv(r, join(STREAMING, file), { platform: null, region: 'US', asOf: null }, () => {});
    line(file, r);
    const t = r.merger.totals;
    expect(r.rows).toBe(rows);
    expect(t.added + t.updated + t.unchanged + t.ambiguous + t.invalid + r.duplicateCount).toBe(rows);
    expect(t.added).toBeGreaterThan(rows * 0.8);
    expect(t.invalid).toBeLessThan(rows * 0.01);
  }, 180_000);

  it('streaming-csv: a second import of a real file adds and updates nothing', async () => {
    const r = await run('streaming-csv');
    await importStreamingCsv(r, join(STREAMING, 'disney_plus_titles.csv'), { platform: null, region: 'US', asOf: null }, () => {});
    expect(r.merger.totals).toMatchObject({ added: 0, updated: 0 });
  }, 180_000);

  it('platform-flags: the movies and TV shows files', async () => {
    const r = await run('platform-flags');
    for (const f of ['MoviesOnStreamingPlatforms_updated.csv', 'tv_shows.csv']) await importPlatformFlags(r, join(FLAGS, f), { region: 'US', asOf: '2020-01' }, () => {});
    line('MoviesOnStreamingPlatforms_updated.csv + tv_shows.csv', r);
    const t = r.merger.totals;
    expect(r.rows).toBe(16744 + 5368);
    expect(t.added + t.updated + t.unchanged + t.ambiguous + t.invalid + r.duplicateCount).toBe(r.rows);
    expect(t.invalid).toBeLessThan(r.rows * 0.01);
    const langs = await fresh.handle.db.selectFrom('titles').select('language').where('source', '=', 'platform-flags').where('kind', '=', 'movie').execute();
    expect(langs.filter((l) => l.language === 'en').length).toBeGreaterThan(langs.length * 0.5);
  }, 300_000);
});
