// Stripe's webhooks, signed the way Stripe signs them, against the real server: the signature
// rules, idempotency under replay and concurrency, and refunds.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dialects } from './support/dialects.js';
import { startTestServer, signUp, rawRequest, type TestServer, type TestClient } from './support/test-server.js';
import { startFakeStripe, stripeEnv, type FakeStripe, type Session } from './support/fake-stripe.js';

describe.each(dialects)('Stripe webhooks on %s', (dialect) => {
  let server: TestServer;
  let stripe: FakeStripe;
  let hookUrl: string;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await startTestServer(dialect, { env: stripeEnv(stripe) });
    hookUrl = `${server.url}/api/subscription/webhook`;
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  const db = () => server.running.ctx.db;
  const tierOf = async (c: TestClient) => (await c.api.settings.profile()).subscription_tier;
  const processed = (eventId: string) => db().selectFrom('processed_events').selectAll().where('event_id', '=', eventId).execute();
  const order = (orderId: string) => db().selectFrom('payment_orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();

  /** A signed-up user with a Checkout Session that Stripe considers paid (nobody told the server yet). */
  async function paidCheckout(): Promise<{ user: TestClient; orderId: string; session: Session }> {
    const user = await signUp(server);
    const { order_id } = await user.api.payments.createOrder({ billing_period: 'lifetime' });
    const session = stripe.markPaid(stripe.sessionForOrder(order_id).id);
    return { user, orderId: order_id, session };
  }

  it('a valid checkout.session.completed upgrades the user and records the event', async () => {
    const { user, orderId, session } = await paidCheckout();
    const event = stripe.event('checkout.session.completed', session);
    const r = await stripe.deliver(hookUrl, event);
    expect(r).toEqual({ status: 200, body: { received: true, duplicate: false, outcome: 'upgraded' } });
    expect(await tierOf(user)).toBe('paid_lifetime');
    expect(await processed(event.id)).toHaveLength(1);
    expect(await order(orderId)).toMatchObject({ status: 'paid', stripe_payment_intent: session.payment_intent });
    // Stripe retries a delivery it thinks failed: the replay is acknowledged and changes nothing.
    expect((await stripe.deliver(hookUrl, event)).body).toEqual({ received: true, duplicate: true, outcome: 'unchanged' });
  });

  it('refuses a tampered body, a wrong secret, an old timestamp and malformed headers, changing nothing', async () => {
    const { user, orderId, session } = await paidCheckout();
    const event = stripe.event('checkout.session.completed', session);
    const payload = JSON.stringify(event);
    const attacker = await signUp(server);
    const attackerId = (await attacker.api.settings.profile()).id;
    const tampered = payload.replaceAll((await user.api.settings.profile()).id, attackerId);
    expect(tampered).not.toBe(payload);
    const now = Math.floor(Date.now() / 1000);

    const refused: Array<[string, Promise<{ status: number; body: any }>, RegExp]> = [
      ['tampered body', stripe.deliver(hookUrl, payload, { body: tampered }), /No signature matches/],
      ['wrong secret', stripe.deliver(hookUrl, event, { secret: 'whsec_not_the_right_one' }), /No signature matches/],
      ['301 s old', stripe.deliver(hookUrl, event, { timestamp: now - 301 }), /tolerance/],
      ['an hour old', stripe.deliver(hookUrl, event, { timestamp: now - 3600 }), /tolerance/],
    ];
    for (const [name, p, detail] of refused) {
      const r = await p;
      expect(r.status, name).toBe(400);
      expect(r.body.detail, name).toMatch(detail);
    }
    const raw = (headers: Record<string, string>, body = payload) => rawRequest(server.url, '/api/subscription/webhook', { body, headers });
    const good = stripe.sign(payload);
    const t = /t=(\d+)/.exec(good)![1];
    const malformed: Array<Record<string, string>> = [{}, { 'stripe-signature': 'garbage' }, { 'stripe-signature': `t=${t}` }, { 'stripe-signature': `v1=${good.split('v1=')[1]}` }, { 'stripe-signature': `t=${t},v1=zz` }];
    for (const header of malformed) {
      expect((await raw(header)).status, JSON.stringify(header)).toBe(400);
    }
    // The signature only counts over the exact bytes: a re-serialised body does not pass.
    expect((await raw({ 'stripe-signature': good }, JSON.stringify(JSON.parse(payload), null, 1))).status).toBe(400);
    expect((await raw({ 'stripe-signature': good, 'content-type': 'text/plain' })).status).toBe(400);

    expect(await tierOf(user)).toBe('free_trial');
    expect(await tierOf(attacker)).toBe('free_trial');
    expect(await processed(event.id)).toEqual([]);
    expect((await order(orderId)).status).toBe('pending');

    // Within the tolerance, and with a second v1 (Stripe sends several while a secret is rolled), it passes.
    const rolled = `${stripe.sign(payload, { secret: 'whsec_old', timestamp: now - 290 })},v1=${stripe.sign(payload, { timestamp: now - 290 }).split('v1=')[1]}`;
    const ok = await raw({ 'stripe-signature': rolled, 'content-type': 'application/json; charset=utf-8' });
    expect(ok.status).toBe(200);
    expect(ok.body.outcome).toBe('upgraded');
    expect(await tierOf(user)).toBe('paid_lifetime');
  });

  it('the same event delivered 20 times in parallel upgrades once and is recorded once', async () => {
    const { user, orderId, session } = await paidCheckout();
    const event = stripe.event('checkout.session.completed', session);
    const results = await Promise.all(Array.from({ length: 20 }, () => stripe.deliver(hookUrl, event)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(results.filter((r) => r.body.duplicate === false)).toHaveLength(1);
    expect(results.filter((r) => r.body.outcome === 'upgraded')).toHaveLength(1);
    expect(await processed(event.id)).toHaveLength(1);
    expect(await tierOf(user)).toBe('paid_lifetime');
    const row = await order(orderId);
    expect(row.status).toBe('paid');

    // Different events about the same session (completed + async_payment_succeeded, and the
    // return page's confirm) racing each other still upgrade once.
    const second = await paidCheckout();
    const events = [stripe.event('checkout.session.completed', second.session), stripe.event('checkout.session.async_payment_succeeded', second.session)];
    const raced = await Promise.all([
      ...events.flatMap((e) => Array.from({ length: 5 }, () => stripe.deliver(hookUrl, e))),
      second.user.api.payments.confirmOrder({ order_id: second.orderId }).then(() => ({ status: 200, body: { outcome: 'confirm' } })),
    ]);
    expect(raced.every((r) => r.status === 200)).toBe(true);
    expect(raced.filter((r) => r.body.outcome === 'upgraded').length).toBeLessThanOrEqual(1);
    expect(await tierOf(second.user)).toBe('paid_lifetime');
    for (const e of events) expect(await processed(e.id)).toHaveLength(1);
  });

  it('a delayed payment upgrades on async_payment_succeeded, not on completed', async () => {
    const user = await signUp(server);
    const { order_id } = await user.api.payments.createOrder({ billing_period: 'lifetime' });
    const pending = stripe.markProcessing(stripe.sessionForOrder(order_id).id);
    expect((await stripe.deliver(hookUrl, stripe.event('checkout.session.completed', pending))).body.outcome).toBe('ignored');
    expect(await tierOf(user)).toBe('free_trial');
    const paid = stripe.markPaid(pending.id);
    expect((await stripe.deliver(hookUrl, stripe.event('checkout.session.async_payment_succeeded', paid))).body.outcome).toBe('upgraded');
    expect(await tierOf(user)).toBe('paid_lifetime');
  });

  it('a full refund moves the user back to free_trial; a partial one does not', async () => {
    const { user, orderId, session } = await paidCheckout();
    await stripe.deliver(hookUrl, stripe.event('checkout.session.completed', session));
    expect(await tierOf(user)).toBe('paid_lifetime');

    const partial = await stripe.deliver(hookUrl, stripe.event('charge.refunded', stripe.charge(session.id, false)));
    expect(partial.body.outcome).toBe('ignored');
    expect(await tierOf(user)).toBe('paid_lifetime');

    const refund = stripe.event('charge.refunded', stripe.charge(session.id, true));
    expect((await stripe.deliver(hookUrl, refund)).body).toEqual({ received: true, duplicate: false, outcome: 'refunded' });
    expect(await tierOf(user)).toBe('free_trial');
    const row = await order(orderId);
    expect(row.status).toBe('refunded');
    expect(row.refunded_at).toBeTruthy();
    expect((await stripe.deliver(hookUrl, refund)).body.duplicate).toBe(true);

    // The refunded session is still "paid" at Stripe, but it never upgrades again.
    const confirm = await rawRequest(server.url, '/api/subscription/confirm', { body: JSON.stringify({ order_id: orderId }), token: user.store.token! });
    expect(confirm.status).toBe(409);
    expect((await stripe.deliver(hookUrl, stripe.event('checkout.session.completed', session))).body.outcome).toBe('unchanged');
    expect(await tierOf(user)).toBe('free_trial');
    // The user may buy again.
    expect((await user.api.payments.createOrder({ billing_period: 'lifetime' })).order_id).toBeTruthy();
  });

  it('acknowledges events that are not ours without acting on them', async () => {
    const { user, orderId, session } = await paidCheckout();
    const foreign = { ...session, id: 'cs_test_someone_else', metadata: {}, client_reference_id: null };
    const e1 = stripe.event('checkout.session.completed', foreign);
    expect((await stripe.deliver(hookUrl, e1)).body.outcome).toBe('ignored');
    const e2 = stripe.event('customer.created', { id: 'cus_1', object: 'customer' });
    expect((await stripe.deliver(hookUrl, e2)).body).toEqual({ received: true, duplicate: false, outcome: 'ignored' });
    expect(await processed(e2.id)).toEqual([]);
    const badShape = stripe.event('checkout.session.completed', { id: 'x', object: 'charge' });
    expect((await stripe.deliver(hookUrl, badShape)).status).toBe(400);
    const notEvent = JSON.stringify({ hello: 'world' });
    expect((await stripe.deliver(hookUrl, notEvent)).status).toBe(400);
    expect((await stripe.deliver(hookUrl, '{"id": ')).status).toBe(400);
    expect(await tierOf(user)).toBe('free_trial');

    const expired = { ...stripe.sessionForOrder(orderId), status: 'expired', payment_status: 'unpaid' };
    expect((await stripe.deliver(hookUrl, stripe.event('checkout.session.expired', expired))).body.outcome).toBe('closed');
    expect((await order(orderId)).status).toBe('expired');
    // An expired order cannot be paid later by a stale event.
    expect((await stripe.deliver(hookUrl, stripe.event('checkout.session.completed', session))).body.outcome).toBe('unchanged');
    expect(await tierOf(user)).toBe('free_trial');
  });

  it('refuses a body over 256 KB', async () => {
    const huge = JSON.stringify({ id: 'evt_big', object: 'event', type: 'x', data: { object: { pad: 'x'.repeat(300 * 1024) } } });
    const r = await stripe.deliver(hookUrl, huge);
    expect(r.status).toBe(413);
  });
});
