// What the engine learns across users runs in the product: the co-like neighbours are built from
// this instance's own favourites, likes and watched titles (never dislikes), rebuilt in the
// background while the previous table keeps serving, and a user's pick reflects other users'
// co-likes with "People who liked X also liked this" in its reason, once 5 people are behind one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Recommendation } from '@app/shared';
import { titleSimilarity } from '../src/engine/index.js';
import type { CatalogEntry } from '../src/catalog/catalog.store.js';
import { CO_LIKE_MIN_PEOPLE, CoLikes } from '../src/features/history/co-likes.js';
import { dialects } from './support/dialects.js';
import { signUp, startTestServer, type TestServer } from './support/test-server.js';

describe.each(dialects)('co-like neighbours in the product on %s', (dialect) => {
  let server: TestServer;
  let titles: CatalogEntry[];
  beforeAll(async () => {
    server = await startTestServer(dialect);
    titles = await server.running.services.catalog.titles();
  });
  afterAll(async () => {
    await server.running.services.history.coLikes.idle();
    await server?.close();
  });

  /** A signed-up user who chose exactly these favourites (by name) in onboarding. */
  async function onboard(favourites: CatalogEntry[], genres: string[]) {
    const c = await signUp(server);
    await c.api.onboarding.savePreferences({
      selected_genres: genres,
      preferred_languages: ['English'],
      initial_movies: favourites.map((t) => t.title),
      ott_subscriptions: [],
      subscription_tier: 'free_trial',
    });
    return c;
  }

  /** Titles whose name finds exactly them (onboarding resolves favourites by name). */
  async function uniquelyNamed(candidates: CatalogEntry[]): Promise<CatalogEntry[]> {
    const found = await server.running.services.catalog.findByTitles(candidates.map((t) => t.title));
    return candidates.filter((t) => found.get(t.title)?.id === t.id && titles.filter((o) => o.title === t.title).length === 1);
  }

  it("reflects other users' co-likes in a user's pick, and says so in the reason", async () => {
    const index = await server.running.services.history.index();
    const english = titles.filter((t) => t.language === 'English' && t.kind === 'movie');
    // Three favourite dramas, and Y: an English title that shares no genre with them and is as
    // unlike them as the catalog allows, so content cannot explain it.
    const favourites = (await uniquelyNamed(english.filter((t) => t.genres[0] === 'Drama'))).slice(0, 3);
    expect(favourites).toHaveLength(3);
    const genres = [...new Set(favourites.flatMap((t) => t.genres))];
    const unlike = english
      .filter((t) => !t.genres.some((g) => genres.includes(g)))
      .map((t) => ({ t, sim: Math.max(...favourites.map((f) => titleSimilarity(index, f.id, t.id))) }))
      .sort((a, b) => a.sim - b.sim);
    const [y] = await uniquelyNamed(unlike.slice(0, 20).map((u) => u.t));
    expect(Math.max(...favourites.map((f) => titleSimilarity(index, f.id, y.id)))).toBeLessThan(0.1);
    const chosenGenres = ['Drama', genres.find((g) => g !== 'Drama') ?? 'Romance'];

    // Before anyone co-liked them, a user with these favourites is not offered Y.
    const before = await onboard(favourites, chosenGenres);
    const first = Recommendation.parse(await before.api.recommendations.current());
    expect(first.title_id).not.toBe(y.id);
    expect(first.reason).not.toMatch(/people who liked/i);

    // Four other users liked the three dramas and Y together: too few people to be a neighbour,
    // or a reason that would tell those four's tastes.
    for (let u = 0; u < CO_LIKE_MIN_PEOPLE - 1; u++) await onboard([...favourites, y], ['Comedy', 'Drama']);
    const coLikes = server.running.services.history.coLikes;
    const few = await coLikes.refresh();
    for (const f of favourites) expect(few.of(f.id).map((n) => n.id)).not.toContain(y.id);
    const tooFew = Recommendation.parse(await (await onboard(favourites, chosenGenres)).api.recommendations.current());
    expect(tooFew.title_id).not.toBe(y.id);
    expect(tooFew.reason).not.toMatch(/people who liked/i);

    // A fifth makes it.
    await onboard([...favourites, y], ['Comedy', 'Drama']);
    const table = await coLikes.refresh();
    expect(table.of(favourites[2].id).map((n) => n.id)).toContain(y.id);

    const after = await onboard(favourites, chosenGenres);
    const pick = Recommendation.parse(await after.api.recommendations.current());
    expect(pick.title_id).toBe(y.id);
    const names = favourites.map((f) => f.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
    expect(pick.reason).toMatch(new RegExp(`^People who liked (${names}) also liked this: `));
    expect(pick.reason).not.toMatch(/because you liked/i);
  });

  it('rebuilds in the background after enough new ratings, serving the previous table meanwhile; dislikes never count', async () => {
    const { ctx, services } = server.running;
    const coLikes = new CoLikes(ctx, services.catalog, { checkEveryMs: 0, rebuildAfter: 3 });
    const first = await coLikes.refresh();
    const rows = coLikes.lastBuild!.rows;
    expect(coLikes.current()).toBe(first);
    await coLikes.idle();
    expect(coLikes.current()).toBe(first); // nothing new: no rebuild

    // A like, a dislike and three favourites each since the last build.
    const named = await uniquelyNamed(titles.slice(0, 40));
    const [aFavourites, bFavourites] = [named.slice(0, 3), named.slice(3, 6)];
    const [a, b] = [await onboard(aFavourites, ['Drama', 'Comedy']), await onboard(bFavourites, ['Drama', 'Comedy'])];
    const liked = await a.api.recommendations.current();
    await a.api.recommendations.rate({ recommendation_id: liked.id, movie_title: liked.movie_title, rating: true });
    const disliked = await b.api.recommendations.current();
    await b.api.recommendations.rate({ recommendation_id: disliked.id, movie_title: disliked.movie_title, rating: false });

    // The request that notices the change still gets the old table; the new one follows.
    expect(coLikes.current()).toBe(first);
    await coLikes.idle();
    const second = coLikes.current();
    expect(second).not.toBe(first);
    // 6 favourites and 1 like; the dislike is not a positive.
    expect(coLikes.lastBuild!.rows).toBe(rows + 7);
    expect(second!.support(liked.title_id)).toBeGreaterThan(first.support(liked.title_id));
    // The disliked title gains only what others did with it (a may have liked or chosen it too).
    const othersPositives = [...aFavourites.map((t) => t.id), liked.title_id].filter((id) => id === disliked.title_id).length;
    expect(second!.support(disliked.title_id)).toBe(first.support(disliked.title_id) + othersPositives);

    // Read in pages of 2 rows (keyset pages across users), the table is the same.
    const paged = await new CoLikes(ctx, services.catalog, { pageRows: 2 }).refresh();
    expect(paged.ids).toEqual(second!.ids);
    expect([...paged.nbr]).toEqual([...second!.nbr]);
    expect([...paged.weight]).toEqual([...second!.weight]);
  });
});
