// The one read of what the engine needs about a person besides their history (history.repository
// tasteInputs): the onboarding favourites in the order chosen (not the order stored) and the saved
// titles, up to the bound, of that person only, on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasteInputs } from '../src/features/history/history.repository.js';
import { favouriteTitleIds } from '../src/features/onboarding/onboarding.repository.js';
import { dialects } from './support/dialects.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { onboardedUser } from './recommendations.helpers.js';

describe.each(dialects)('the taste inputs on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gives the favourites in the order chosen and the saved titles, up to the bound, of that user only', async () => {
    const db = server.running.ctx.db;
    const [me, other] = [await onboardedUser(server), await onboardedUser(server)];
    const { movies } = await me.api.onboarding.filteredMovies({ genres: ['Drama', 'Thriller'], languages: ['English'] });
    const ids = movies.slice(0, 6).map((m) => m.id);
    // Stored out of their chosen order, so only the position orders them.
    await db.deleteFrom('user_favourites').where('user_id', '=', me.userId).execute();
    const at = new Date().toISOString();
    await db
      .insertInto('user_favourites')
      .values([2, 0, 1].map((position) => ({ user_id: me.userId, title_id: ids[position], position, created_at: at })))
      .execute();
    for (const id of ids.slice(3, 6)) await me.api.watchlist.add({ title_id: id });
    await other.api.watchlist.add({ title_id: ids[0] });

    const got = await tasteInputs(db, me.userId, 10);
    expect(got.favourites).toEqual(ids.slice(0, 3));
    expect(got.favourites).toEqual(await favouriteTitleIds(db, me.userId));
    expect([...got.saved].sort()).toEqual(ids.slice(3, 6).sort());
    expect((await tasteInputs(db, me.userId, 2)).saved).toHaveLength(2);
    expect((await tasteInputs(db, me.userId, 2)).favourites).toEqual(ids.slice(0, 3));
  });
});
