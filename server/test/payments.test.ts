// Buying the lifetime plan against a local server that answers like Stripe's Checkout Sessions
// API: create-order, the return page's confirm, and the rule that ?payment=success proves nothing.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { ALERT_TEXTS, ApiError, CreateOrderResponse, SubscriptionStatus } from '@app/shared';
import { dialects } from './support/dialects.js';
import { startTestServer, signUp, rawRequest, type TestServer, type TestClient } from './support/test-server.js';
import { FAKE_STRIPE_API_VERSION, startFakeStripe, stripeEnv, type FakeStripe } from './support/fake-stripe.js';

const APP_URL = 'https://picks.example.test';

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe.each(dialects)('lifetime plan payments on %s', (dialect) => {
  let server: TestServer;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await startTestServer(dialect, { env: { ...stripeEnv(stripe), APP_URL } });
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  const db = () => server.running.ctx.db;
  const tierOf = async (c: TestClient) => (await c.api.settings.profile()).subscription_tier;
  const orders = (userId: string) => db().selectFrom('payment_orders').selectAll().where('user_id', '=', userId).execute();

  it('create-order starts a $59 Checkout Session and records a pending order', async () => {
    const u = await signUp(server);
    const me = await u.api.settings.profile();
    const before = stripe.requests.length;
    const r = CreateOrderResponse.parse(await u.api.payments.createOrder({ billing_period: 'lifetime' }));
    const session = stripe.sessionForOrder(r.order_id);
    expect(r.payment_link).toBe(`${stripe.url}/c/pay/${session.id}`);

    const sent = stripe.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', idempotencyKey: r.order_id });
    expect(sent[0].form).toEqual({
      mode: 'payment',
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '5900', product_data: { name: "Tonight's Pick Lifetime" } } }],
      client_reference_id: me.id,
      customer_email: u.email,
      metadata: { user_id: me.id, order_id: r.order_id },
      payment_intent_data: { metadata: { user_id: me.id, order_id: r.order_id } },
      success_url: `${APP_URL}/app/settings?payment=success&order_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP_URL}/app/settings?payment=cancelled`,
    });

    const rows = await orders(me.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: r.order_id, stripe_session_id: session.id, status: 'pending', amount: 5900, currency: 'usd', paid_at: null, refunded_at: null });
    expect(Number.isNaN(Date.parse(rows[0].created_at))).toBe(false);
    expect(await tierOf(u)).toBe('free_trial');
  });

  it('create-order refuses bad input, anonymous callers and lifetime users; legacy plans may buy', async () => {
    const anon = await rawRequest(server.url, '/api/subscription/create-order', { body: JSON.stringify({ billing_period: 'lifetime' }) });
    expect(anon.status).toBe(401);

    const u = await signUp(server);
    const bad = await rawRequest(server.url, '/api/subscription/create-order', { body: JSON.stringify({ billing_period: 'monthly' }), token: u.store.token! });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe("billing_period: billing_period must be 'lifetime'");
    const notJson = await rawRequest(server.url, '/api/subscription/create-order', { body: '{"billing_period":', token: u.store.token! });
    expect(notJson.status).toBe(400);

    const me = await u.api.settings.profile();
    await db().updateTable('users').set({ subscription_tier: 'paid_monthly', subscription_end_date: '2020-01-01T00:00:00.000Z' }).where('id', '=', me.id).execute();
    const legacy = await u.api.payments.createOrder({ billing_period: 'lifetime' });
    expect(legacy.payment_link).toMatch(/\/c\/pay\/cs_test_/);

    // The legacy buyer pays: lifetime replaces the old plan and its end date.
    stripe.markPaid(stripe.sessionForOrder(legacy.order_id).id);
    const status = SubscriptionStatus.parse(await u.api.payments.confirmOrder({ order_id: legacy.order_id }));
    expect(status).toMatchObject({ subscription_tier: 'paid_lifetime', is_active: true, recommendations_limit: null, subscription_end_date: null });

    const again = await failure(u.api.payments.createOrder({ billing_period: 'lifetime' }));
    expect(again.status).toBe(409);
    expect(again.detail).toBe('You already have the lifetime plan');
    expect(await orders(me.id)).toHaveLength(1);
  });

  it('Stripe failures answer 502 with a clear detail and write no order', async () => {
    const u = await signUp(server);
    const me = await u.api.settings.profile();
    const cases: Array<[Parameters<FakeStripe['failNext']>[0], string]> = [
      [{ status: 500, error: { type: 'api_error', message: 'An unknown error occurred' } }, 'The payment provider refused the request: An unknown error occurred'],
      [{ status: 401, error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_live_****abcd' } }, 'Payments are misconfigured on this server (the payment provider refused its key). Please contact support.'],
      [{ status: 400, error: { type: 'invalid_request_error', message: 'Invalid email address: x', param: 'customer_email' } }, 'The payment provider refused the request: Invalid email address: x'],
      ['drop', 'Could not reach the payment provider. Please try again in a moment.'],
      ['not-json', 'The payment provider sent an unexpected answer. Please try again in a moment.'],
    ];
    for (const [fail, detail] of cases) {
      stripe.failNext(fail);
      const err = await failure(u.api.payments.createOrder({ billing_period: 'lifetime' }));
      expect(err.status, JSON.stringify(fail)).toBe(502);
      expect(err.detail).toBe(detail);
    }
    expect(await orders(me.id)).toEqual([]);
    // The provider recovers: the next attempt works.
    expect((await u.api.payments.createOrder({ billing_period: 'lifetime' })).order_id).toBeTruthy();
  });

  it('confirm upgrades only a paid session of this user, by order id or session id, once', async () => {
    const a = await signUp(server);
    const order = await a.api.payments.createOrder({ billing_period: 'lifetime' });
    const session = stripe.sessionForOrder(order.order_id);

    // Not paid yet: the return page's claim is refused, nothing changes.
    const open = await failure(a.api.payments.confirmOrder({ order_id: session.id }));
    expect(open.status).toBe(409);
    expect(open.detail).toBe(ALERT_TEXTS.paymentCancelled);
    stripe.markProcessing(session.id);
    const processing = await failure(a.api.payments.confirmOrder({ order_id: order.order_id }));
    expect(processing.status).toBe(409);
    expect(processing.detail).toMatch(/still being processed/);
    expect(await tierOf(a)).toBe('free_trial');

    // Another user cannot claim a's paid session (and does not upgrade a either).
    stripe.markPaid(session.id);
    const b = await signUp(server);
    for (const id of [session.id, order.order_id]) {
      const stolen = await failure(b.api.payments.confirmOrder({ order_id: id }));
      expect(stolen.status).toBe(404);
      expect(stolen.detail).toBe('Order not found');
    }
    expect(await tierOf(b)).toBe('free_trial');
    expect(await tierOf(a)).toBe('free_trial');
    const unknown = await failure(a.api.payments.confirmOrder({ order_id: 'cs_test_doesnotexist' }));
    expect(unknown.status).toBe(404);

    const status = SubscriptionStatus.parse(await a.api.payments.confirmOrder({ order_id: session.id }));
    expect(status).toMatchObject({ subscription_tier: 'paid_lifetime', status: 'Active', limit_reached: false, recommendations_limit: null, payments_enabled: true });
    const [row] = await orders((await a.api.settings.profile()).id);
    expect(row).toMatchObject({ status: 'paid', stripe_payment_intent: session.payment_intent });
    const paidAt = row.paid_at;
    expect(paidAt).toBeTruthy();

    // Confirming again (a reload of the return page) is harmless.
    expect((await a.api.payments.confirmOrder({ order_id: order.order_id })).subscription_tier).toBe('paid_lifetime');
    expect((await orders((await a.api.settings.profile()).id))[0].paid_at).toBe(paidAt);
    // Stripe was asked each time: GET /v1/checkout/sessions/:id.
    expect(stripe.requests.filter((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${session.id}`).length).toBeGreaterThanOrEqual(4);
  });

  it('pins the Stripe API version on every request, so a dashboard upgrade cannot change the shapes it reads', async () => {
    const u = await signUp(server);
    const order = await u.api.payments.createOrder({ billing_period: 'lifetime' });
    stripe.markPaid(stripe.sessionForOrder(order.order_id).id);
    expect((await u.api.payments.confirmOrder({ order_id: order.order_id })).subscription_tier).toBe('paid_lifetime');
    // Every request of this file's tests so far, creates and retrieves alike.
    expect(new Set(stripe.requests.map((r) => `${r.method} ${r.path.replace(/cs_test_\w+/, ':id')}`))).toEqual(new Set(['POST /v1/checkout/sessions', 'GET /v1/checkout/sessions/:id']));
    expect(stripe.requests.filter((r) => r.stripeVersion !== FAKE_STRIPE_API_VERSION)).toEqual([]);
    // The fake refuses a request without the header, as a check of a pinned client.
    const unpinned = await fetch(`${stripe.url}/v1/checkout/sessions/cs_test_x`, { headers: { authorization: `Bearer ${stripe.secretKey}` } });
    expect(unpinned.status).toBe(400);
    expect(((await unpinned.json()) as { error: { message: string } }).error.message).toMatch(/Stripe-Version/);
  });

  it('confirm answers 502 when Stripe cannot be asked, and changes nothing', async () => {
    const u = await signUp(server);
    const order = await u.api.payments.createOrder({ billing_period: 'lifetime' });
    stripe.markPaid(stripe.sessionForOrder(order.order_id).id);
    stripe.failNext('drop');
    const err = await failure(u.api.payments.confirmOrder({ order_id: order.order_id }));
    expect(err.status).toBe(502);
    expect(await tierOf(u)).toBe('free_trial');
    expect((await u.api.payments.confirmOrder({ order_id: order.order_id })).subscription_tier).toBe('paid_lifetime');
  });

  it("the local Stripe page: Pay delivers the signed webhook and returns to the success URL; Back to the cancel URL", async () => {
    stripe.webhookUrl = `${server.url}/api/subscription/webhook`;
    const u = await signUp(server);
    const cancelled = await u.api.payments.createOrder({ billing_period: 'lifetime' });
    const page = await fetch(cancelled.payment_link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Pay $59.00');
    const back = await fetch(`${cancelled.payment_link}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`${APP_URL}/app/settings?payment=cancelled`);
    expect(await tierOf(u)).toBe('free_trial');

    const order = await u.api.payments.createOrder({ billing_period: 'lifetime' });
    const paid = await fetch(`${order.payment_link}/pay`, { method: 'POST', redirect: 'manual' });
    const session = stripe.sessionForOrder(order.order_id);
    expect(paid.headers.get('location')).toBe(`${APP_URL}/app/settings?payment=success&order_id=${session.id}`);
    expect(await tierOf(u)).toBe('paid_lifetime');
    // The return page's confirm then agrees.
    expect((await u.api.payments.confirmOrder({ order_id: session.id })).subscription_tier).toBe('paid_lifetime');
    stripe.webhookUrl = null;
  });

  it('?payment=success alone upgrades nobody, even when the session was paid', async () => {
    const u = await signUp(server);
    const order = await u.api.payments.createOrder({ billing_period: 'lifetime' });
    const session = stripe.markPaid(stripe.sessionForOrder(order.order_id).id);
    const back = session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id).replace(APP_URL, server.url);
    await rawRequest(server.url, back.slice(server.url.length), { token: u.store.token! });
    await rawRequest(server.url, `/app/settings?payment=success&order_id=${order.order_id}`);
    const status = SubscriptionStatus.parse(await u.api.subscription.status());
    expect(status).toMatchObject({ subscription_tier: 'free_trial', recommendations_limit: 3 });
    expect(await tierOf(u)).toBe('free_trial');
    const [row] = await orders((await u.api.settings.profile()).id);
    expect(row.status).toBe('pending');
    // PUT /api/settings/subscription does not upgrade either.
    const put = await rawRequest(server.url, '/api/settings/subscription', { method: 'PUT', body: JSON.stringify({ subscription_tier: 'paid_lifetime' }), token: u.store.token! });
    expect(put.status).toBe(403);
    expect(await tierOf(u)).toBe('free_trial');
  });
});

describe.each(dialects)('a server without Stripe keys on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('says payments are off: config, create-order and confirm (503), webhook (503)', async () => {
    expect((await server.client().api.public.config()).payments_enabled).toBe(false);
    const u = await signUp(server);
    expect((await u.api.subscription.status()).payments_enabled).toBe(false);
    const err = await failure(u.api.payments.createOrder({ billing_period: 'lifetime' }));
    expect(err.status).toBe(503);
    expect(err.detail).toBe('Payments are not enabled on this server. Ask the operator to grant the lifetime plan.');
    const confirm = await failure(u.api.payments.confirmOrder({ order_id: 'cs_test_x' }));
    expect(confirm.status).toBe(503);
    const hook = await rawRequest(server.url, '/api/subscription/webhook', { body: '{}', headers: { 'stripe-signature': 't=1,v1=00' } });
    expect(hook.status).toBe(503);
    expect(await server.running.ctx.db.selectFrom('payment_orders').selectAll().execute()).toEqual([]);
  });
});
