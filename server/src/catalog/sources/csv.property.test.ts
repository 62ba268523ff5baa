// The importers read files that anyone may hand them: for any records written with quoting the
// parser gives the same records back whatever the chunking, and for any text at all it ends
// quickly with records or a CsvError naming a line.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { startWatchdog, withDeadline } from '../../../test/support/deadline.js';
import { CsvError, CsvParser, formatCsvRecord, type CsvOptions } from './csv.js';

const HANG_MS = 10_000;

/** Parses `text` fed in pieces cut at `cuts` (positions, any order). */
function parseChunked(text: string, cuts: number[], opts?: CsvOptions): string[][] {
  const p = new CsvParser(opts);
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  let from = 0;
  for (const c of points) {
    p.push(text.slice(from, c));
    from = c;
  }
  p.push(text.slice(from));
  p.end();
  return p.take().map((r) => r.fields);
}

const fieldChars = fc.constantFrom('a', 'b', 'Z', ' ', ',', '"', '\n', '\r', '\t', 'é', '字', '😀', ';', "'");
const field = fc.oneof(fc.string({ unit: fieldChars, maxLength: 12 }), fc.string({ maxLength: 8 }));
const record = fc.array(field, { minLength: 1, maxLength: 6 });

describe('CsvParser, for any input', () => {
  beforeAll(startWatchdog);

  it('round-trips any records written with quoting, for any chunking, with or without a BOM', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 20 }), fc.array(fc.nat(), { maxLength: 8 }), fc.boolean(), fc.boolean(), (records, cuts, bom, lfOnly) => {
        let text = records.map((r) => formatCsvRecord(r)).join('');
        if (lfOnly) text = records.map((r) => formatCsvRecord(r).replace(/\r\n$/, '\n')).join('');
        if (bom) text = `\uFEFF${text}`;
        const got = withDeadline(HANG_MS, 'CsvParser round trip', () => parseChunked(text, cuts));
        expect(got).toEqual(records);
      }),
      { numRuns: 500 },
    );
  });

  it('numbers records by the line they start on, quoted line breaks included', () => {
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 15 }), fc.array(fc.nat(), { maxLength: 5 }), (records, cuts) => {
        const text = records.map((r) => formatCsvRecord(r)).join('');
        const p = new CsvParser();
        for (const piece of cutText(text, cuts)) p.push(piece);
        p.end();
        const lines = p.take().map((r) => r.line);
        let line = 1;
        const expected = records.map((r) => {
          const at = line;
          line += formatCsvRecord(r).split('\n').length - 1;
          return at;
        });
        expect(lines).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('ends quickly on arbitrary text with records or a CsvError naming a line', () => {
    const anyText = fc.oneof(fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', 'x', '\uFEFF', '\t'), maxLength: 200 }), fc.string({ maxLength: 200 }));
    fc.assert(
      fc.property(anyText, fc.array(fc.nat(), { maxLength: 6 }), fc.boolean(), (text, cuts, quoted) => {
        withDeadline(HANG_MS, 'CsvParser on arbitrary text', () => {
          try {
            const recs = parseChunked(text, cuts, { quoted, maxField: 50, maxRecord: 80 });
            for (const r of recs) for (const f of r) expect(f.length).toBeLessThanOrEqual(80);
          } catch (e) {
            expect(e).toBeInstanceOf(CsvError);
            expect((e as CsvError).message).toMatch(/^line \d+: /);
            expect((e as CsvError).line).toBeGreaterThanOrEqual(1);
          }
        });
      }),
      { numRuns: 1000 },
    );
  });
});

function cutText(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const c of points) {
    out.push(text.slice(from, c));
    from = c;
  }
  out.push(text.slice(from));
  return out;
}
