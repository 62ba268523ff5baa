// A clone must stand on its own: no document in the repository sends its reader to a file a clone
// does not have (a path of one author's machine, a note outside the repository), and every
// relative link resolves. The public datasets beside the clone (`../shared/data`, read by the
// benchmarks and skipped when absent) are data, not documents: naming that folder is allowed,
// naming a document in or beside it is not.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { SERVER_DIR } from './support/server-process.js';

const ROOT = resolve(SERVER_DIR, '..');
const docs = execFileSync('git', ['ls-files', '*.md'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && !f.includes('node_modules/'));

const MACHINE_PATH = /(?<![\w.])(?:\/work\/|\/home\/|\/root\/|\/Users\/|[A-Z]:\\)/;
/** `../shared/…` (or deeper `../`) followed by what it names, up to a space, quote or bracket. */
const OUTSIDE = /(?:\.\.\/)+shared\/([^\s`'")\]]*)/g;

function lines(file: string): { n: number; text: string }[] {
  return readFileSync(join(ROOT, file), 'utf8')
    .split('\n')
    .map((text, i) => ({ n: i + 1, text }));
}

describe('the documents in the repository stand on their own', () => {
  it('finds the documents', () => {
    expect(docs).toContain('README.md');
    expect(docs.filter((f) => f.startsWith('docs/')).length).toBeGreaterThan(5);
  });

  it('name no path of an author machine', () => {
    const found = docs.flatMap((f) => lines(f).filter((l) => MACHINE_PATH.test(l.text)).map((l) => `${f}:${l.n}: ${l.text.trim()}`));
    expect(found).toEqual([]);
  });

  it('name nothing outside the repository but the datasets folder, and no document in it', () => {
    const found = docs.flatMap((f) =>
      lines(f).flatMap((l) =>
        [...l.text.matchAll(OUTSIDE)]
          .filter((m) => !/^data(\/[\w.-]+\/?)*$/.test(m[1].replace(/[.,:;]+$/, '')) || /\.md$/i.test(m[1].replace(/[.,:;]+$/, '')))
          .map((m) => `${f}:${l.n}: ${m[0]}`),
      ),
    );
    expect(found).toEqual([]);
  });

  it('link only to files the repository has', () => {
    const broken = docs.flatMap((f) =>
      lines(f).flatMap((l) =>
        [...l.text.matchAll(/\]\(([^)\s]+)\)/g)]
          .map((m) => m[1].split('#')[0])
          .filter((target) => target && !/^[a-z]+:/i.test(target) && !target.startsWith('/'))
          .filter((target) => !existsSync(resolve(ROOT, dirname(f), target)))
          .map((target) => `${f}:${l.n}: ${target}`),
      ),
    );
    expect(broken).toEqual([]);
  });
});
