import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, PLAN_LIMIT_TEXTS, Recommendation, SubscriptionStatus } from '@app/shared';
import { dialects, TEST_DATABASE_URL } from './support/dialects.js';
import { rawRequest, startTestServer, TestClock, type TestServer } from './support/test-server.js';
import { onboardedUser, planLimit, quotaRows, recommendationRows, setPlan, type Onboarded } from './recommendations.helpers.js';

async function parallelNew(server: TestServer, u: Onboarded, n: number) {
  return Promise.all(
    Array.from({ length: n }, () => rawRequest(server.url, '/api/recommendations/new', { body: JSON.stringify({ previous: 'skip' }), token: u.store.token! })),
  );
}

function expectPlanLimitBody(body: unknown) {
  expect(ErrorBody.parse(body)).toMatchObject({ detail: PLAN_LIMIT_TEXTS.limitReached, expired: false, limit_reached: true });
}

describe.each(dialects)('the free weekly quota on %s', (dialect) => {
  const clock = new TestClock(new Date('2025-06-11T12:00:00Z'));
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('20 parallel POST /new for a fresh free user: exactly 3 succeed, the rest get 402', async () => {
    const u = await onboardedUser(server);
    const results = await parallelNew(server, u, 20);
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 402);
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(17);
    for (const r of refused) expectPlanLimitBody(r.body);
    const rows = await recommendationRows(server, u.userId);
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.status === 'active')).toHaveLength(1);
    expect(new Set(rows.map((r) => r.title_id)).size).toBe(3);
    expect((await quotaRows(server, u.userId)).map((q) => q.used)).toEqual([3]);
    const status = SubscriptionStatus.parse(await u.api.subscription.status());
    expect(status).toMatchObject({ status: 'Limit Reached', is_active: false, expiry_reason: 'trial_limit', limit_reached: true, recommendations_used: 3 });
  });

  it('counts the first GET /current, warns at one left and at the limit, and a 402 changes nothing', async () => {
    const u = await onboardedUser(server);
    const first = await u.api.recommendations.current();
    expect(first.subscription_warning).toBeNull();
    const second = Recommendation.parse(await u.api.recommendations.next({ previous: 'skip' }));
    expect(second.subscription_warning).toMatchObject({ expired: false, limit_reached: false });
    expect(second.subscription_warning!.message).toMatch(/1 free recommendation left/);
    const third = await u.api.recommendations.next({ previous: 'skip' });
    expect(third.subscription_warning).toMatchObject({ expired: false, limit_reached: true });
    // The card still carries the banner data when it is loaded again.
    expect((await u.api.recommendations.current()).subscription_warning?.limit_reached).toBe(true);

    const before = await recommendationRows(server, u.userId);
    const err = await planLimit(u.api.recommendations.next({ previous: 'skip' }));
    expect(err).toMatchObject({ detail: PLAN_LIMIT_TEXTS.limitReached, expired: false, limit_reached: true });
    expect(await recommendationRows(server, u.userId)).toEqual(before);
    expect(before.at(-1)).toMatchObject({ id: third.id, status: 'active' });
    // Rating and history still work at the limit.
    await u.api.recommendations.rate({ movie_title: third.movie_title, rating: true });
    expect((await u.api.recommendations.history()).total).toBe(3);
  });

  it('the week turns at Monday 00:00 local time: Asia/Kolkata and America/New_York', async () => {
    const cases = [
      { tz: 'Asia/Kolkata', sunday: '2025-06-15T18:29:59Z', monday: '2025-06-15T18:30:00Z' },
      { tz: 'America/New_York', sunday: '2025-06-16T03:59:59Z', monday: '2025-06-16T04:00:00Z' },
    ];
    for (const { tz, sunday, monday } of cases) {
      clock.set('2025-06-10T12:00:00Z');
      const u = await onboardedUser(server, { timezone: tz });
      await u.api.recommendations.current();
      await u.api.recommendations.next({});
      await u.api.recommendations.next({});
      clock.set(sunday);
      await planLimit(u.api.recommendations.next({}));
      const s = await u.api.subscription.status();
      expect(s.week_resets_at).toBe(new Date(monday).toISOString());
      clock.set(monday);
      expect((await u.api.subscription.status()).recommendations_used).toBe(0);
      const fresh = await u.api.recommendations.next({});
      expect(fresh.subscription_warning).toBeNull();
      expect((await quotaRows(server, u.userId)).map((q) => q.used).sort()).toEqual([1, 3]);
    }
  });

  it('a DST week: New York spring-forward week ends at Monday 00:00 EDT', async () => {
    clock.set('2025-03-04T15:00:00Z');
    const u = await onboardedUser(server, { timezone: 'America/New_York' });
    await u.api.recommendations.current();
    await u.api.recommendations.next({});
    await u.api.recommendations.next({});
    // Sunday 2025-03-09 23:59:59 EDT = 2025-03-10T03:59:59Z (clocks went forward that morning).
    clock.set('2025-03-10T03:59:59Z');
    await planLimit(u.api.recommendations.next({}));
    clock.set('2025-03-10T04:00:00Z');
    await u.api.recommendations.next({});
  });

  it('paid_lifetime is unlimited; legacy monthly is unlimited until its end date, then Expired', async () => {
    clock.set('2025-06-11T12:00:00Z');
    const life = await onboardedUser(server);
    await setPlan(server, life.userId, 'paid_lifetime');
    await life.api.recommendations.current();
    for (let i = 0; i < 5; i++) expect((await life.api.recommendations.next({})).subscription_warning).toBeNull();
    expect(await life.api.subscription.status()).toMatchObject({ status: 'Active', recommendations_used: 6, recommendations_limit: null });

    const legacy = await onboardedUser(server);
    await setPlan(server, legacy.userId, 'paid_monthly', '2025-06-20T00:00:00.000Z');
    await legacy.api.recommendations.current();
    for (let i = 0; i < 4; i++) await legacy.api.recommendations.next({});
    expect(await legacy.api.subscription.status()).toMatchObject({ status: 'Active', is_active: true, subscription_tier: 'paid_monthly' });
    clock.set('2025-06-20T00:00:00Z');
    const before = await recommendationRows(server, legacy.userId);
    const err = await planLimit(legacy.api.recommendations.next({ previous: 'watched' }));
    expect(err).toMatchObject({ detail: PLAN_LIMIT_TEXTS.expired, expired: true, limit_reached: false });
    expect(await recommendationRows(server, legacy.userId)).toEqual(before);
    expect(await legacy.api.subscription.status()).toMatchObject({
      status: 'Expired',
      is_active: false,
      expiry_reason: 'subscription_expired',
      subscription_end_date: '2025-06-20T00:00:00.000Z',
    });
    const card = await legacy.api.recommendations.current();
    expect(card.subscription_warning).toEqual({ message: PLAN_LIMIT_TEXTS.expired, expired: true, limit_reached: false });

    // An expired user with no active recommendation gets the 402 from GET /current too.
    await server.running.ctx.db.updateTable('recommendations').set({ status: 'skipped' }).where('user_id', '=', legacy.userId).execute();
    const cur = await planLimit(legacy.api.recommendations.current());
    expect(cur.expired).toBe(true);
  });

  it('FREE_WEEKLY_LIMIT is a server setting', async () => {
    const one = await startTestServer(dialect, { env: { FREE_WEEKLY_LIMIT: '1' }, clock });
    try {
      const u = await onboardedUser(one);
      const first = await u.api.recommendations.current();
      expect(first.subscription_warning?.limit_reached).toBe(true);
      await planLimit(u.api.recommendations.next({}));
      expect(await u.api.subscription.status()).toMatchObject({ recommendations_limit: 1, recommendations_used: 1 });
    } finally {
      await one.close();
    }
  });
});

describe.runIf(TEST_DATABASE_URL)('the free weekly quota across two instances on one PostgreSQL database', () => {
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

  it('20 parallel POST /new split over both instances: exactly 3 succeed', async () => {
    const u = await onboardedUser(a);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        rawRequest((i % 2 ? b : a).url, '/api/recommendations/new', { body: JSON.stringify({ previous: 'skip' }), token: u.store.token! }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 402)).toHaveLength(17);
    const rows = await recommendationRows(a, u.userId);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.title_id)).size).toBe(3);
    expect((await quotaRows(b, u.userId)).map((q) => q.used)).toEqual([3]);
  });
});
