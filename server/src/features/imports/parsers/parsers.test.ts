// What a user sees of each export format: the titles we read from it, merged per title, with the
// source's like/dislike thresholds, and a one-line error naming the file (and line) otherwise.
import { readFileSync } from 'node:fs';
import { IMPORT_MAX_BYTES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { makeZip } from './fixtures/make-zip.js';
import { ImportFileError, parseImportFile, type ImportedEntry } from './index.js';
import { netflixShow } from './netflix.js';

const fixture = (path: string) => readFileSync(new URL(`./fixtures/${path}`, import.meta.url));
const parse = (name: string, text: string | Buffer, source?: Parameters<typeof parseImportFile>[2]) => parseImportFile(name, Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'), source);
const byName = (entries: ImportedEntry[]) => Object.fromEntries(entries.map((e) => [e.name, e]));

/** The message of the ImportFileError that `fn` throws. */
function failure(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ImportFileError);
    const message = (e as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error('expected an ImportFileError');
}

const LETTERBOXD_FILES = ['ratings.csv', 'watched.csv', 'watchlist.csv', 'diary.csv', 'likes/films.csv', 'reviews.csv', 'lists/favourites.csv', 'profile.csv'];
const letterboxdZip = (prefix = 'letterboxd-someone-2024-01-01-00-00-utc/') => makeZip(LETTERBOXD_FILES.map((n) => ({ name: prefix + n, data: fixture(`letterboxd/${n}`) })));

describe('Letterboxd', () => {
  it('merges the export zip per film: watched, ratings, diary, likes and the watchlist; reviews and lists are not read', () => {
    const parsed = parse('letterboxd-someone.zip', letterboxdZip());
    expect(parsed.source).toBe('letterboxd');
    expect(parsed.rowsRead).toBe(13);
    const films = byName(parsed.entries);
    expect(Object.keys(films).sort()).toEqual(['Glass Meridian', 'Harbour Lights', 'Paper Kites', 'Rain, Then Thunder', 'Salt and Cedar', 'The "Long" Night', 'The Quiet Orchard']);
    // Letterboxd logs miniseries as films: without a TMDB id, the kind is the matcher's to find.
    expect(parsed.entries.every((e) => e.kind === null)).toBe(true);
    // In ratings.csv: that rating; also in watched.csv: the later date wins.
    expect(films['The Quiet Orchard']).toMatchObject({ year: 2019, sourceRating: '4.5/5', liked: true, watched: true, watchlist: false, happenedAt: '2023-02-01' });
    // Not rated in ratings.csv: the latest diary rating; on the watchlist too but watched, so not a wish.
    expect(films['Harbour Lights']).toMatchObject({ sourceRating: '4/5', liked: true, watched: true, watchlist: false, happenedAt: '2023-08-01' });
    // A heart is a like whatever the stars.
    expect(films['Paper Kites']).toMatchObject({ sourceRating: '0.5/5', liked: true, happenedAt: '2023-09-09' });
    expect(films['Rain, Then Thunder']).toMatchObject({ sourceRating: '2/5', liked: false });
    expect(films['The "Long" Night']).toMatchObject({ year: null, sourceRating: '3/5', liked: null });
    expect(films['Salt and Cedar']).toMatchObject({ sourceRating: null, liked: null, watched: true });
    expect(films['Glass Meridian']).toMatchObject({ watched: false, watchlist: true, liked: null, happenedAt: '2023-06-01' });
  });

  it('reads the zip with its files at the top too, and knows it is Letterboxd without the .zip name', () => {
    const parsed = parse('upload.bin', letterboxdZip(''));
    expect(parsed.source).toBe('letterboxd');
    expect(parsed.entries).toHaveLength(7);
  });

  it('reads ratings.csv on its own: BOM, CRLF, quoted commas and quotes, a missing year', () => {
    const parsed = parse('ratings.csv', fixture('letterboxd/ratings.csv'));
    expect(parsed.entries.map((e) => [e.name, e.year, e.sourceRating, e.liked, e.line])).toEqual([
      ['The Quiet Orchard', 2019, '4.5/5', true, 2],
      ['Rain, Then Thunder', 2021, '2/5', false, 3],
      ['The "Long" Night', null, '3/5', null, 4],
      ['Paper Kites', 2015, '0.5/5', false, 5],
    ]);
  });

  it('tells watched.csv, watchlist.csv and likes/films.csv apart by their names, which a browser may have changed', () => {
    const text = 'Date,Name,Year,Letterboxd URI\n2024-01-01,Some Film,2001,https://boxd.it/x1\n';
    expect(parse('watchlist (1).csv', text).entries[0]).toMatchObject({ watched: false, watchlist: true });
    expect(parse('watched.csv', text).entries[0]).toMatchObject({ watched: true, watchlist: false, liked: null });
    expect(parse('films.csv', text).entries[0]).toMatchObject({ watched: true, liked: true });
    expect(failure(() => parse('export.csv', text))).toMatch(/^export\.csv has the columns of Letterboxd's watched\.csv, watchlist\.csv and likes\/films\.csv: keep the name/);
  });

  it('matches headers in any letter case, merges duplicate rows, and reads a semicolon re-save', () => {
    const upper = 'DATE,NAME,YEAR,LETTERBOXD URI,RATING\n2024-01-01,Twice,1999,u,3.5\n2024-02-01,Twice,1999,u,1\n2024-01-01,Twice,2005,v,5\n';
    const e = parse('ratings.csv', upper).entries;
    expect(e.map((x) => [x.name, x.year, x.sourceRating, x.liked, x.happenedAt])).toEqual([
      ['Twice', 1999, '1/5', false, '2024-02-01'],
      ['Twice', 2005, '5/5', true, '2024-01-01'],
    ]);
    const semi = 'Date;Name;Year;Letterboxd URI;Rating\r\n2024-01-01;"A; B";2000;u;4\r\n';
    expect(parse('ratings.csv', semi).entries[0]).toMatchObject({ name: 'A; B', sourceRating: '4/5' });
  });

  it('names the line of a rating that is not 0.5 to 5 stars', () => {
    const text = 'Date,Name,Year,Letterboxd URI,Rating\n2024-01-01,Fine,2000,u,4\n2024-01-01,Not Fine,2000,u,7\n';
    expect(failure(() => parse('ratings.csv', text))).toBe('ratings.csv, line 3: rating "7" is not 0.5 to 5 stars.');
  });

  it('maps every star rating by the thresholds: >= 3.5 like, <= 2 dislike', () => {
    const stars = [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5];
    const text = `Date,Name,Year,Letterboxd URI,Rating\n${stars.map((s) => `2024-01-01,Film ${s},2000,u${s},${s}`).join('\n')}\n`;
    const liked = parse('ratings.csv', text).entries.map((e) => [e.sourceRating, e.liked]);
    expect(liked).toEqual(stars.map((s) => [`${s}/5`, s >= 3.5 ? true : s <= 2 ? false : null]));
  });
});

describe('IMDb', () => {
  it('reads "Your ratings": kinds from Title Type, episodes skipped but counted, repeated titles merged', () => {
    const parsed = parse('ratings.csv', fixture('imdb-ratings.csv'));
    expect(parsed.source).toBe('imdb');
    expect(parsed.rowsRead).toBe(5);
    expect(parsed.entries).toEqual([
      { name: 'North Wind, South Sea', originalName: 'Nordwind', year: 2018, runtime: 101, short: false, kind: 'movie', imdbId: 'tt9000001', tmdbId: null, sourceRating: '10/10', liked: true, watched: true, watchlist: false, happenedAt: '2024-03-01', line: 2 },
      { name: 'Static Hours', originalName: null, year: 2020, runtime: null, short: false, kind: 'series', imdbId: 'tt9000002', tmdbId: null, sourceRating: '4/10', liked: false, watched: true, watchlist: false, happenedAt: '2024-01-06', line: 3 },
      { name: 'The "Kind" Stranger', originalName: 'The Kind Stranger', year: 2022, runtime: null, short: false, kind: 'series', imdbId: 'tt9000004', tmdbId: null, sourceRating: '7/10', liked: true, watched: true, watchlist: false, happenedAt: '2024-02-01', line: 5 },
    ]);
  });

  it('reads the older watchlist export (lower-case headers, "Feature Film", textual dates) as wishes', () => {
    const parsed = parse('WATCHLIST.csv', fixture('imdb-watchlist.csv'));
    expect(parsed.entries.map((e) => [e.name, e.kind, e.watched, e.watchlist, e.happenedAt])).toEqual([
      ['Lantern Bay', 'movie', false, true, '2012-02-13'],
      ['Orbit School', 'series', false, true, '2013-05-01'],
    ]);
  });

  it('counts a rated row of a newer watchlist as watched, and accepts a minimal ratings header', () => {
    const list = 'Position,Const,Created,Modified,Description,Title,Title Type,Year,Your Rating,Date Rated\n1,tt1,2024-01-01,,,Seen It,movie,2001,3,2024-02-02\n2,tt2,2024-01-01,,,Want It,movie,2002,,\n';
    expect(parse('list.csv', list).entries.map((e) => [e.name, e.watched, e.watchlist, e.liked])).toEqual([
      ['Seen It', true, false, false],
      ['Want It', false, true, null],
    ]);
    expect(parse('x.csv', 'const,your rating,title\ntt77,8,Only Three Columns\n').entries[0]).toMatchObject({ imdbId: 'tt77', kind: null, year: null, liked: true });
  });

  it('names the line of a bad id or rating', () => {
    expect(failure(() => parse('ratings.csv', 'Const,Your Rating,Title\ntt1,5,A\nnm123,5,B\n'))).toBe('ratings.csv, line 3: "nm123" is not an IMDb title id (tt followed by digits).');
    expect(failure(() => parse('ratings.csv', 'Const,Your Rating,Title\ntt1,11,A\n'))).toBe('ratings.csv, line 2: rating "11" is not a whole number from 1 to 10.');
  });

  it('maps every rating by the thresholds: >= 7 like, <= 4 dislike', () => {
    const text = `Const,Your Rating,Title\n${Array.from({ length: 10 }, (_, i) => `tt${i + 1},${i + 1},T${i + 1}`).join('\n')}`;
    expect(parse('ratings.csv', text).entries.map((e) => e.liked)).toEqual([false, false, false, false, null, null, true, true, true, true]);
  });
});

describe('Netflix', () => {
  it('collapses episodes to their show, keeps film names with colons whole, merges repeats, keeps the latest date', () => {
    const parsed = parse('NetflixViewingHistory.csv', fixture('NetflixViewingHistory.csv'));
    expect(parsed.source).toBe('netflix');
    expect(parsed.rowsRead).toBe(9);
    expect(parsed.entries.map((e) => [e.name, e.kind, e.happenedAt, e.watched, e.liked])).toEqual([
      ['Harbour Town', 'series', '2024-02-03', true, null],
      ['Mission: Improbable - Ghost Code', null, '2023-12-25', true, null],
      ['Lantern Saga: Part 2', null, '2024-01-02', true, null],
      ['Night Ward', 'series', '2024-01-20', true, null],
      ['Orbit School', 'series', '2024-02-01', true, null],
      ['The Glass Case', null, '2024-01-05', true, null],
    ]);
  });

  it.each([
    ['Harbour Town: Season 1: The Pier', 'Harbour Town'],
    ['Harbour Town: Series 3: Episode 2', 'Harbour Town'],
    ['Night Ward: Limited Series: Shift One', 'Night Ward'],
    ['Night Ward: Season 1', 'Night Ward'],
    ['Heist Club: Part 2: Episode 1', 'Heist Club'],
    ['Water Nation: Book One: Water: The Boy', 'Water Nation'],
    ['Star Route: Discovery: Season 2: Home', 'Star Route: Discovery'],
    ['Orbit School: Orbit School 2: Chapter One: Liftoff', 'Orbit School'],
    ['Unsolved Riddles: Volume 1: The Roof', 'Unsolved Riddles'],
    ['La Casa: Temporada 2: Capítulo 5', 'La Casa'],
    ['Mission: Improbable', null],
    ['Mission: Improbable - Ghost Code', null],
    ['Desert Planet: Part Two', null],
    ['Kill Count: Vol. 1', null],
    ['Wick: Chapter 3 - Parabellum', null],
    ['Plain Title', null],
  ])('%s -> %s', (title, show) => {
    expect(netflixShow(title)).toBe(show);
  });

  it('reads day-first, dotted and ISO dates, and never fails on one it cannot read', () => {
    const dayFirst = 'Title,Date\nA,31/01/2024\nB,02/03/2024\n';
    expect(parse('NetflixViewingHistory.csv', dayFirst).entries.map((e) => e.happenedAt)).toEqual(['2024-01-31', '2024-03-02']);
    const dotted = 'Title,Date\nA,02.03.24\n';
    expect(parse('NetflixViewingHistory.csv', dotted).entries[0].happenedAt).toBe('2024-03-02');
    const mixed = 'Title,Date\nA,2024-01-31\nB,yesterday\nC,13/13/2024\nD,\n';
    expect(parse('NetflixViewingHistory.csv', mixed).entries.map((e) => e.happenedAt)).toEqual(['2024-01-31', null, null, null]);
  });
});

describe('Trakt', () => {
  const traktZip = () =>
    makeZip(['watched-movies.json', 'watched-shows.json', 'ratings-movies.json', 'watchlist-movies.json', 'ratings-episodes.json'].map((n) => ({ name: `export/${n}`, data: fixture(`trakt/${n}`) })).concat([{ name: 'export/user-profile.json', data: Buffer.from('{"username":"x"}') }]));

  it('merges a zip of the export files per title by its ids', () => {
    const parsed = parse('trakt-export.zip', traktZip());
    expect(parsed.source).toBe('trakt');
    expect(parsed.rowsRead).toBe(8);
    const t = byName(parsed.entries);
    expect(t['Copper Sky']).toMatchObject({ kind: 'movie', year: 2016, imdbId: 'tt9100001', tmdbId: 5001, sourceRating: '8/10', liked: true, watched: true, watchlist: false, happenedAt: '2024-03-02' });
    expect(t['Dust Road']).toMatchObject({ sourceRating: '3/10', liked: false, watched: true });
    // Watched and on the watchlist: watched; no imdb id: merged by tmdb id.
    expect(t['Window Seat']).toMatchObject({ imdbId: null, tmdbId: 5002, watched: true, watchlist: false });
    expect(t['Pale Lighthouse']).toMatchObject({ watched: false, watchlist: true });
    expect(t['Long Harbour']).toMatchObject({ kind: 'series', watched: true, liked: null });
    // An episode's rating counts its show as watched, never as a rating of the show.
    expect(t['Grey Coast']).toMatchObject({ kind: 'series', watched: true, sourceRating: null, liked: null });
    expect(parsed.entries).toHaveLength(6);
  });

  it('reads one JSON file, and an object holding the lists', () => {
    expect(parse('watchlist-movies.json', fixture('trakt/watchlist-movies.json')).entries.map((e) => e.name)).toEqual(['Pale Lighthouse', 'Window Seat']);
    const combined = JSON.stringify({ username: 'x', ratings: JSON.parse(fixture('trakt/ratings-movies.json').toString()), watchlist: [] });
    expect(parse('trakt.json', combined).entries.map((e) => e.liked)).toEqual([true, false]);
  });

  it('refuses JSON that is not a Trakt export, is broken, is too deep, or has a bad rating', () => {
    expect(failure(() => parse('data.json', '[{"a":1}]'))).toBe('data.json is not a Trakt export: none of its items names a movie or a show.');
    expect(failure(() => parse('data.json', '"just a string"'))).toMatch(/^data\.json is not a Trakt export/);
    expect(failure(() => parse('data.json', '[\n{"movie": {"title": "A"}},\n{oops}\n]'))).toMatch(/^data\.json(, line 3)?: not valid JSON\.$/);
    expect(failure(() => parse('data.json', '['.repeat(100_000)))).toBe('data.json nests deeper than 64 levels: it is not a Trakt export.');
    expect(failure(() => parse('r.json', '[{"rating": 11, "movie": {"title": "A"}}]'))).toBe('r.json, item 1: rating 11 is not a whole number from 1 to 10.');
  });
});

describe('files we cannot read', () => {
  it('refuses an empty file and one over 10 MB, and reads one of exactly 10 MB', () => {
    expect(failure(() => parse('ratings.csv', ''))).toBe('ratings.csv is empty.');
    expect(failure(() => parse('ratings.csv', ' \r\n\n'))).toBe('ratings.csv is empty.');
    // 10 MB of Netflix history: 2,000 shows' episodes, padded with blank lines to the byte.
    const rows = ['Title,Date'];
    for (let i = 0, size = 10; size < IMPORT_MAX_BYTES - 200; i++) {
      rows.push(`"Show ${i % 2000}: Season ${i % 7}: Episode ${i}, the one with commas",1/${(i % 28) + 1}/24`);
      size += rows[rows.length - 1].length + 1;
    }
    const head = Buffer.from(rows.join('\n'), 'utf8');
    const exact = Buffer.concat([head, Buffer.alloc(IMPORT_MAX_BYTES - head.length, '\n')]);
    expect(exact.length).toBe(IMPORT_MAX_BYTES);
    const parsed = parseImportFile('NetflixViewingHistory.csv', exact);
    expect(parsed.entries).toHaveLength(2000);
    expect(parsed.rowsRead).toBe(rows.length - 1);
    expect(failure(() => parseImportFile('NetflixViewingHistory.csv', Buffer.concat([exact, Buffer.from('\n')])))).toBe('NetflixViewingHistory.csv is larger than 10 MB.');
  });

  it('refuses a renamed image, document or archive, saying what it is and what we accept', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(failure(() => parseImportFile('ratings.csv', png))).toMatch(/^ratings\.csv is a PNG image, not a history export\. Accepted: a Letterboxd export/);
    expect(failure(() => parse('ratings.csv', '%PDF-1.7\n%âãÏÓ\n'))).toMatch(/^ratings\.csv is a PDF document/);
    expect(failure(() => parseImportFile('x.csv', Buffer.from([0x41, 0x00, 0x42])))).toMatch(/^x\.csv is not a text file\. Accepted:/);
  });

  it('names the columns of a CSV it does not know, and what it accepts', () => {
    expect(failure(() => parse('books.csv', 'ISBN,Author,Shelf\n1,2,3\n'))).toMatch(/^books\.csv is not a file we can read \(its first line: ISBN, Author, Shelf\)\. Accepted: .*IMDb ratings or watchlist.*Netflix.*Trakt/);
    expect(failure(() => parse('x.csv', 'Const,Title,IMDb Rating\ntt1,A,7\n'))).toMatch(/^x\.csv looks like an IMDb export but has no Your Rating or Position column/);
  });

  it('refuses a file that is not the source the user chose', () => {
    expect(failure(() => parse('ratings.csv', fixture('imdb-ratings.csv'), 'letterboxd'))).toBe('ratings.csv looks like an IMDb ratings export, not Letterboxd: choose IMDb, or send your Letterboxd export.');
    expect(failure(() => parse('l.zip', letterboxdZip(), 'trakt'))).toMatch(/^l\.zip looks like a Letterboxd export, not Trakt/);
    expect(failure(() => parse('n.csv', fixture('NetflixViewingHistory.csv'), 'imdb'))).toMatch(/^n\.csv looks like a Netflix viewing history, not IMDb/);
    expect(parse('ratings.csv', fixture('imdb-ratings.csv'), 'imdb').source).toBe('imdb');
  });

  it('names the line of a CSV error', () => {
    const text = 'Const,Your Rating,Title\ntt1,7,Fine\ntt2,7,"Broken" here\n';
    expect(failure(() => parse('ratings.csv', text))).toBe('ratings.csv, line 3: unexpected " " after a closing quote');
    expect(failure(() => parse('ratings.csv', 'Const,Your Rating,Title\ntt1,7,"never closed\n'))).toBe('ratings.csv, line 2: unterminated quoted field at the end of the file');
  });

  it('refuses more than 50,000 titles', () => {
    const rows = Array.from({ length: 50_001 }, (_, i) => `T${i},1/1/24`).join('\n');
    expect(failure(() => parse('NetflixViewingHistory.csv', `Title,Date\n${rows}`))).toMatch(/^NetflixViewingHistory\.csv has more than 50,000 titles/);
  });

  it('reads a UTF-16 spreadsheet save and a Windows-1252 one', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Title,Date\r\nAmélie Street,1/2/24\r\n', 'utf16le')]);
    expect(parseImportFile('NetflixViewingHistory.csv', utf16).entries[0].name).toBe('Amélie Street');
    const cp1252 = Buffer.from('Title,Date\r\nAm\xe9lie Street,1/2/24\r\n', 'latin1');
    expect(parseImportFile('NetflixViewingHistory.csv', cp1252).entries[0].name).toBe('Amélie Street');
  });
});
