// What real IMDb and Letterboxd files hold beyond the clean exports: a localised Title beside the
// Original Title, shorts, dates re-saved by a spreadsheet in any locale, a row whose date cannot be
// read, and Letterboxd's miniseries logged as films. Fixtures in fixtures/imdb and
// fixtures/letterboxd-resaved, written by hand in the layouts spreadsheets write.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TitleMatcher, type MatchCandidate } from '../../../catalog/sources/matcher.js';
import { matchEntry } from '../imports.matching.js';
import { FileDates } from './dates.js';
import { parseImportFile, type ImportedEntry } from './index.js';

const parse = (path: string) => parseImportFile(path.split('/').pop()!, readFileSync(new URL(`./fixtures/${path}`, import.meta.url)));
const dates = (entries: ImportedEntry[]) => entries.map((e) => [e.name, e.happenedAt]);

const title = (c: Partial<MatchCandidate> & Pick<MatchCandidate, 'id' | 'kind' | 'title' | 'year'>): MatchCandidate => ({ originalTitle: null, tmdbId: null, imdbId: null, ...c });
const catalog = new TitleMatcher([
  title({ id: 'movie-north-wind-2017', kind: 'movie', title: 'North Wind', year: 2017, runtime: 112 }),
  title({ id: 'series-city-by-the-sea-2015', kind: 'series', title: 'City by the Sea', originalTitle: 'Ciudad del mar', year: 2015, endYear: 2019 }),
  title({ id: 'movie-the-lighthouse-2019', kind: 'movie', title: 'The Lighthouse', year: 2019, runtime: 109 }),
  title({ id: 'series-salt-road-2015', kind: 'series', title: 'Salt Road', year: 2015 }),
  title({ id: 'movie-cold-coast-2016', kind: 'movie', title: 'Cold Coast', year: 2016, runtime: 101 }),
  title({ id: 'series-cold-coast-2016', kind: 'series', title: 'Cold Coast', year: 2016, endYear: 2018 }),
], { thisYear: 2026 });
const matched = (entries: ImportedEntry[]) => entries.map((e) => { const m = matchEntry(catalog, e); return m.kind === 'matched' ? m.id : m.kind; });

describe('IMDb files from other languages', () => {
  it('an Italian export matches by its Original Title; a short never joins the feature of its name', () => {
    const { entries } = parse('imdb/ratings-it.csv');
    expect(entries.map((e) => [e.name, e.originalName, e.runtime, e.short])).toEqual([
      ['Il vento del nord', 'North Wind', 112, false],
      ['La città sul mare', 'Ciudad del mar', null, false],
      ['Il faro', 'The Lighthouse', 14, true],
      ["Stagioni d'inverno", null, 95, false],
    ]);
    expect(matched(entries)).toEqual(['movie-north-wind-2017', 'series-city-by-the-sea-2015', 'none', 'none']);
  });

  it('a German re-save (semicolons, Windows-1252, dotted dates with times, year first) matches and keeps its dates', () => {
    const { entries } = parse('imdb/ratings-de-resaved.csv');
    expect(dates(entries)).toEqual([['Der Nordwind', '2024-02-03'], ['Die Stadt am Meer', '2024-01-31'], ['Grüße aus Köln', '2024-01-15']]);
    expect(matched(entries).slice(0, 2)).toEqual(['movie-north-wind-2017', 'series-city-by-the-sea-2015']);
  });
});

describe('dates a spreadsheet wrote', () => {
  it('a US re-save (M/D/YYYY, with times): the day over 12 decides the file; an unreadable date keeps its row, undated', () => {
    const { entries, rowsRead } = parse('imdb/ratings-us-resaved.csv');
    expect(rowsRead).toBe(4);
    expect(dates(entries)).toEqual([['North Wind', '2024-01-31'], ['Salt Road', '2024-02-03'], ['Paper Moons', '2023-12-25'], ['Cold Coast', null]]);
  });

  it('a British dd-mm-yy and a French D/M/YYYY: day first, the ambiguous rows too', () => {
    expect(dates(parse('imdb/ratings-uk-yy.csv').entries)).toEqual([['Harbour Watch', '2024-02-03'], ['Dust Road', '2023-12-25']]);
    expect(dates(parse('imdb/ratings-fr-resaved.csv').entries)).toEqual([['Le Vent du Nord', '2024-02-03'], ['Le Phare', '2023-12-25']]);
  });

  it('a file of ambiguous dates only: no future date, else the separator\'s habit (slashes month first, dots and dashes day first)', () => {
    const read = (texts: string[]) => {
      const got: Array<string | null> = [];
      const d = new FileDates(new Date('2024-03-10T12:00:00Z'));
      for (const t of texts) d.defer([t], (day) => got.push(day));
      d.finish();
      return got;
    };
    expect(read(['03/04/2024', '01/02/2024'])).toEqual(['2024-03-04', '2024-01-02']);
    expect(read(['03.04.2023', '01-02-2024'])).toEqual(['2023-04-03', '2024-02-01']);
    // Month first would put 09/03/2024 in the future (September): day first, slashes or not.
    expect(read(['09/03/2024', '01/02/2024'])).toEqual(['2024-03-09', '2024-02-01']);
    expect(read(['2024-01-31T23:00:00Z', 'Mon Jan 31 00:00:00 2016', '2024/01/05', 'gestern', '', '31/02/2024'])).toEqual(['2024-01-31', '2016-01-31', '2024-01-05', null, null, null]);
  });
});

describe('Letterboxd series', () => {
  it('a diary re-saved day first with comma decimals: a miniseries matches a series, a name that is both is the film', () => {
    const { entries } = parse('letterboxd-resaved/diary.csv');
    expect(entries.map((e) => [e.name, e.kind, e.sourceRating, e.happenedAt])).toEqual([
      ['Salt Road', null, '4.5/5', '2024-03-02'],
      ['Cold Coast', null, '4/5', '2024-01-05'],
      ['Ciudad del mar', null, '5/5', '2024-01-10'],
      ['Am Ende des Tages', null, '3/5', '2024-01-11'],
    ]);
    expect(matched(entries)).toEqual(['series-salt-road-2015', 'movie-cold-coast-2016', 'series-city-by-the-sea-2015', 'none']);
  });
});
