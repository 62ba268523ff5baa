// Saving and resetting one user's preferences at the same moment (two tabs, a double click): on
// PostgreSQL the two transactions used to take the user row and the favourites in opposite
// orders and could deadlock into a 500 (found by the fuzz test, seed 361463690). Every request
// must answer 200, and the user ends in one of the two states, never between.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { onboardedUser } from './recommendations.helpers.js';

describe.each(dialects)('preferences saved and reset at once on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers every save and reset, and leaves the user onboarded with favourites or reset without', async () => {
    const c = await onboardedUser(server);
    const prefs = await c.api.onboarding.getPreferences();
    const save = () =>
      c.api.onboarding.savePreferences({
        selected_genres: prefs.selected_genres,
        preferred_languages: prefs.preferred_languages,
        initial_movies: prefs.initial_movies,
        ott_subscriptions: prefs.ott_subscriptions,
      });
    const results = await Promise.allSettled(Array.from({ length: 24 }, (_, i) => (i % 2 ? save() : c.api.onboarding.resetPreferences())));
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    const after = await c.api.onboarding.getPreferences();
    if (after.is_onboarded) expect(after.initial_movies).toHaveLength(prefs.initial_movies.length);
    else expect(after.initial_movies).toEqual([]);
  });
});
