// A catalog pack is text an operator (or an importer) writes: for any lines, parsing must end
// quickly, keep every good line once and report every other one, never throw.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { startWatchdog, withDeadline } from '../../test/support/deadline.js';
import { parsePack } from './pack-reader.js';
import { FIXTURE_PACK } from './test-support.js';

const HANG_MS = 10_000;
const platformsText = readFileSync(join(FIXTURE_PACK, 'platforms.json'), 'utf8');
const good = readFileSync(join(FIXTURE_PACK, 'titles', 'fixture.jsonl'), 'utf8').split('\n').filter((l) => l.trim());

/** A good line with one field replaced by any JSON value (wrong types, unicode, huge numbers). */
const mutated = fc
  .tuple(fc.constantFrom(...good), fc.constantFrom('title', 'year', 'genres', 'language', 'kind', 'availability', 'original_title', 'fame'), fc.jsonValue({ maxDepth: 2 }))
  .map(([line, key, value]) => JSON.stringify({ ...JSON.parse(line), [key]: value }));
const line = fc.oneof(fc.constantFrom(...good), mutated, fc.json({ maxDepth: 2 }), fc.string({ maxLength: 80 }), fc.constantFrom('', '   ', '{', '[]', 'null', '{"title":{}}'));

describe('parsePack, for any lines', () => {
  beforeAll(startWatchdog);

  it('keeps or reports every non-blank line, with distinct ids', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 60 }), (lines) => {
        const text = lines.map((l) => l.replace(/\n/g, ' ')).join('\n');
        const pack = withDeadline(HANG_MS, 'parsePack', () => parsePack({ dir: 'pack', hash: 'h', platformsText, files: [{ name: 'x.jsonl', text }] }));
        const nonBlank = text.split('\n').filter((l) => l.trim()).length;
        expect(pack.titles.length + pack.problems.length).toBe(nonBlank);
        expect(new Set(pack.titles.map((t) => t.id)).size).toBe(pack.titles.length);
        for (const p of pack.problems) expect(p).toMatch(/^x\.jsonl:\d+: /);
      }),
      { numRuns: 300 },
    );
  });
});
