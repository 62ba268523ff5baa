// Anyone may upload anything: for any bytes, any damage to a real export, and any chunking of the
// CSV reader, parseImportFile ends quickly with well-formed entries or an ImportFileError (never
// another error). The Netflix collapse's own properties are in netflix.property.test.ts.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { startWatchdog, withDeadline } from '../../../../test/support/deadline.js';
import { csvRecords } from './common.js';
import { makeZip } from './fixtures/make-zip.js';
import { ImportFileError, MAX_ENTRIES, parseImportFile, type ParsedImport } from './index.js';

const HANG_MS = 10_000;
const fixture = (path: string) => readFileSync(new URL(`./fixtures/${path}`, import.meta.url));
const sources = fc.constantFrom(undefined, 'letterboxd' as const, 'imdb' as const, 'netflix' as const, 'trakt' as const);
const filenames = fc.constantFrom('ratings.csv', 'watched.csv', 'diary.csv', 'NetflixViewingHistory.csv', 'export.zip', 'watched-movies.json', 'x', 'r\u0000\n.csv');

/** Parses, and checks that the only possible failure is an ImportFileError and the result is well formed. */
function parseOrRefuse(name: string, bytes: Buffer, source?: Parameters<typeof parseImportFile>[2]): ParsedImport | ImportFileError {
  let result: ParsedImport;
  try {
    result = withDeadline(HANG_MS, `parseImportFile(${JSON.stringify(name)}, ${bytes.length} bytes)`, () => parseImportFile(name, bytes, source));
  } catch (e) {
    if (!(e instanceof ImportFileError)) throw e;
    expect(e.message).not.toMatch(/[\n\r]/);
    expect(e.message.length).toBeLessThan(1200);
    return e;
  }
  expect(result.entries.length).toBeLessThanOrEqual(MAX_ENTRIES);
  if (source) expect(result.source).toBe(source);
  for (const e of result.entries) {
    expect(e.name.trim()).not.toBe('');
    expect(e.happenedAt === null || /^\d{4}-\d{2}-\d{2}$/.test(e.happenedAt)).toBe(true);
    expect(e.watched && e.watchlist).toBe(false);
    expect(e.line).toBeGreaterThanOrEqual(1);
    expect(e.year === null || (Number.isInteger(e.year) && e.year >= 1870 && e.year <= 2100)).toBe(true);
    expect(e.imdbId === null || /^tt\d+$/.test(e.imdbId)).toBe(true);
  }
  return result;
}

const HEADERS = [
  'Date,Name,Year,Letterboxd URI,Rating',
  'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date',
  'Const,Your Rating,Date Rated,Title,Title Type,Year',
  'Position,Const,Created,Modified,Description,Title,Title Type,Year,Your Rating',
  'Title,Date',
];
const cellChars = fc.constantFrom('a', 'Z', '1', '5', '0', '.', ',', '"', '\n', '\r', ':', ' ', '/', '-', 't', 'é', '😀', '\uFEFF', ';', '\t');
const csvBody = fc.string({ unit: cellChars, maxLength: 300 });

describe('parseImportFile, for any input', () => {
  beforeAll(startWatchdog);

  it('any bytes: a result or an ImportFileError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), filenames, sources, (bytes, name, source) => {
        parseOrRefuse(name, Buffer.from(bytes), source);
      }),
      { numRuns: 500 },
    );
  });

  it('any rows under a real header: a result or an ImportFileError naming the file', () => {
    fc.assert(
      fc.property(fc.constantFrom(...HEADERS), csvBody, fc.boolean(), sources, (header, body, bom, source) => {
        const out = parseOrRefuse('ratings.csv', Buffer.from(`${bom ? '\uFEFF' : ''}${header}\n${body}`, 'utf8'), source);
        if (out instanceof ImportFileError) expect(out.message.startsWith('ratings.csv')).toBe(true);
      }),
      { numRuns: 600 },
    );
  });

  it('any JSON-like text: a result or an ImportFileError', () => {
    const jsonChars = fc.constantFrom('[', ']', '{', '}', '"', ':', ',', '1', '0', 'movie', 'show', 'title', 'rating', 'ids', 'imdb', 'tt1', 'listed_at', 'null', ' ', '\\', 'e', '-');
    fc.assert(
      fc.property(fc.array(jsonChars, { maxLength: 80 }), (parts) => {
        parseOrRefuse('ratings-movies.json', Buffer.from(parts.join(''), 'utf8'));
      }),
      { numRuns: 500 },
    );
  });

  it('any damage to a real export zip: a result or an ImportFileError', () => {
    const names = ['ratings.csv', 'watched.csv', 'diary.csv', 'likes/films.csv'];
    const letterboxd = makeZip(names.map((n) => ({ name: `lb/${n}`, data: fixture(`letterboxd/${n}`) })));
    const trakt = makeZip(['watched-movies.json', 'ratings-movies.json'].map((n) => ({ name: n, data: fixture(`trakt/${n}`), method: n.startsWith('r') ? 0 : 8 })));
    fc.assert(
      fc.property(fc.boolean(), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 6 }), fc.option(fc.nat()), (useTrakt, edits, cut) => {
        const zip = Buffer.from(useTrakt ? trakt : letterboxd);
        for (const [at, value] of edits) zip[at % zip.length] = value;
        const bytes = cut === null ? zip : zip.subarray(0, cut % (zip.length + 1));
        parseOrRefuse('export.zip', bytes);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the CSV rows, for any chunking', () => {
  beforeAll(startWatchdog);

  it('are the same records (or the same error) whatever the chunk size', () => {
    const read = (text: string, chunk?: number) => {
      try {
        return [...csvRecords('f.csv', text, chunk)];
      } catch (e) {
        if (!(e instanceof ImportFileError)) throw e;
        return e.message;
      }
    };
    fc.assert(
      fc.property(fc.constantFrom(...HEADERS), csvBody, fc.integer({ min: 1, max: 40 }), (header, body, chunk) => {
        const text = `${header}\r\n${body}`;
        expect(withDeadline(HANG_MS, 'csvRecords', () => read(text, chunk))).toEqual(read(text));
      }),
      { numRuns: 600 },
    );
  });
});
