// A file that holds no titles (a header only, or rows none of which names a film or series) is
// refused with a 400 that says so, not previewed as an import of nothing; nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@app/shared';
import { dialects } from './support/dialects.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { failure, onboardedUser } from './recommendations.helpers.js';

const IMDB_HEADER = 'Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors';

describe.each(dialects)('an import file with no titles on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => server?.close());

  it('answers 400 with a detail saying the file holds no titles, and stores nothing', async () => {
    const c = await onboardedUser(server);
    const refused = async (filename: string, content: string) => {
      const err = await failure<ApiError>(c.api.imports.create({ filename, content }));
      expect(err.status).toBe(400);
      expect(err.body?.code).toBe('bad_request');
      return err.detail;
    };
    expect(await refused('ratings.csv', `${IMDB_HEADER}\r\n`)).toBe('ratings.csv holds no titles: it has nothing after its header. Export your history again once it lists what you watched or rated.');
    expect(await refused('watchlist.csv', 'Date,Name,Year,Letterboxd URI\n,,,\n')).toMatch(/^watchlist\.csv holds no titles: it has nothing after its header/);
    expect(await refused('watched-movies.json', '[]')).toMatch(/^watched-movies\.json holds no titles/);
    const episodes = `${IMDB_HEADER}\ntt9800001,8,2024-01-01,Pilot,Pilot,u,TV Episode,8,50,2020,Drama,10,,\ntt9800002,7,2024-01-02,Finale,Finale,u,Video Game,7,0,2021,,5,,\n`;
    expect(await refused('ratings.csv', episodes)).toBe('ratings.csv holds no titles we can import: none of its 2 rows names a film or a series (episodes without their series, games and podcasts are not read).');
    expect((await c.api.imports.list()).imports).toEqual([]);
  });
});
