// DELETE /api/account: with the password (or, for an account without one, an emailed code) the
// whole account goes at once: every row of the user in every table, tokens, Google's grant and
// scheduled emails; payments and analytics stay without the user; the address can register again.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomBytes } from 'node:crypto';
import { ApiError, AuthResponse, DeletionCodeResponse, MessageResponse } from '@app/shared';
import { dialects } from './support/dialects.js';
import { GOOD_PASSWORD, rawRequest, startTestServer, TestClock, uniqueEmail, type TestServer } from './support/test-server.js';
import { startFakeGoogleOAuth, type FakeGoogleOAuth } from './support/fake-google-oauth.js';
import { startFakeGoogle, type FakeGoogle } from './support/google.js';
import { startFakeStripe, stripeEnv, type FakeStripe } from './support/fake-stripe.js';
import { connect } from './support/calendar-flow.js';
import { placesHolding } from './support/account-scan.js';
import { failure, onboardedUser, setPlan, type Onboarded } from './recommendations.helpers.js';
import { pauseEveryone, runAt, scheduledMailTo, scheduledUser } from './scheduler.helpers.js';

describe.each(dialects)('account deletion on %s', (dialect) => {
  let server: TestServer;
  let google: FakeGoogleOAuth;
  let jwks: FakeGoogle;
  let stripe: FakeStripe;
  const clock = new TestClock(new Date('2026-11-23T08:00:00Z')); // a Monday

  beforeAll(async () => {
    google = await startFakeGoogleOAuth();
    jwks = await startFakeGoogle(google.clientId);
    stripe = await startFakeStripe();
    server = await startTestServer(dialect, { clock, env: { ...google.env(), GOOGLE_JWKS_URL: jwks.jwksUrl, ...stripeEnv(stripe) } });
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([google?.close(), jwks?.close(), stripe?.close()]);
  });

  /** A user with something in every table a user can reach. */
  async function fullUser(): Promise<Onboarded & { extToken: string; orderId: string }> {
    const u = await onboardedUser(server);
    const pick = await u.api.recommendations.current();
    await u.api.recommendations.rate({ movie_title: pick.movie_title, rating: false, recommendation_id: pick.id });
    const order = await u.api.payments.createOrder({ billing_period: 'lifetime' });
    const ext = await u.api.extension.createToken({ nonce: randomBytes(24).toString('base64url'), browser_name: 'Chrome at work' });
    await u.api.feedback.submit({ rating: false, comment: 'Too many dramas', email: u.email });
    await u.api.analytics.event({ name: 'page_view', path: '/app/dashboard', properties: { email: u.email } });
    await setPlan(server, u.userId, 'paid_lifetime');
    await connect(Object.assign(u, { id: u.userId }), google, { email: `${u.userId.slice(0, 8)}@gmail.test` });
    await u.api.calendar.authUrl(); // a pending authorisation too
    // A wrong sign-in leaves counters named after the address.
    await server.client().api.auth.login({ email: u.email, password: 'Wrong-passw0rd!' }).catch(() => undefined);
    return Object.assign(u, { extToken: ext.token, orderId: order.order_id });
  }

  it('refuses a wrong or missing password with 400 and changes nothing', async () => {
    const u = await fullUser();
    const before = await placesHolding(server.running.ctx.db, dialect, [u.userId, u.email]);
    const wrong = await failure(u.api.account.delete({ password: 'Not-the-passw0rd' }));
    expect(wrong.status).toBe(400);
    expect(wrong.detail).toBe('That password is not right.');
    const codeInstead = await failure(u.api.account.delete({ code: 'ABC123' }));
    expect(codeInstead.status).toBe(400);
    expect(codeInstead.detail).toMatch(/enter your password/i);
    for (const body of ['{}', '{"password":"x","code":"ABC123"}', '{"password":""}', '{"password":42}', '[]', 'nope', '{"password":"x","extra":1}']) {
      const r = await rawRequest(server.url, '/api/account', { method: 'DELETE', body, token: u.store.token! });
      expect(r.status, body).toBe(400);
      expect(typeof r.body.detail).toBe('string');
    }
    // The session still works and every row is as it was.
    expect((await u.api.settings.profile()).email).toBe(u.email);
    expect(await placesHolding(server.running.ctx.db, dialect, [u.userId, u.email])).toEqual(before);
    const codeForPasswordAccount = await failure(u.api.account.requestDeletionCode());
    expect(codeForPasswordAccount.status).toBe(400);
    expect((await rawRequest(server.url, '/api/account', { method: 'DELETE', body: JSON.stringify({ password: GOOD_PASSWORD }) })).status).toBe(401);
    // The extension's token may not delete the account.
    const byExtension = await rawRequest(server.url, '/api/account', { method: 'DELETE', body: JSON.stringify({ password: GOOD_PASSWORD }), token: u.extToken });
    expect(byExtension.status).toBe(403);
  }, 60_000);

  it('with the password, removes the user from every table, revokes Google, ends every token, and the address can register again', async () => {
    const u = await fullUser();
    const { db } = server.running.ctx;
    const markers = [u.userId, u.email];
    const accessToken = u.store.token!;
    const refreshTokens = google.refreshTokensOf(`${u.userId.slice(0, 8)}@gmail.test`);
    expect(refreshTokens).toHaveLength(1);
    // The scan sees the user wherever they are before (so it would see them after, too).
    const before = await placesHolding(db, dialect, markers);
    expect(before).toEqual(
      expect.arrayContaining([
        'users.id', 'users.email', 'recommendations.user_id', 'user_favourites.user_id', 'recommendation_quota.user_id', 'extension_tokens.user_id',
        'payment_orders.user_id', 'feedback.email', 'analytics_events.user_id', 'analytics_events.properties', 'calendar_oauth_states.user_id', 'rate_limit_hits.bucket',
      ]),
    );
    const ordersBefore = await db.selectFrom('payment_orders').select(['id', 'amount', 'status']).where('user_id', '=', u.userId).execute();
    const eventsBefore = await db.selectFrom('analytics_events').select('id').where('user_id', '=', u.userId).execute();

    const done = MessageResponse.parse(await u.api.account.delete({ password: GOOD_PASSWORD }));
    expect(done.message).toBe('Your account and its data have been deleted.');
    expect(u.store.token).toBeNull();

    // Nothing anywhere holds the id or the address.
    expect(await placesHolding(db, dialect, markers)).toEqual([]);
    // Kept without the user: the order (accounting) and the analytics events (counts).
    const orders = await db.selectFrom('payment_orders').select(['id', 'amount', 'status', 'user_id']).where('id', 'in', ordersBefore.map((o) => o.id)).execute();
    expect(orders).toEqual(ordersBefore.map((o) => ({ ...o, user_id: null })));
    const events = await db.selectFrom('analytics_events').select(['id', 'user_id', 'properties']).where('id', 'in', eventsBefore.map((e) => e.id)).execute();
    expect(events).toHaveLength(eventsBefore.length);
    expect(events.every((e) => e.user_id === null)).toBe(true);

    // Google was asked to revoke the grant, and did.
    expect(google.revocations).toContain(refreshTokens[0]);
    expect(google.isRevoked(refreshTokens[0])).toBe(true);
    // Old tokens are refused at once: the web session and the connected browser.
    expect((await rawRequest(server.url, '/api/settings/profile', { token: accessToken })).status).toBe(401);
    expect((await rawRequest(server.url, '/api/recommendations/current', { token: u.extToken })).status).toBe(401);
    expect((await rawRequest(server.url, '/api/auth/login', { body: JSON.stringify({ email: u.email, password: GOOD_PASSWORD }) })).status).toBe(401);
    // A confirmation went to the address.
    const mail = await server.mailbox.waitFor((m) => m.to.includes(u.email) && /has been deleted/.test(m.subject));
    expect(mail.text).toMatch(/create a new account with this address/);

    // The address is free again: a new, empty account.
    const again = server.client();
    const mark = server.mailbox.messages.length;
    await again.api.auth.register({ email: u.email, password: GOOD_PASSWORD, full_name: 'Back Again' });
    await again.api.auth.verifyEmail({ email: u.email, verification_code: await server.mailbox.codeFor(u.email, mark) });
    const profile = await again.api.settings.profile();
    expect(profile.id).not.toBe(u.userId);
    expect(profile.is_onboarded).toBe(false);
    expect((await again.api.recommendations.history()).total).toBe(0);
  }, 60_000);

  it('an account without a password is deleted with an emailed code; wrong codes are refused', async () => {
    const email = uniqueEmail('google-only');
    const c = server.client();
    const signIn = AuthResponse.parse(await c.api.auth.google({ id_token: await jwks.sign({ sub: `sub-${randomBytes(4).toString('hex')}`, email }) }));
    expect(signIn.user!.has_password).toBe(false);
    const userId = signIn.user!.id;

    const noCode = await failure(c.api.account.delete({ code: 'ABC123' }));
    expect(noCode.status).toBe(400);
    expect(noCode.detail).toMatch(/expired or was never sent/);
    const withPassword = await failure(c.api.account.delete({ password: 'Anything-1!' }));
    expect(withPassword.detail).toMatch(/Ask for a code by email/);

    const sent = DeletionCodeResponse.parse(await c.api.account.requestDeletionCode());
    expect(sent.cooldown_seconds).toBe(60);
    const mail = await server.mailbox.waitFor((m) => m.to.includes(email) && /account deletion code/.test(m.subject));
    const code = /code: ([A-Z0-9]{6})/.exec(mail.subject)![1];
    // Inside the cooldown no second mail goes out.
    const again = await failure(c.api.account.requestDeletionCode());
    expect(again.status).toBe(429);
    expect(again.retryAfterSeconds).toBeGreaterThan(0);

    const wrongCode = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    const wrong = await failure(c.api.account.delete({ code: wrongCode }));
    expect(wrong.status).toBe(400);
    expect(wrong.detail).toBe('That code is not right. 4 attempts left.');
    expect((await c.api.settings.profile()).id).toBe(userId);

    await c.api.account.delete({ code: code.toLowerCase() });
    expect(await placesHolding(server.running.ctx.db, dialect, [userId, email])).toEqual([]);
    await server.mailbox.waitFor((m) => m.to.includes(email) && /has been deleted/.test(m.subject));
  }, 60_000);

  it('five wrong codes spend the code; too many attempts answer 429', async () => {
    const email = uniqueEmail('google-spent');
    const c = server.client();
    await c.api.auth.google({ id_token: await jwks.sign({ sub: `sub-${randomBytes(4).toString('hex')}`, email }) });
    await c.api.account.requestDeletionCode();
    const mail = await server.mailbox.waitFor((m) => m.to.includes(email) && /account deletion code/.test(m.subject));
    const code = /code: ([A-Z0-9]{6})/.exec(mail.subject)![1];
    const wrongCode = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    for (let i = 0; i < 5; i++) await failure(c.api.account.delete({ code: wrongCode }));
    const spent = await failure(c.api.account.delete({ code }));
    expect(spent.detail).toBe('Too many wrong codes. Please ask for a new one.');
    // 10 attempts per 15 minutes in all (ACCOUNT_DATA.deletionAttemptsPerWindow): the 11th is refused.
    for (let i = 0; i < 4; i++) await failure(c.api.account.delete({ code }));
    const limited = await failure<ApiError>(c.api.account.delete({ code }));
    expect(limited.status).toBe(429);
    expect((await c.api.settings.profile()).email).toBe(email);
  }, 60_000);

  it("a paid order outlives its account: Stripe's later refund and replays are answered, never a 500", async () => {
    const u = await onboardedUser(server);
    const { order_id } = await u.api.payments.createOrder({ billing_period: 'lifetime' });
    const hook = `${server.url}/api/subscription/webhook`;
    const paid = stripe.markPaid(stripe.sessionForOrder(order_id).id);
    expect((await stripe.deliver(hook, stripe.event('checkout.session.completed', paid))).body.outcome).toBe('upgraded');
    await u.api.account.delete({ password: GOOD_PASSWORD });

    const replay = await stripe.deliver(hook, stripe.event('checkout.session.completed', paid));
    expect(replay.status).toBe(200);
    expect(replay.body.outcome).toBe('ignored'); // nobody to upgrade any more
    const refund = await stripe.deliver(hook, stripe.event('charge.refunded', stripe.charge(paid.id, true)));
    expect(refund).toMatchObject({ status: 200, body: { outcome: 'refunded' } });
    const order = await server.running.ctx.db.selectFrom('payment_orders').selectAll().where('id', '=', order_id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ user_id: null, status: 'refunded', amount: 5900 });
    expect(await placesHolding(server.running.ctx.db, dialect, [u.userId, u.email])).toEqual([]);
  }, 60_000);

  it('a scheduled pick is not sent after the account is deleted', async () => {
    await pauseEveryone(server);
    clock.set('2026-11-24T08:00:00Z');
    const kept = await scheduledUser(server, { timezone: 'UTC', days: [2], time: '09:00' });
    const gone = await scheduledUser(server, { timezone: 'UTC', days: [2], time: '09:00' });
    await gone.api.account.delete({ password: GOOD_PASSWORD });
    const summary = await runAt(server, clock, '2026-11-24T09:05:00Z');
    expect(summary.due).toBe(1);
    expect(scheduledMailTo(server, kept.email).filter((m) => !/deleted/.test(m.subject))).toHaveLength(1);
    expect(scheduledMailTo(server, gone.email).filter((m) => !/deleted/.test(m.subject))).toHaveLength(0);
  }, 60_000);
});
