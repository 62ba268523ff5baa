import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, HistoryResponse, RateResponse, Recommendation } from '@app/shared';
import { dialects } from './support/dialects.js';
import { rawRequest, signUp, startTestServer, type TestServer } from './support/test-server.js';
import { failure, onboardedUser, recommendationRows, setPlan, quotaRows } from './recommendations.helpers.js';

describe.each(dialects)('recommendation API on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('GET /current needs a token and a finished onboarding, and creates nothing before', async () => {
    expect((await rawRequest(server.url, '/api/recommendations/current')).status).toBe(401);
    const c = await signUp(server);
    const err = await failure(c.api.recommendations.current());
    expect(err.status).toBe(403);
    expect(err.detail).toBe('Finish onboarding first');
    expect((await failure(c.api.recommendations.next({}))).status).toBe(403);
    const id = (await c.api.settings.profile()).id;
    expect(await recommendationRows(server, id)).toHaveLength(0);
    expect(await quotaRows(server, id)).toHaveLength(0);
  });

  it('GET /current creates the first recommendation once and then returns the same one', async () => {
    const u = await onboardedUser(server);
    const first = Recommendation.parse(await u.api.recommendations.current());
    expect(first).toMatchObject({ status: 'active', is_rated: false, user_rating: null, mood: null });
    expect(first.movie_title.length).toBeGreaterThan(0);
    expect(first.reason.length).toBeGreaterThan(10);
    expect(first.poster_url).toContain(first.title_id);
    const again = Recommendation.parse(await u.api.recommendations.current());
    expect(again.id).toBe(first.id);
    // Only the created one counted.
    expect((await u.api.subscription.status()).recommendations_used).toBe(1);
    // Never a favourite.
    const prefs = await u.api.onboarding.getPreferences();
    expect(prefs.initial_movies).not.toContain(first.movie_title);
  });

  it('concurrent first GET /current calls create one recommendation', async () => {
    const u = await onboardedUser(server);
    const got = await Promise.all(Array.from({ length: 6 }, () => u.api.recommendations.current()));
    expect(new Set(got.map((r) => r.id)).size).toBe(1);
    expect(await recommendationRows(server, u.userId)).toHaveLength(1);
    expect((await u.api.subscription.status()).recommendations_used).toBe(1);
  });

  it('POST /new skips or marks watched, never repeats a title, and honours mood, kind and platform', async () => {
    const u = await onboardedUser(server, { platforms: ['Netflix'] });
    await setPlan(server, u.userId, 'paid_lifetime');
    const a = await u.api.recommendations.current();
    const b = Recommendation.parse(await u.api.recommendations.next({ previous: 'skip' }));
    const c = Recommendation.parse(await u.api.recommendations.next({ previous: 'watched', mood: 'dark' }));
    expect(c.mood).toBe('dark');
    const d = Recommendation.parse(await u.api.recommendations.next({ kind: 'series' }));
    expect(d.kind).toBe('series');
    const e = Recommendation.parse(await u.api.recommendations.next({ platform: 'Netflix', kind: 'movie' }));
    expect(e.kind).toBe('movie');
    const rows = await recommendationRows(server, u.userId);
    expect(rows.map((r) => r.status)).toEqual(['skipped', 'watched', 'skipped', 'skipped', 'active']);
    expect(rows.map((r) => r.id)).toEqual([a.id, b.id, c.id, d.id, e.id]);
    expect(new Set(rows.map((r) => r.title_id)).size).toBe(5);
    expect((await u.api.recommendations.current()).id).toBe(e.id);
    expect(e.subscription_warning).toBeNull();
  });

  it('POST /new refuses bad input with 400 and changes nothing', async () => {
    const u = await onboardedUser(server);
    const active = await u.api.recommendations.current();
    const bodies: unknown[] = [
      { previous: 'later' },
      { mood: 'sleepy' },
      { kind: 'documentary' },
      { platform: '' },
      { platform: 'Blockbuster Video' },
      { surprise: true },
      { mood: 7 },
      [],
    ];
    for (const b of bodies) {
      const res = await rawRequest(server.url, '/api/recommendations/new', { body: JSON.stringify(b), token: u.store.token! });
      expect(res.status, JSON.stringify(b)).toBe(400);
      expect(ErrorBody.parse(res.body).detail.length).toBeGreaterThan(0);
    }
    const bad = await rawRequest(server.url, '/api/recommendations/new', { body: '{"previous":', token: u.store.token! });
    expect(bad.status).toBe(400);
    const rows = await recommendationRows(server, u.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: active.id, status: 'active' });
    expect((await u.api.subscription.status()).recommendations_used).toBe(1);
  });

  it('POST /rate records a like or dislike once; a second rating is 409; bad input changes nothing', async () => {
    const u = await onboardedUser(server);
    const rec = await u.api.recommendations.current();
    const rated = RateResponse.parse(
      await u.api.recommendations.rate({ movie_title: rec.movie_title, rating: true, genre: rec.genre, year: rec.year }),
    );
    expect(rated.recommendation).toMatchObject({ id: rec.id, is_rated: true, user_rating: true, status: 'active' });
    const again = await failure(u.api.recommendations.rate({ movie_title: rec.movie_title, rating: false, recommendation_id: rec.id }));
    expect(again.status).toBe(409);
    const same = await failure(u.api.recommendations.rate({ movie_title: rec.movie_title, rating: true }));
    expect(same.status).toBe(409);

    await setPlan(server, u.userId, 'paid_lifetime');
    const next = await u.api.recommendations.next({ previous: 'skip' });
    const cases: Array<[unknown, number]> = [
      [{ rating: true }, 400],
      [{ movie_title: next.movie_title }, 400],
      [{ movie_title: next.movie_title, rating: 'yes' }, 400],
      [{ movie_title: '', rating: true }, 400],
      [{ movie_title: 'A title nobody was recommended', rating: true }, 404],
      [{ movie_title: next.movie_title, rating: true, recommendation_id: 'not-a-real-id' }, 404],
      [{ movie_title: 'Some other title', rating: true, recommendation_id: next.id }, 400],
    ];
    for (const [b, status] of cases) {
      const res = await rawRequest(server.url, '/api/recommendations/rate', { body: JSON.stringify(b), token: u.store.token! });
      expect(res.status, JSON.stringify(b)).toBe(status);
      ErrorBody.parse(res.body);
    }
    // Another user's recommendation is not found, and stays unrated.
    const other = await onboardedUser(server);
    const foreign = await failure(other.api.recommendations.rate({ movie_title: next.movie_title, rating: false, recommendation_id: next.id }));
    expect(foreign.status).toBe(404);
    const rows = await recommendationRows(server, u.userId);
    expect(rows.map((r) => r.user_rating)).toEqual([1, null]);

    const disliked = await u.api.recommendations.rate({ movie_title: next.movie_title.toUpperCase(), rating: false });
    expect(disliked.recommendation).toMatchObject({ id: next.id, user_rating: false, is_rated: true });
  });

  it('GET /history pages newest first with ratings and statuses', async () => {
    const u = await onboardedUser(server);
    await setPlan(server, u.userId, 'paid_lifetime');
    const issued = [await u.api.recommendations.current()];
    for (let i = 0; i < 6; i++) issued.push(await u.api.recommendations.next({ previous: i % 2 ? 'watched' : 'skip' }));
    await u.api.recommendations.rate({ movie_title: issued[2].movie_title, rating: false, recommendation_id: issued[2].id });
    const p1 = HistoryResponse.parse(await u.api.recommendations.history({ page: 1, page_size: 4 }));
    const p2 = HistoryResponse.parse(await u.api.recommendations.history({ page: 2, page_size: 4 }));
    expect(p1.total).toBe(7);
    expect(p1.recommendations.map((r) => r.id)).toEqual(issued.slice(3).reverse().map((r) => r.id));
    expect(p2.recommendations.map((r) => r.id)).toEqual(issued.slice(0, 3).reverse().map((r) => r.id));
    expect(p2.recommendations.find((r) => r.id === issued[2].id)).toMatchObject({ user_rating: false, is_rated: true });
    expect(p1.recommendations[0].status).toBe('active');
    expect(p1.recommendations.every((r) => r.subscription_warning === null)).toBe(true);
    const empty = await u.api.recommendations.history({ page: 5, page_size: 4 });
    expect(empty).toMatchObject({ recommendations: [], total: 7, page: 5 });
    const dflt = HistoryResponse.parse(await u.api.recommendations.history());
    expect(dflt).toMatchObject({ page: 1, page_size: 20, total: 7 });

    for (const q of ['page=0', 'page=abc', 'page_size=0', 'page_size=101', 'page=-1']) {
      const res = await rawRequest(server.url, `/api/recommendations/history?${q}`, { token: u.store.token! });
      expect(res.status, q).toBe(400);
    }
    const stranger = await onboardedUser(server);
    expect((await stranger.api.recommendations.history()).total).toBe(0);
  });

  it('GET /api/subscription/status and PUT /api/settings/subscription (never upgrades)', async () => {
    expect((await rawRequest(server.url, '/api/subscription/status')).status).toBe(401);
    const u = await onboardedUser(server);
    const s0 = await u.api.subscription.status();
    expect(s0).toMatchObject({
      subscription_tier: 'free_trial',
      is_active: true,
      status: 'Active',
      expiry_reason: null,
      limit_reached: false,
      recommendations_used: 0,
      recommendations_limit: 3,
      payments_enabled: false,
    });
    expect(Date.parse(s0.week_resets_at!)).toBeGreaterThan(Date.now());
    expect(await u.api.subscription.update({ subscription_tier: 'free_trial' })).toEqual(s0);
    for (const tier of ['paid_lifetime', 'paid_monthly', 'paid_yearly'] as const) {
      const err = await failure(u.api.subscription.update({ subscription_tier: tier }));
      expect(err.status).toBe(403);
      expect(err.detail).toMatch(/payment or support/);
    }
    const bad = await rawRequest(server.url, '/api/settings/subscription', { method: 'PUT', body: JSON.stringify({ subscription_tier: 'gold' }), token: u.store.token! });
    expect(bad.status).toBe(400);
    expect((await u.api.settings.profile()).subscription_tier).toBe('free_trial');

    await setPlan(server, u.userId, 'paid_lifetime');
    const life = await u.api.subscription.status();
    expect(life).toMatchObject({ subscription_tier: 'paid_lifetime', status: 'Active', is_active: true, recommendations_limit: null, week_resets_at: null });
    expect((await failure(u.api.subscription.update({ subscription_tier: 'free_trial' }))).status).toBe(403);
    expect((await u.api.settings.profile()).subscription_tier).toBe('paid_lifetime');
  });
});
