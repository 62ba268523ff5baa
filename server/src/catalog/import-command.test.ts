// `npm run catalog -- import` as an operator runs it: a child process on a temp DATA_DIR.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseImportArgs } from './import-command.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const FIXTURES = join(ROOT, 'server/src/catalog/sources/test-fixtures');
const dataDir = mkdtempSync(join(tmpdir(), 'tp-import-cli-'));

function catalog(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/catalog-cli.ts', ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('npm run catalog -- import (child process)', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('imports a file, prints the summary and exits 0; the same file again adds and updates nothing', () => {
    const first = catalog('import', 'streaming-csv', join(FIXTURES, 'streaming-sample.csv'), '--region', 'gb', '--platform', 'Netflix');
    expect(first.err).not.toMatch(/at .*\.ts:\d+/); // no stack trace
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/^7 rows read: added 4, updated 0, unchanged 0, retired 0, ambiguous 0, failed 2\n/);
    expect(first.out).toContain('streaming-sample.csv:6: type "Podcast" is neither "Movie" nor "TV Show"');
    expect(first.err).toContain('Netflix, region GB, subscription, as of 2021-08');
    const again = catalog('import', 'streaming-csv', join(FIXTURES, 'streaming-sample.csv'), '--region=GB', '--platform=Netflix');
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/^7 rows read: added 0, updated 0, unchanged 4/);
  }, 180_000);

  it('exits 1 with one line for a missing file, a wrong format, a wrong layout or a missing --region', () => {
    const cases: Array<[string[], RegExp]> = [
      [['import', 'platform-flags', '/nonexistent/flags.csv', '--region', 'US', '--as-of', '2020-01'], /^\/nonexistent\/flags\.csv: no such file$/],
      [['import', 'imdb', 'x.tsv'], /^import: unknown format "imdb": use imdb-tsv, streaming-csv, platform-flags$/],
      [['import', 'streaming-csv', join(FIXTURES, 'flags-shows.csv'), '--region', 'US', '--as-of', '2021-01', '--platform', 'Netflix'], /flags-shows\.csv:1: not a streaming-csv file: expected the columns show_id,type,title,/],
      [['import', 'streaming-csv', join(FIXTURES, 'streaming-sample.csv')], /^import streaming-csv: --region is required/],
    ];
    for (const [args, message] of cases) {
      const r = catalog(...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.out).toBe('');
      const lines = r.err.split('\n').filter(Boolean);
      expect(lines, args.join(' ')).toHaveLength(1);
      expect(lines[0]).toMatch(message);
    }
  }, 180_000);
});

describe('parseImportArgs', () => {
  it('takes options before or after the files, with = or a space, and refuses options of other formats', () => {
    expect(parseImportArgs(['imdb-tsv', '--min-votes', '50', 'a.tsv.gz', 'b.tsv'])).toEqual({ format: 'imdb-tsv', files: ['a.tsv.gz', 'b.tsv'], options: new Map([['min-votes', '50']]) });
    expect(() => parseImportArgs(['imdb-tsv', 'a.tsv', '--region', 'US'])).toThrow('import imdb-tsv: unknown option --region');
    expect(() => parseImportArgs(['platform-flags', '--region'])).toThrow('--region needs a value');
    expect(() => parseImportArgs(['streaming-csv'])).toThrow('name at least one file');
  });
});
