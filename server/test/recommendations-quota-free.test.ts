// The free plan's free replacements (docs/product-decisions.md): "Already Watched", or a new pick
// while the current one is disliked, does not count against the weekly limit, up to
// FREE_REPLACEMENTS_WEEKLY (5) times a week; then it counts. Exact under races, on every database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, PLAN_LIMIT_TEXTS, PublicConfig, SubscriptionStatus, type NewRecommendationRequest } from '@app/shared';
import { dialects, TEST_DATABASE_URL } from './support/dialects.js';
import { rawRequest, startTestServer, TestClock, type TestServer } from './support/test-server.js';
import { onboardedUser, planLimit, quotaRows, recommendationRows, type Onboarded } from './recommendations.helpers.js';

type Previous = NewRecommendationRequest['previous'];

/** n parallel POST /new; `previous(i)` and `server(i)` choose each request's body and instance. */
async function parallelNew(servers: TestServer[], u: Onboarded, n: number, previous: (i: number) => Previous) {
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      rawRequest(servers[i % servers.length].url, '/api/recommendations/new', { body: JSON.stringify({ previous: previous(i) }), token: u.store.token! }),
    ),
  );
}

async function status(u: Onboarded) {
  return SubscriptionStatus.parse(await u.api.subscription.status());
}

const counters = (s: SubscriptionStatus) => ({
  used: s.recommendations_used,
  left: s.recommendations_left,
  free_used: s.free_replacements_used,
  free_left: s.free_replacements_left,
});

/** After a race: the answers, the rows and the counters agree with `ok` successes. */
async function expectRaceOutcome(server: TestServer, u: Onboarded, results: Awaited<ReturnType<typeof parallelNew>>, ok: number, before: number) {
  expect(results.filter((r) => r.status === 200)).toHaveLength(ok);
  const refused = results.filter((r) => r.status === 402);
  expect(refused).toHaveLength(results.length - ok);
  for (const r of refused) expect(ErrorBody.parse(r.body)).toMatchObject({ detail: PLAN_LIMIT_TEXTS.limitReached, expired: false, limit_reached: true });
  const rows = await recommendationRows(server, u.userId);
  expect(rows).toHaveLength(before + ok);
  expect(rows.filter((r) => r.status === 'active')).toHaveLength(1);
  expect(new Set(rows.map((r) => r.title_id)).size).toBe(rows.length);
}

describe.each(dialects)('free replacements on %s', (dialect) => {
  const clock = new TestClock(new Date('2025-06-11T12:00:00Z'));
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('Already Watched is free 5 times a week, then counts; the status says exactly what remains', async () => {
    clock.set('2025-06-11T12:00:00Z');
    const u = await onboardedUser(server);
    expect(counters(await status(u))).toEqual({ used: 0, left: 3, free_used: 0, free_left: 5 });
    await u.api.recommendations.current();
    expect(counters(await status(u))).toEqual({ used: 1, left: 2, free_used: 0, free_left: 5 });
    for (let i = 1; i <= 5; i++) {
      const rec = await u.api.recommendations.next({ previous: 'watched' });
      expect(rec.subscription_warning).toBeNull();
      expect(counters(await status(u))).toEqual({ used: 1, left: 2, free_used: i, free_left: 5 - i });
    }
    await u.api.recommendations.next({ previous: 'watched' });
    expect(counters(await status(u))).toEqual({ used: 2, left: 1, free_used: 5, free_left: 0 });
    const rows = await recommendationRows(server, u.userId);
    expect(rows.map((r) => r.status)).toEqual(['watched', 'watched', 'watched', 'watched', 'watched', 'watched', 'active']);
    expect((await quotaRows(server, u.userId)).map((q) => [q.used, q.free_replacements])).toEqual([[2, 5]]);
    expect(await status(u)).toMatchObject({ status: 'Active', free_replacements_limit: 5, recommendations_limit: 3 });
  });

  it('a new pick while the current one is disliked is free, even with every pick spent; a liked or unrated one is not', async () => {
    clock.set('2025-06-11T12:00:00Z');
    const u = await onboardedUser(server);
    await u.api.recommendations.current();
    await u.api.recommendations.next({ previous: 'skip' });
    const third = await u.api.recommendations.next({ previous: 'skip' });
    expect(counters(await status(u))).toEqual({ used: 3, left: 0, free_used: 0, free_left: 5 });

    // An unrated pick replaced with "New recommendation" counts: refused, nothing written.
    const before = await recommendationRows(server, u.userId);
    expect(await planLimit(u.api.recommendations.next({ previous: 'skip' }))).toMatchObject({ detail: PLAN_LIMIT_TEXTS.limitReached, limit_reached: true });
    expect(await recommendationRows(server, u.userId)).toEqual(before);

    await u.api.recommendations.rate({ movie_title: third.movie_title, rating: false, recommendation_id: third.id });
    const another = await u.api.recommendations.next({ previous: 'skip' });
    expect(another.id).not.toBe(third.id);
    expect(counters(await status(u))).toEqual({ used: 3, left: 0, free_used: 1, free_left: 4 });
    expect(await status(u)).toMatchObject({ status: 'Limit Reached', limit_reached: true });

    // A liked pick is not one the user could not use.
    await u.api.recommendations.rate({ movie_title: another.movie_title, rating: true, recommendation_id: another.id });
    await planLimit(u.api.recommendations.next({ previous: 'skip' }));
    // Already Watched still is, with every pick spent.
    await u.api.recommendations.next({ previous: 'watched' });
    expect(counters(await status(u))).toEqual({ used: 3, left: 0, free_used: 2, free_left: 3 });
  });

  it('the free replacements reset with the week (Monday 00:00 in the user zone)', async () => {
    clock.set('2025-06-15T20:00:00Z'); // Sunday evening in London
    const u = await onboardedUser(server, { timezone: 'Europe/London' });
    await u.api.recommendations.current();
    for (let i = 0; i < 5; i++) await u.api.recommendations.next({ previous: 'watched' });
    expect(counters(await status(u))).toEqual({ used: 1, left: 2, free_used: 5, free_left: 0 });
    clock.set('2025-06-15T23:00:00Z'); // Monday 00:00 BST
    expect(counters(await status(u))).toEqual({ used: 0, left: 3, free_used: 0, free_left: 5 });
    await u.api.recommendations.next({ previous: 'watched' });
    expect(counters(await status(u))).toEqual({ used: 0, left: 3, free_used: 1, free_left: 4 });
  });

  it('20 parallel Already Watched, limit 3 and 5 free: exactly 8 succeed (3 counted, 5 free)', async () => {
    clock.set('2025-06-11T12:00:00Z');
    const u = await onboardedUser(server);
    // Nothing is active yet: whichever request runs first is a first pick and counts.
    const results = await parallelNew([server], u, 20, () => 'watched');
    await expectRaceOutcome(server, u, results, 8, 0);
    expect((await quotaRows(server, u.userId)).map((q) => [q.used, q.free_replacements])).toEqual([[3, 5]]);
    expect(counters(await status(u))).toEqual({ used: 3, left: 0, free_used: 5, free_left: 0 });
  });

  it('20 parallel, half Already Watched and half New recommendation: exactly 2 counted and 5 free succeed', async () => {
    clock.set('2025-06-11T12:00:00Z');
    const u = await onboardedUser(server);
    await u.api.recommendations.current();
    const results = await parallelNew([server], u, 20, (i) => (i % 2 ? 'watched' : 'skip'));
    await expectRaceOutcome(server, u, results, 7, 1);
    expect((await quotaRows(server, u.userId)).map((q) => [q.used, q.free_replacements])).toEqual([[3, 5]]);
  });

  it('a dislike, then 10 parallel New recommendation at the limit: only the replacement of the disliked pick succeeds', async () => {
    clock.set('2025-06-11T12:00:00Z');
    const u = await onboardedUser(server);
    await u.api.recommendations.current();
    await u.api.recommendations.next({ previous: 'skip' });
    const third = await u.api.recommendations.next({ previous: 'skip' });
    await u.api.recommendations.rate({ movie_title: third.movie_title, rating: false, recommendation_id: third.id });
    const results = await parallelNew([server], u, 10, () => 'skip');
    await expectRaceOutcome(server, u, results, 1, 3);
    expect(counters(await status(u))).toEqual({ used: 3, left: 0, free_used: 1, free_left: 4 });
  });

  it('FREE_REPLACEMENTS_WEEKLY is a server setting, published in /api/public/config', async () => {
    const none = await startTestServer(dialect, { env: { FREE_REPLACEMENTS_WEEKLY: '0' }, clock });
    try {
      expect(PublicConfig.parse((await rawRequest(none.url, '/api/public/config')).body).free_replacements_weekly).toBe(0);
      const u = await onboardedUser(none);
      await u.api.recommendations.current();
      await u.api.recommendations.next({ previous: 'watched' });
      expect(counters(await status(u))).toEqual({ used: 2, left: 1, free_used: 0, free_left: 0 });
    } finally {
      await none.close();
    }
    expect(PublicConfig.parse((await rawRequest(server.url, '/api/public/config')).body).free_replacements_weekly).toBe(5);
  });
});

describe.runIf(TEST_DATABASE_URL)('free replacements across two instances on one PostgreSQL database', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer('postgres');
    b = await startTestServer('postgres', { shareDatabaseWith: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('20 parallel Already Watched split over both instances: exactly 8 succeed', async () => {
    const u = await onboardedUser(a);
    const results = await parallelNew([a, b], u, 20, () => 'watched');
    await expectRaceOutcome(a, u, results, 8, 0);
    expect((await quotaRows(b, u.userId)).map((q) => [q.used, q.free_replacements])).toEqual([[3, 5]]);
  });

  it('20 parallel mixed requests over both instances after a dislike: exactly 7 succeed', async () => {
    const u = await onboardedUser(a);
    const first = await u.api.recommendations.current();
    await u.api.recommendations.rate({ movie_title: first.movie_title, rating: false, recommendation_id: first.id });
    // The disliked pick's replacement is free whatever its body; then 4 more Already Watched are.
    const results = await parallelNew([a, b], u, 20, (i) => (i % 3 ? 'skip' : 'watched'));
    await expectRaceOutcome(a, u, results, 7, 1);
    expect((await quotaRows(b, u.userId)).map((q) => [q.used, q.free_replacements])).toEqual([[3, 5]]);
  });
});
