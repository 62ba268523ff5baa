// The history's one write protocol (features/history/history.ts): after a write commits, the kept
// taste state and the co-likes are updated once, in one place, for every kind of writer; a writer
// that throws leaves both as they were. Through the running server's own History.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateTitle } from '../src/features/fit/fit.service.js';
import { findUserById } from '../src/features/users/users.repository.js';
import { dialects } from './support/dialects.js';
import { checkKept } from './support/taste-cache.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { onboardedUser, recommendationRows, setPlan } from './recommendations.helpers.js';

describe.each(dialects)('History.write on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    if (server) await server.running.services.history.coLikes.idle();
    await server?.close();
  });

  const history = () => server.running.services.history;
  const rev = async (userId: string) => (await findUserById(server.running.ctx.db, userId))!.taste_rev;

  async function pickedTwice() {
    const u = await onboardedUser(server);
    await setPlan(server, u.userId, 'paid_lifetime');
    const first = await u.api.recommendations.next({});
    await u.api.recommendations.next({ previous: 'watched' });
    return { u, first };
  }

  it('leaves the kept state, the history and the co-likes as they were when the writer throws', async () => {
    const { u, first } = await pickedTwice();
    const kept = history().tastes.peek(u.userId)!;
    expect(kept.rev).toBe(await rev(u.userId));
    const noted = history().coLikes.notedChanges;
    const index = await history().index();
    const failing = history().write(u.userId, async (h) => {
      await h.state(index);
      expect(await h.deleteClosed(first.id)).toBe(1);
      throw new Error('the writer failed');
    });
    await expect(failing).rejects.toThrow('the writer failed');
    expect((await recommendationRows(server, u.userId)).map((r) => r.id)).toContain(first.id);
    expect(await rev(u.userId)).toBe(kept.rev);
    expect(history().tastes.peek(u.userId)).toEqual(kept);
    expect(history().coLikes.notedChanges).toBe(noted);
    // And the next pick uses it as it was: the kept state still equals a fresh read.
    expect(await checkKept(server, u.userId)).toBe(true);
  });

  it('tells the co-likes of a removed row exactly once, and the next pick reads the history again', async () => {
    const { u, first } = await pickedTwice();
    const noted = history().coLikes.notedChanges;
    await u.api.recommendations.removeHistory(first.id);
    expect(history().coLikes.notedChanges).toBe(noted + 1);
    // Dropped by the write itself, not left under an old revision for the next pick to find stale.
    expect(history().tastes.peek(u.userId)).toBeUndefined();
    await u.api.recommendations.next({});
    expect(await checkKept(server, u.userId)).toBe(true);
  });

  it('extends the kept state in place with a rating of the newest pick, telling the co-likes nothing (rated_at does)', async () => {
    const { u } = await pickedTwice();
    const active = await u.api.recommendations.current();
    const noted = history().coLikes.notedChanges;
    await u.api.recommendations.rate({ recommendation_id: active.id, movie_title: active.movie_title, rating: true });
    const kept = history().tastes.peek(u.userId)!;
    expect(kept.rev).toBe(await rev(u.userId));
    expect(kept.state.liked).toContain((await history().index()).idToIdx.get(active.title_id));
    expect(await checkKept(server, u.userId)).toBe(true);
    expect(history().coLikes.notedChanges).toBe(noted);
  });

  it("keeps a badge rating in the kept state under the write's own revision, for the next pick", async () => {
    const { u } = await pickedTwice();
    const inHistory = new Set((await recommendationRows(server, u.userId)).map((r) => r.title_id));
    const title = (await server.running.services.catalog.titles()).find((t) => !inHistory.has(t.id))!;
    const user = (await findUserById(server.running.ctx.db, u.userId))!;
    await rateTitle(server.running.ctx, history(), user, { title_id: title.id, rating: true });
    // The badge's row is the newest: the write extended the kept state, which stands for its revision.
    const kept = history().tastes.peek(u.userId)!;
    expect(kept.rev).toBe(await rev(u.userId));
    expect(kept.state.liked).toContain((await history().index()).idToIdx.get(title.id));
    expect(await checkKept(server, u.userId)).toBe(true);
  });
});
