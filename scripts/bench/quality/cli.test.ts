import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const here = fileURLToPath(new URL('.', import.meta.url));
const script = join(here, '..', 'quality.ts');

describe('npm run bench:quality', () => {
  it('writes the JSON report with exactly the issue keys', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'quality-')), 'report.json');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script,
      '--format', 'ml-100k', '--data', join(here, 'fixtures', 'ml-100k'), '--out', out, '--quiet']);
    expect(stdout).toContain('HR@10');
    const report = JSON.parse(readFileSync(out, 'utf8'));
    // The keys, then two extra readings of the cold-start target and the history-import
    // protocol (docs/quality.md).
    expect(Object.keys(report)).toEqual(['format', 'users', 'items', 'models', 'cold_start', 'cold_start_next', 'cold_start_masked', 'history_import']);
    expect(report).toMatchObject({ format: 'ml-100k', users: 5, items: 6 });
    expect(Object.keys(report.models)).toEqual(['engine', 'mostpop', 'itemknn', 'ease']);
    for (const m of Object.values(report.models)) expect(Object.keys(m as object)).toEqual(['HR@10', 'NDCG@10', 'HR@20', 'NDCG@20']);
    for (const cold of [report.cold_start, report.cold_start_next, report.cold_start_masked]) {
      expect(Object.keys(cold)).toEqual(['3', '5', '10']);
      for (const size of Object.values(cold)) {
        expect(Object.keys(size as object)).toEqual(['engine', 'mostpop', 'itemknn']);
        for (const m of Object.values(size as object)) expect(Object.keys(m)).toEqual(['HR@10', 'NDCG@10']);
      }
    }
  });

  it('runs only the history-import protocol with --only import', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'quality-')), 'report.json');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script,
      '--format', 'ml-100k', '--data', join(here, 'fixtures', 'ml-100k'), '--out', out, '--quiet', '--only', 'import', '--folds', '2']);
    expect(stdout).toContain('History import');
    expect(stdout).not.toContain('Cold start');
    const report = JSON.parse(readFileSync(out, 'utf8'));
    expect(Object.keys(report)).toEqual(['format', 'users', 'items', 'models', 'cold_start', 'history_import']);
    expect(report.cold_start).toEqual({});
    const imp = report.history_import;
    expect(Object.keys(imp)).toEqual(['next', 'test', 'masked', 'users', 'verdicts']);
    for (const target of [imp.next, imp.test, imp.masked]) {
      expect(Object.keys(target)).toEqual(['20', '50', 'all']);
      for (const size of Object.values(target)) {
        expect(Object.keys(size as object)).toEqual(['engine', 'mostpop', 'itemknn', 'ease']);
        for (const m of Object.values(size as object)) expect(Object.keys(m)).toEqual(['HR@10', 'NDCG@10']);
      }
    }
    // The fixture's users have at most 4 train interactions: only 'all' measures anyone.
    expect(imp.users.test).toEqual({ 20: 0, 50: 0, all: 5 });
  });

  it('adds the stream of synced watches with --stream, for the engine only', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'quality-')), 'report.json');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script,
      '--format', 'ml-100k', '--data', join(here, 'fixtures', 'ml-100k'), '--out', out, '--quiet', '--only', 'import', '--stream', '--folds', '2']);
    expect(stdout).toContain('History as a stream of synced watches');
    const report = JSON.parse(readFileSync(out, 'utf8'));
    expect(Object.keys(report)).toEqual(['format', 'users', 'items', 'models', 'cold_start', 'history_import', 'history_stream']);
    const stream = report.history_stream;
    expect(Object.keys(stream)).toEqual(['next', 'test', 'masked', 'users', 'verdicts']);
    for (const target of [stream.next, stream.test, stream.masked]) {
      for (const size of Object.values(target)) expect(Object.keys(size as object)).toEqual(['engine']);
    }
    // Never a dislike in a stream.
    for (const v of Object.values(stream.verdicts) as Array<{ dislike: number }>) expect(v.dislike).toBe(0);
  });

  it('adds the cold-start ceiling with --ceiling', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'quality-')), 'report.json');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script,
      '--format', 'ml-100k', '--data', join(here, 'fixtures', 'ml-100k'), '--out', out, '--quiet', '--ceiling', '--folds', '2']);
    expect(stdout).toContain('Cold-start ceiling');
    const { cold_start_ceiling: ceiling } = JSON.parse(readFileSync(out, 'utf8'));
    expect(Object.keys(ceiling)).toEqual(['kept', 'all']);
    for (const mask of ['kept', 'all']) {
      expect(Object.keys(ceiling[mask])).toEqual(['3', '5', '10']);
      for (const row of Object.values(ceiling[mask]) as Array<{ mostpop: number; ceiling: number }>) {
        expect(row.ceiling).toBeGreaterThanOrEqual(row.mostpop);
      }
    }
  });

  it('rejects an unknown format with the usage line', async () => {
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', script, '--format', 'nope', '--data', here]);
    await expect(run).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('usage:') });
  });
});
