// A Trakt zip with every file its export holds: each read for what its name says it holds
// (watchlist.json saved for later, favourites liked, history watched, a custom list neither), and
// the files that hold no history (stats, lists of lists, the collection) passed over.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeZip } from './fixtures/make-zip.js';
import { ImportFileError, parseImportFile, type ImportedEntry } from './index.js';
import { traktMember } from './trakt.js';

const FILES = ['watchlist.json', 'history.json', 'favorites-movies.json', 'lists-weekend-picks.json', 'lists-lists.json', 'collection-movies.json', 'user-stats.json', 'ratings-shows.json'];
const fixture = (name: string) => readFileSync(new URL(`./fixtures/trakt-full/${name}`, import.meta.url));
const byName = (entries: ImportedEntry[]) => Object.fromEntries(entries.map((e) => [e.name, e]));

describe('Trakt zips with every file', () => {
  it('reads each file for what it holds: the watchlist, favourites, history and ratings; lists and stats add nothing', () => {
    const parsed = parseImportFile('trakt-export.zip', makeZip(FILES.map((n) => ({ name: `someone/${n}`, data: fixture(n) }))));
    expect(parsed.source).toBe('trakt');
    const t = byName(parsed.entries);
    expect(Object.keys(t).sort()).toEqual(['Die Küste', 'La casa del lago', 'Nordlys', "Vent d'hiver"]);
    expect(t["Vent d'hiver"]).toMatchObject({ kind: 'movie', imdbId: 'tt9700001', watched: false, watchlist: true, happenedAt: '2024-06-01' });
    // Saved, then watched (an episode) and rated: watched, no longer a wish.
    expect(t['Die Küste']).toMatchObject({ kind: 'series', watched: true, watchlist: false, sourceRating: '9/10', liked: true, happenedAt: '2024-06-02' });
    expect(t['La casa del lago']).toMatchObject({ watched: true, liked: null, happenedAt: '2024-05-20' });
    expect(t['Nordlys']).toMatchObject({ watched: true, liked: true, watchlist: false });
  });

  it('knows each file by its name, and a zip of files that hold no history is not a Trakt export', () => {
    expect(['watchlist.json', 'watchlist-movies.json', 'lists-watchlist.json', 'history.json', 'history-movies-2.json', 'watched_shows.json', 'ratings-episodes.json', 'favorites-shows.json', 'lists/weekend.json', 'lists-lists.json', 'user-stats.json', 'collection-movies.json', '__MACOSX/._watchlist.json', 'notes.txt'].map(traktMember)).toEqual(
      ['watchlist', 'watchlist', 'watchlist', 'history', 'history', 'watched', 'ratings', 'favorites', 'lists', 'lists', 'other', 'other', null, null],
    );
    const stats = makeZip(['user-stats.json', 'lists-lists.json'].map((n) => ({ name: n, data: fixture(n) })));
    expect(() => parseImportFile('stats.zip', stats)).toThrow(ImportFileError);
  });

  it('watchlist.json uploaded on its own is saved for later', () => {
    const parsed = parseImportFile('watchlist.json', fixture('watchlist.json'));
    expect(parsed.entries.map((e) => [e.name, e.watched, e.watchlist])).toEqual([["Vent d'hiver", false, true], ['Die Küste', false, true]]);
  });
});
