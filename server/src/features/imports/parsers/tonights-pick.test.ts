// Our own export and Letterboxd's import format as history files: recognised from their content,
// read with their ids (so two films of one name stay apart), and a broken file refused in one line.
import { describe, expect, it } from 'vitest';
import { ImportFileError, parseImportFile } from './index.js';

const parse = (name: string, text: string, source?: Parameters<typeof parseImportFile>[2]) => parseImportFile(name, Buffer.from(text, 'utf8'), source);

function failure(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ImportFileError);
    expect((e as Error).message).not.toContain('\n');
    return (e as Error).message;
  }
  throw new Error('expected an ImportFileError');
}

const row = (over: Record<string, unknown>) => ({
  id: 'r',
  seq: 1,
  title_id: 'movie-x',
  title: 'X',
  status: 'watched',
  rating: null,
  rated_at: null,
  created_at: '2026-11-02T20:00:00.000Z',
  closed_at: null,
  imdb_id: null,
  tmdb_id: null,
  tmdb_kind: null,
  year: 2001,
  kind: 'movie',
  ...over,
});
const exportOf = (history: unknown[], watchlist: unknown[] = []) => JSON.stringify({ format: 'tonights-pick-account-export', version: 1, history, watchlist }, null, 1);

describe("Tonight's Pick export", () => {
  it('reads watched and rated rows and the watchlist, with their ids; a pick skipped unrated says nothing', () => {
    const file = exportOf(
      [
        row({ title_id: 'movie-a', title: 'A', rating: 'liked', imdb_id: 'tt0000001', tmdb_id: 11, tmdb_kind: 'movie' }),
        row({ title_id: 'movie-b', title: 'B', status: 'skipped', rating: 'disliked' }),
        row({ title_id: 'movie-c', title: 'C', status: 'skipped' }),
        row({ title_id: 'series-d', title: 'D', kind: 'series', tmdb_id: 12, tmdb_kind: 'movie' }),
      ],
      [{ title_id: 'series-e', title: 'E', added_at: '2026-11-03T00:00:00.000Z', import_id: null, imdb_id: null, tmdb_id: 13, tmdb_kind: 'tv', year: 2010, kind: 'series' }],
    );
    const parsed = parse('tonights-pick-export-2026-11-23.json', file);
    expect(parsed).toMatchObject({ source: 'tonights_pick', rowsRead: 5 });
    expect(parsed.entries.map((e) => [e.titleId, e.watched, e.liked, e.watchlist])).toEqual([
      ['movie-a', true, true, false],
      ['movie-b', false, false, false],
      ['series-d', true, null, false],
      ['series-e', false, null, true],
    ]);
    expect(parsed.entries[0]).toMatchObject({ imdbId: 'tt0000001', tmdbId: 11, kind: 'movie', year: 2001, happenedAt: '2026-11-02' });
    // A TMDB id of the wrong kind names another title: it is not used.
    expect(parsed.entries[2].tmdbId).toBeNull();
    expect(parsed.entries[3]).toMatchObject({ tmdbId: 13, kind: 'series' });
  });

  it('is recognised from its content, and a chosen source must agree', () => {
    expect(failure(() => parse('export.json', exportOf([row({})]), 'trakt'))).toMatch(/looks like a Tonight's Pick export, not Trakt/);
  });

  it('refuses a broken or empty export in one line naming the file', () => {
    expect(failure(() => parse('mine.json', exportOf([row({ status: 7 })])))).toMatch(/^mine\.json is not a Tonight's Pick export we can read \(history\.0\.status/);
    expect(failure(() => parse('mine.json', exportOf([])))).toMatch(/^mine\.json holds no history and no watchlist/);
  });
});

describe("Letterboxd's import format", () => {
  it('reads Title, Year, imdbID, tmdbID, Rating and WatchedDate; two films of one name and year stay apart by their ids', () => {
    const csv = [
      'imdbID,tmdbID,Title,Year,Rating,WatchedDate,Rewatch',
      'tt0000010,101,Twin,1999,4,2026-01-02,false',
      'tt0000011,102,Twin,1999,1.5,2026-01-03,false',
      ',,Plain,2005,,2026-01-04,false',
    ].join('\r\n');
    const parsed = parse('tonights-pick-letterboxd-2026-11-23.csv', csv);
    expect(parsed.source).toBe('letterboxd');
    expect(parsed.entries.map((e) => [e.name, e.imdbId, e.tmdbId, e.liked, e.watched, e.sourceRating, e.happenedAt])).toEqual([
      ['Twin', 'tt0000010', 101, true, true, '4/5', '2026-01-02'],
      ['Twin', 'tt0000011', 102, false, true, '1.5/5', '2026-01-03'],
      ['Plain', null, null, null, true, null, '2026-01-04'],
    ]);
  });
});
