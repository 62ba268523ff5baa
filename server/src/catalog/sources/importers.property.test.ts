// Any row of any shape becomes a title in our vocabularies or a reason, never an exception: the
// per-row mapping of each format, for arbitrary fields.
import fc from 'fast-check';
import { GENRES, LANGUAGE_NAMES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { basicsVerdict } from './imdb-tsv-rows.js';
import { flagColumns, flagsTitle } from './platform-flags.js';
import { STREAMING_COLUMNS, streamingTitle } from './streaming-csv.js';
import type { SourceTitle } from './types.js';

const cell = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('Movie', 'TV Show', '2019', '1869', '90 min', '2 Seasons', '74 min', '1', '0', '2', '8.8', '9.4/10', '87%', '100/100', 'English,Japanese', 'Sci-Fi,Musical', 'Dramas, TV Sci-Fi & Fantasy', '\\N', ''),
);
const row = (n: number) => fc.array(cell, { minLength: Math.max(0, n - 2), maxLength: n + 2 });
/** Mostly well-formed values in their columns, anything at all now and then. */
const or = (...values: string[]) => fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: cell });
const text = fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), fc.constantFrom('Amélie', '字幕', ' padded ', 'A, "quoted" one'));
const streamingRow = fc.tuple(
  or('s1'), or('Movie', 'TV Show'), text, or('', 'A Person, B Person'), or('', 'X, Y, Z, W'), or('', 'Japan', 'India, France', 'United States'),
  or('May 1, 2021', ''), or('2019', '1870', '2100', '0999'), or('', 'PG-13', '74 min'), or('90 min', '1 Season', '3 Seasons', ''),
  or('Dramas, TV Sci-Fi & Fantasy', "Kids' TV", 'Stand-Up Comedy', ''), or('', 'Some words.\nMore.'),
).map((t) => [...t]);
const flagsRow = fc.tuple(
  or('0'), or('1'), text, or('2019', '1999', 'x'), or('13+', 'all', ''), or('8.8', '9.4/10', '', '11', '-1'), or('87%', '100/100', '', '150%'),
  or('0', '1'), or('0', '1'), or('0', '1'), or('0', '1'), or('0', '1'), or('', 'A B,C D'), or('Action,Sci-Fi', 'Biography', ''),
  or('United States', ''), or('English,Japanese', 'Klingon', ''), or('148', '0', '', '12.5'),
).map((t) => [...t]);

let titles = 0;

function checkTitle(t: SourceTitle | string): void {
  if (typeof t !== 'string') titles++;
  if (typeof t === 'string') {
    expect(t.length).toBeGreaterThan(0);
    return;
  }
  expect(['movie', 'series']).toContain(t.kind);
  expect(t.title.trim()).not.toBe('');
  expect(Number.isInteger(t.year) && t.year >= 1870 && t.year <= 2100).toBe(true);
  for (const g of t.genres ?? []) expect(GENRES).toContain(g);
  expect((t.genres ?? []).length).toBeLessThanOrEqual(3);
  if (t.language != null) expect(Object.keys(LANGUAGE_NAMES)).toContain(t.language);
  if (t.imdbRating != null) expect(t.imdbRating >= 0 && t.imdbRating <= 10).toBe(true);
  if (t.rottenTomatoes != null) expect(Number.isInteger(t.rottenTomatoes) && t.rottenTomatoes >= 0 && t.rottenTomatoes <= 100).toBe(true);
  if (t.runtime != null) expect(Number.isInteger(t.runtime) && t.runtime > 0).toBe(true);
}

describe('row mapping, for any fields', () => {
  it('streaming-csv rows become a valid title or a reason', () => {
    titles = 0;
    fc.assert(fc.property(fc.oneof(streamingRow, row(STREAMING_COLUMNS.length)), (f) => checkTitle(streamingTitle(f, 'Netflix', 'US', '2021-09'))), { numRuns: 2000 });
    expect(titles).toBeGreaterThan(10); // the runs reach the mapping, not only the early refusals
  });

  it('platform-flags rows become a valid title or a reason', () => {
    const header = ['', 'ID', 'Title', 'Year', 'Age', 'IMDb', 'Rotten Tomatoes', 'Netflix', 'Hulu', 'Prime Video', 'Disney+', 'Type', 'Directors', 'Genres', 'Country', 'Language', 'Runtime'];
    const cols = flagColumns('x.csv', header);
    titles = 0;
    fc.assert(fc.property(fc.oneof(flagsRow, row(header.length)), (f) => checkTitle(flagsTitle(f, cols, { region: 'US', asOf: '2020-01' }))), { numRuns: 2000 });
    expect(titles).toBeGreaterThan(10);
  });

  it('title.basics rows are kept with a kind and a year, skipped with a reason, or failed with one', () => {
    fc.assert(
      fc.property(row(9), (f) => {
        const v = basicsVerdict(f);
        if (!v) return;
        if ('fail' in v) expect(v.fail.length).toBeGreaterThan(0);
        else if (v.keep) expect(['movie', 'series']).toContain(v.kind);
        else expect(v.reason.length).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });
});
