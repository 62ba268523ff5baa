// Correcting the history (PATCH / DELETE /api/recommendations/history/:id) through the real API on
// a real database: change or clear a rating, mark watched or not, remove an entry; tonight's pick
// keeps its card's own buttons; the engine and the co-likes learn from the new state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryResponse, MessageResponse, Recommendation } from '@app/shared';
import { CoLikes } from '../src/features/history/co-likes.js';
import { changesSince } from '../src/features/history/co-likes.repository.js';
import { tasteRows } from '../src/features/history/history.repository.js';
import { buildTaste } from '../src/features/history/taste-state.js';
import { findUserById } from '../src/features/users/users.repository.js';
import { dialects } from './support/dialects.js';
import { rawRequest, startTestServer, TestClock, type TestServer } from './support/test-server.js';
import { failure, onboardedUser, recommendationRows, setPlan, type Onboarded } from './recommendations.helpers.js';

describe.each(dialects)('history edits on %s', (dialect) => {
  let server: TestServer;
  const clock = new TestClock();
  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A user with three closed picks (oldest first) and an active one. */
  async function withHistory(): Promise<{ u: Onboarded; closed: Recommendation[]; active: Recommendation }> {
    const u = await onboardedUser(server);
    await setPlan(server, u.userId, 'paid_lifetime');
    const closed = [await u.api.recommendations.current()];
    closed.push(await u.api.recommendations.next({}));
    closed.push(await u.api.recommendations.next({}));
    const active = await u.api.recommendations.next({});
    return { u, closed, active };
  }

  const row = async (userId: string, id: string) => (await recommendationRows(server, userId)).find((r) => r.id === id);

  async function taste(userId: string) {
    const user = (await findUserById(server.running.ctx.db, userId))!;
    return buildTaste(user, [], await tasteRows(server.running.ctx.db, userId));
  }

  it('changes and clears a rating, with rated_at now; the engine stops counting a cleared like', async () => {
    const { u, closed } = await withHistory();
    const [a] = closed;
    await u.api.recommendations.rate({ recommendation_id: a.id, movie_title: a.movie_title, rating: true });
    expect((await taste(u.userId)).liked).toContain(a.title_id);

    clock.advance(60_000);
    const disliked = Recommendation.parse(await u.api.recommendations.editHistory(a.id, { rating: false }));
    expect(disliked).toMatchObject({ id: a.id, is_rated: true, user_rating: false, status: 'skipped' });
    expect((await row(u.userId, a.id))!.rated_at).toBe(clock.now().toISOString());
    expect((await taste(u.userId)).disliked).toContain(a.title_id);

    clock.advance(60_000);
    const since = new Date(clock.now().getTime() - 1).toISOString();
    const cleared = Recommendation.parse(await u.api.recommendations.editHistory(a.id, { rating: null }));
    expect(cleared).toMatchObject({ is_rated: false, user_rating: null });
    const stored = (await row(u.userId, a.id))!;
    expect(stored.user_rating).toBeNull();
    // rated_at says when the rating last changed, so the co-likes count the clearing as a change.
    expect(stored.rated_at).toBe(clock.now().toISOString());
    expect(await changesSince(server.running.ctx.db, since)).toBeGreaterThanOrEqual(1);
    const after = await taste(u.userId);
    expect(after.liked).not.toContain(a.title_id);
    expect(after.disliked).not.toContain(a.title_id);
    // Still issued: never picked again while it is in history.
    expect(after.recommended).toContain(a.title_id);
    // The history shows the new state.
    const history = HistoryResponse.parse(await u.api.recommendations.history({ page: 1, page_size: 10 }));
    expect(history.recommendations.find((r) => r.id === a.id)).toMatchObject({ is_rated: false, user_rating: null });
  });

  it('marks watched and unwatched; a saved title marked watched leaves the watchlist', async () => {
    const { u, closed } = await withHistory();
    const [, b] = closed;
    await u.api.watchlist.add({ title_id: b.title_id });
    const watched = Recommendation.parse(await u.api.recommendations.editHistory(b.id, { watched: true, rating: true }));
    expect(watched).toMatchObject({ status: 'watched', user_rating: true, saved: false });
    expect((await u.api.watchlist.list()).total).toBe(0);
    expect((await taste(u.userId)).watched).toContain(b.title_id);
    const unwatched = await u.api.recommendations.editHistory(b.id, { watched: false });
    expect(unwatched).toMatchObject({ status: 'skipped', user_rating: true });
    expect((await taste(u.userId)).watched).not.toContain(b.title_id);
    // Now it may be saved for later again.
    expect((await u.api.watchlist.add({ title_id: b.title_id })).saved).toBe(true);
    expect((await u.api.recommendations.editHistory(b.id, { rating: true })).saved).toBe(true);
  });

  it('removes an entry (the title may be picked again) and says so', async () => {
    const { u, closed } = await withHistory();
    const [, , c] = closed;
    const res = MessageResponse.parse(await u.api.recommendations.removeHistory(c.id));
    expect(res.message).toBe('Removed from your history.');
    expect(await row(u.userId, c.id)).toBeUndefined();
    expect((await taste(u.userId)).recommended).not.toContain(c.title_id);
    const history = await u.api.recommendations.history({ page: 1, page_size: 10 });
    expect(history.total).toBe(3);
    expect(history.recommendations.map((r) => r.id)).not.toContain(c.id);
    // Gone: a second delete or an edit is a 404.
    expect((await failure(u.api.recommendations.removeHistory(c.id))).status).toBe(404);
    expect((await failure(u.api.recommendations.editHistory(c.id, { rating: true }))).status).toBe(404);
    // The week's count is not given back.
    expect((await u.api.subscription.status()).recommendations_used).toBe(4);
  });

  it("lets tonight's pick change its rating only: watched and delete are refused with 409", async () => {
    const { u, active } = await withHistory();
    const rated = await u.api.recommendations.editHistory(active.id, { rating: true });
    expect(rated).toMatchObject({ status: 'active', user_rating: true });
    expect((await u.api.recommendations.editHistory(active.id, { rating: null })).user_rating).toBeNull();
    for (const watched of [true, false]) {
      const err = await failure(u.api.recommendations.editHistory(active.id, { watched }));
      expect(err.status).toBe(409);
      expect(err.detail).toBe("This is tonight's pick: use Watched it on the card.");
    }
    const del = await failure(u.api.recommendations.removeHistory(active.id));
    expect(del.status).toBe(409);
    expect(del.detail).toMatch(/^This is tonight's pick/);
    const stored = (await row(u.userId, active.id))!;
    expect(stored.status).toBe('active');
    expect(stored.user_rating).toBeNull();
    // The card's own once-only rating still works after a cleared history rating.
    expect((await u.api.recommendations.rate({ recommendation_id: active.id, movie_title: active.movie_title, rating: false })).recommendation.user_rating).toBe(false);
  });

  it("answers 404 for another user's entry and changes nothing", async () => {
    const { u, closed } = await withHistory();
    const other = await onboardedUser(server);
    const err = await failure(other.api.recommendations.editHistory(closed[0].id, { rating: true }));
    expect(err.status).toBe(404);
    expect(err.detail).toBe('Recommendation not found');
    expect((await failure(other.api.recommendations.removeHistory(closed[0].id))).status).toBe(404);
    expect((await failure(other.api.recommendations.editHistory('not-an-id', { watched: true }))).status).toBe(404);
    const stored = (await row(u.userId, closed[0].id))!;
    expect(stored.user_rating).toBeNull();
    expect(stored.status).toBe('skipped');
  });

  it('refuses a bad body with 400 and a detail', async () => {
    const { u, closed } = await withHistory();
    const path = `/api/recommendations/history/${closed[0].id}`;
    for (const body of [{}, { rating: 'yes' }, { rating: 1 }, { watched: 'true' }, { watched: null }, { rating: true, extra: 1 }, [], 'x']) {
      const res = await rawRequest(server.url, path, { method: 'PATCH', body: JSON.stringify(body), token: u.store.token! });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.detail).toBe('string');
    }
    expect((await rawRequest(server.url, path, { method: 'PATCH', body: JSON.stringify({ rating: true }) })).status).toBe(401);
    expect((await row(u.userId, closed[0].id))!.user_rating).toBeNull();
  });

  it('tells the co-likes about changes that leave no rated_at (a deleted row, a watched change)', async () => {
    const { ctx, services } = server.running;
    const coLikes = new CoLikes(ctx, services.catalog, { checkEveryMs: 0, rebuildAfter: 1 });
    await coLikes.refresh();
    const first = coLikes.lastBuild!;
    clock.advance(1_000);
    coLikes.current();
    await coLikes.idle();
    expect(coLikes.lastBuild).toBe(first);
    coLikes.noteChanges(1);
    coLikes.current();
    await coLikes.idle();
    expect(coLikes.lastBuild).not.toBe(first);
  });
});
