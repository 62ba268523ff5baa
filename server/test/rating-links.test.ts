import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, PublicRateResponse } from '@app/shared';
import { dialects } from './support/dialects.js';
import { rawRequest, startTestServer, TestClock, type TestServer } from './support/test-server.js';
import { ratingLink, signRatingToken } from '../src/features/recommendations/rating-link.js';
import { onboardedUser, recommendationRows, setPlan, type Onboarded } from './recommendations.helpers.js';

describe.each(dialects)('signed rating links on %s', (dialect) => {
  const clock = new TestClock(new Date('2025-06-11T12:00:00Z'));
  let server: TestServer;
  let u: Onboarded;
  beforeAll(async () => {
    server = await startTestServer(dialect, { clock, env: { APP_URL: 'https://picks.example.test' } });
    u = await onboardedUser(server);
    await setPlan(server, u.userId, 'paid_lifetime');
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Follows a link the way the web /rate page does: token and rating to the public API. */
  async function follow(link: string) {
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe('https://picks.example.test/rate');
    return rawRequest(server.url, `/api/public/rate?${url.searchParams.toString()}`);
  }

  const rating = async (id: string) => (await recommendationRows(server, u.userId)).find((r) => r.id === id)?.user_rating;

  it('records the rating without a session; the same rating twice is once; another rating is 409', async () => {
    const rec = await u.api.recommendations.next({});
    const like = ratingLink(server.running.ctx, rec.id, u.userId, 'like');
    const first = await follow(like);
    expect(first.status).toBe(200);
    expect(PublicRateResponse.parse(first.body)).toMatchObject({ movie_title: rec.movie_title, rating: true });
    expect(first.headers.get('cache-control')).toBe('no-store');
    const ratedAt = (await recommendationRows(server, u.userId)).find((r) => r.id === rec.id)?.rated_at;
    clock.advance(60_000);
    const second = await follow(like);
    expect(second.status).toBe(200);
    expect(second.body.rating).toBe(true);
    expect((await recommendationRows(server, u.userId)).find((r) => r.id === rec.id)?.rated_at).toBe(ratedAt);

    const dislike = await follow(ratingLink(server.running.ctx, rec.id, u.userId, 'dislike'));
    expect(dislike.status).toBe(409);
    expect(await rating(rec.id)).toBe(1);
    // The app shows it as liked, and the card cannot rate it again.
    const card = await u.api.recommendations.current();
    expect(card).toMatchObject({ id: rec.id, user_rating: true, is_rated: true });
  });

  it('a tampered, foreign, malformed or expired token, or a bad rating, is a 400 and changes nothing', async () => {
    const rec = await u.api.recommendations.next({});
    const ctx = server.running.ctx;
    const good = new URL(ratingLink(ctx, rec.id, u.userId, 'dislike')).searchParams.get('token')!;
    const [payload, sig] = good.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), e: 4102444800 })).toString('base64url');
    const flipped = sig.slice(0, -2) + (sig.at(-2) === 'A' ? 'B' : 'A') + sig.at(-1);
    const expired = signRatingToken(ctx.secrets.jwt, rec.id, u.userId, 'dislike', new Date(clock.now().getTime() - 31 * 86_400_000));
    const otherKey = signRatingToken('another-secret-that-is-long-enough-0123456789', rec.id, u.userId, 'dislike', clock.now());
    const cases: Array<[string, RegExp]> = [
      [`token=${forged}.${sig}&rating=dislike`, /invalid/],
      [`token=${payload}.${flipped}&rating=dislike`, /invalid/],
      [`token=${otherKey}&rating=dislike`, /invalid/],
      [`token=${expired}&rating=dislike`, /expired/],
      [`token=not-a-token&rating=dislike`, /invalid/],
      [`token=${payload}&rating=dislike`, /invalid/],
      [`token=${Buffer.from('{"v":1}').toString('base64url')}.${sig}&rating=like`, /invalid/],
      [`token=${good}&rating=meh`, /rating/],
      [`token=${good}`, /rating/],
      [`rating=like`, /token/],
      [`token=&rating=like`, /token/],
    ];
    for (const [q, detail] of cases) {
      const res = await rawRequest(server.url, `/api/public/rate?${q}`);
      expect(res.status, q).toBe(400);
      expect(ErrorBody.parse(res.body).detail, q).toMatch(detail);
    }
    expect(await rating(rec.id)).toBeNull();
    // The genuine link still works afterwards.
    expect((await rawRequest(server.url, `/api/public/rate?token=${good}&rating=dislike`)).status).toBe(200);
    expect(await rating(rec.id)).toBe(0);
  });

  it('a Like link records only a like: sent with rating=dislike, or with the rating in its token edited, it is refused and changes nothing', async () => {
    const rec = await u.api.recommendations.next({});
    const like = ratingLink(server.running.ctx, rec.id, u.userId, 'like');
    const token = new URL(like).searchParams.get('token')!;
    const [payload, sig] = token.split('.');
    const flipped = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), k: 'dislike' })).toString('base64url');
    for (const q of [`token=${token}&rating=dislike`, `token=${flipped}.${sig}&rating=dislike`]) {
      const res = await rawRequest(server.url, `/api/public/rate?${q}`);
      expect(res.status, q).toBe(400);
      expect(ErrorBody.parse(res.body).detail).toMatch(/invalid/);
    }
    expect(await rating(rec.id)).toBeNull();
    expect((await follow(like)).status).toBe(200);
    expect(await rating(rec.id)).toBe(1);
  });

  it('a link mailed before the rating was signed (a version 1 token) still records the rating its link says', async () => {
    const rec = await u.api.recommendations.next({});
    // Signed as the server signed every link until the rating joined the token.
    const key = createHmac('sha256', server.running.ctx.secrets.jwt).update('rating-link-key-v1').digest();
    const part = Buffer.from(JSON.stringify({ v: 1, r: rec.id, u: u.userId, e: Math.floor(clock.now().getTime() / 1000) + 86_400 })).toString('base64url');
    const old = `${part}.${createHmac('sha256', key).update(part).digest('base64url')}`;
    const res = await rawRequest(server.url, `/api/public/rate?token=${old}&rating=dislike`);
    expect(res.status).toBe(200);
    expect(PublicRateResponse.parse(res.body).rating).toBe(false);
    expect(await rating(rec.id)).toBe(0);
  });

  it('a link expires after 30 days', async () => {
    const rec = await u.api.recommendations.next({});
    const link = ratingLink(server.running.ctx, rec.id, u.userId, 'like');
    const issuedAt = clock.now().toISOString();
    try {
      clock.advance(30 * 86_400_000 + 1000);
      const res = await follow(link);
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/expired/);
      expect(await rating(rec.id)).toBeNull();
    } finally {
      clock.set(issuedAt);
    }
  });

  it('a token names one recommendation of one user: the same id with another user is refused', async () => {
    const rec = await u.api.recommendations.next({});
    const other = await onboardedUser(server);
    const res = await follow(ratingLink(server.running.ctx, rec.id, other.userId, 'like'));
    expect(res.status).toBe(404);
    expect(await rating(rec.id)).toBeNull();
  });
});
