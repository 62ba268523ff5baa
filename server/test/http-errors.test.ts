// Every error answer's status and code come from ERROR_CODES (docs/architecture.md, "Errors"):
// HttpError takes a key of the list, and only the factories in http/errors.ts make one.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@app/shared';
import { HttpError, withExtra, tooMany } from '../src/http/errors.js';

const SRC = join(import.meta.dirname, '../src');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));

describe('HTTP errors', () => {
  it('are made only in http/errors.ts', () => {
    const makers = sources(SRC).filter((f) => /new HttpError\(/.test(readFileSync(f, 'utf8')));
    expect(makers.map((f) => relative(SRC, f))).toEqual(['http/errors.ts']);
  });

  it('take status and code from the list, and keep them when fields are added', () => {
    for (const kind of Object.keys(ERROR_CODES) as Array<keyof typeof ERROR_CODES>) {
      const err = new HttpError(kind, 'x');
      expect([err.status, err.code]).toEqual([ERROR_CODES[kind].status, ERROR_CODES[kind].code]);
    }
    const more = withExtra(tooMany('Slow down', 30), { unlock_available: true });
    expect([more.status, more.code, more.message, more.headers, more.extra]).toEqual([429, 'rate_limited', 'Slow down', { 'Retry-After': '30' }, { retry_after_seconds: 30, unlock_available: true }]);
  });
});
