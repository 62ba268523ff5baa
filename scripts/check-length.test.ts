// scripts/check-length.mjs on files of its own: one line over the limit fails, the limit itself and
// an ignored test file do not.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript module of the root scripts
import { longFiles } from './check-length.mjs';

const base = mkdtempSync(join(tmpdir(), 'check-length-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const lines = (n: number) => `${Array.from({ length: n }, (_, i) => `export const a${i} = ${i};`).join('\n')}\n`;

it('names the source files over 300 lines, and only those', () => {
  mkdirSync(join(base, 'src/test'), { recursive: true });
  writeFileSync(join(base, 'src/long.ts'), lines(301));
  writeFileSync(join(base, 'src/limit.tsx'), lines(300));
  writeFileSync(join(base, 'src/long.test.ts'), lines(400));
  writeFileSync(join(base, 'src/test/helper.ts'), lines(400));
  const files = ['src/long.ts', 'src/limit.tsx', 'src/long.test.ts', 'src/test/helper.ts'];
  expect(longFiles(files, { base, ignore: ['**/*.test.ts', '**/test/**'] })).toEqual([{ file: 'src/long.ts', lines: 301 }]);
});
