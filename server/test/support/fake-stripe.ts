// A local server that answers like Stripe's Checkout Sessions API (form-encoded bodies, bearer
// key, a pinned Stripe-Version, Stripe-shaped errors, idempotency keys), a hosted payment page for browser journeys, and
// webhook deliveries signed the way Stripe signs them. Written from Stripe's documentation,
// independently of the server's own code, so a test that passes proves the two agree.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { checkMetadata, invalid, parseForm, StripeApiError, validateCreate, type StripeErrorBody } from './fake-stripe-checkout.js';
import { readBody } from './http-body.js';

export type Session = {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  url: string | null;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  /** Kept by the fake to build charges; Stripe keeps it on the PaymentIntent. */
  payment_intent_metadata: Record<string, string>;
};
type Failure = { status: number; error: StripeErrorBody } | 'not-json' | 'drop';
/** The API version whose object shapes this fake answers with (its events carry it as api_version). */
export const FAKE_STRIPE_API_VERSION = '2025-03-31.basil';
export type StripeEventObject = { id: string; object: 'event'; type: string; created: number; livemode: false; api_version: string; data: { object: unknown } };

export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Where the hosted page delivers checkout.session.completed after "Pay" (set once the app runs). */
  webhookUrl: string | null;
  sessions: Map<string, Session>;
  /** Every API request received, with its Stripe-Version header (null when it had none). */
  requests: Array<{ method: string; path: string; form: Record<string, unknown> | null; idempotencyKey: string | null; stripeVersion: string | null }>;
  /** The next API calls answer these failures, in order. */
  failNext(...failures: Failure[]): void;
  sessionForOrder(orderId: string): Session;
  markPaid(sessionId: string): Session;
  markProcessing(sessionId: string): Session;
  charge(sessionId: string, refunded: boolean): Record<string, unknown>;
  event(type: string, object: unknown, id?: string): StripeEventObject;
  sign(payload: string, opts?: { secret?: string; timestamp?: number }): string;
  deliver(url: string, event: StripeEventObject | string, opts?: { secret?: string; timestamp?: number; body?: string }): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/** Stripe-Signature for a payload: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "t.payload")>. */
export function signStripePayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')}`;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') }).end(JSON.stringify(body));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeStripe(opts: { secretKey?: string; webhookSecret?: string } = {}): Promise<FakeStripe> {
  const secretKey = opts.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const sessions = new Map<string, Session>();
  const idempotent = new Map<string, { hash: string; session: Session }>();
  const failures: Failure[] = [];
  let base = '';

  function create(f: Record<string, unknown>): Session {
    const { amount, currency } = validateCreate(f);
    const now = Math.floor(Date.now() / 1000);
    const sid = id('cs_test');
    const s: Session = {
      id: sid,
      object: 'checkout.session',
      mode: String(f.mode),
      status: 'open',
      payment_status: 'unpaid',
      url: `${base}/c/pay/${sid}`,
      client_reference_id: (f.client_reference_id as string | undefined) ?? null,
      customer_email: (f.customer_email as string | undefined) ?? null,
      metadata: checkMetadata(f.metadata, 'metadata'),
      amount_total: amount,
      currency,
      payment_intent: null,
      success_url: String(f.success_url),
      cancel_url: (f.cancel_url as string | undefined) ?? null,
      created: now,
      expires_at: now + 86_400,
      livemode: false,
      payment_intent_metadata: checkMetadata((f.payment_intent_data as Record<string, unknown> | undefined)?.metadata, 'pi'),
    };
    sessions.set(sid, s);
    return s;
  }

  function find(sessionId: string): Session {
    const s = sessions.get(sessionId);
    if (!s) throw new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'session', message: `No such checkout.session: '${sessionId}'` });
    return s;
  }

  /** The public view of a session (what Stripe's API returns). */
  const view = ({ payment_intent_metadata: _pim, ...s }: Session) => s;

  async function api(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const raw = await readBody(req);
    const form = req.method === 'POST' ? parseForm(raw) : null;
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const stripeVersion = (req.headers['stripe-version'] as string | undefined) ?? null;
    fake.requests.push({ method: req.method ?? '', path, form, idempotencyKey, stripeVersion });
    const failure = failures.shift();
    if (failure === 'drop') return void req.socket.destroy();
    if (failure === 'not-json') return void res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>');
    if (failure) return send(res, failure.status, { error: failure.error });
    const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    if (!auth) throw new StripeApiError(401, { type: 'invalid_request_error', message: 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. \'Authorization: Bearer YOUR_SECRET_KEY\').' });
    if (auth[1] !== secretKey) throw new StripeApiError(401, { type: 'invalid_request_error', code: 'api_key_invalid', message: `Invalid API Key provided: ${auth[1].slice(0, 8)}****${auth[1].slice(-4)}` });
    // Stripe itself falls back to the account's default version; a pinned client must never rely on that.
    if (stripeVersion === null) throw invalid(`No Stripe-Version header: this fake answers a client pinned to ${FAKE_STRIPE_API_VERSION} only.`);
    if (stripeVersion !== FAKE_STRIPE_API_VERSION) throw invalid(`Invalid Stripe API version: ${stripeVersion} (this fake answers in ${FAKE_STRIPE_API_VERSION} shapes only)`);
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      if (!/^application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '')) throw invalid('Invalid request: Content-Type must be application/x-www-form-urlencoded');
      const hash = createHash('sha256').update(raw).digest('hex');
      const seen = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
      if (seen && seen.hash !== hash) throw new StripeApiError(400, { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' });
      const s = seen?.session ?? create(form ?? {});
      if (idempotencyKey) idempotent.set(idempotencyKey, { hash, session: s });
      return send(res, 200, view(s));
    }
    const m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && m) return send(res, 200, view(find(decodeURIComponent(m[1]))));
    throw new StripeApiError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` });
  }

  /** The hosted checkout page: Pay marks the session paid, delivers the webhook and redirects. */
  async function page(req: IncomingMessage, res: ServerResponse, sessionId: string, action: string | undefined): Promise<void> {
    const s = sessions.get(sessionId);
    if (!s || s.status === 'expired') return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>This checkout session has expired</h1>');
    if (req.method === 'GET') {
      const price = `$${(s.amount_total / 100).toFixed(2)}`;
      return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        `<!doctype html><title>Fake Stripe Checkout</title><h1>Pay ${price}</h1><p>${escapeHtml(s.customer_email ?? '')}</p>` +
          `<form method="post" action="/c/pay/${s.id}/pay"><button type="submit">Pay ${price}</button></form>` +
          `<form method="post" action="/c/pay/${s.id}/cancel"><button type="submit">Back</button></form>`,
      );
    }
    await readBody(req);
    let target = s.cancel_url ?? s.success_url;
    if (action === 'pay') {
      fake.markPaid(s.id);
      if (fake.webhookUrl) await fake.deliver(fake.webhookUrl, fake.event('checkout.session.completed', view(s)));
      target = s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id);
    }
    res.writeHead(303, { location: target }).end();
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const pay = /^\/c\/pay\/([^/]+)(?:\/(pay|cancel))?$/.exec(url.pathname);
    const handler = pay ? page(req, res, pay[1], pay[2]) : api(req, res, url.pathname);
    handler.catch((err) => {
      if (err instanceof StripeApiError) send(res, err.status, { error: err.body });
      else send(res, 500, { error: { type: 'api_error', message: String(err) } });
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  const fake: FakeStripe = {
    url: base,
    secretKey,
    webhookSecret: opts.webhookSecret ?? `whsec_${randomBytes(16).toString('base64url')}`,
    webhookUrl: null,
    sessions,
    requests: [],
    failNext: (...f) => void failures.push(...f),
    sessionForOrder(orderId) {
      const s = [...sessions.values()].find((x) => x.metadata.order_id === orderId);
      if (!s) throw new Error(`no session for order ${orderId}`);
      return s;
    },
    markPaid(sessionId) {
      const s = find(sessionId);
      Object.assign(s, { status: 'complete', payment_status: 'paid', payment_intent: s.payment_intent ?? id('pi') });
      return s;
    },
    markProcessing(sessionId) {
      return Object.assign(find(sessionId), { status: 'complete', payment_status: 'unpaid' });
    },
    charge(sessionId, refunded) {
      const s = find(sessionId);
      const amountRefunded = refunded ? s.amount_total : Math.floor(s.amount_total / 2);
      return { id: id('ch'), object: 'charge', amount: s.amount_total, amount_refunded: amountRefunded, refunded, paid: true, currency: s.currency, payment_intent: s.payment_intent, metadata: s.payment_intent_metadata };
    },
    event(type, object, eventId) {
      const data = object && typeof object === 'object' && 'payment_intent_metadata' in object ? view(object as Session) : object;
      return { id: eventId ?? id('evt'), object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, api_version: FAKE_STRIPE_API_VERSION, data: { object: structuredClone(data) } };
    },
    sign(payload, o = {}) {
      return signStripePayload(payload, o.secret ?? fake.webhookSecret, o.timestamp);
    },
    async deliver(url, event, o = {}) {
      const payload = typeof event === 'string' ? event : JSON.stringify(event, null, 2);
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': fake.sign(payload, o), 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: o.body ?? payload,
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, body };
    },
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
  return fake;
}

/** The server's environment for talking to this fake. */
export function stripeEnv(fake: FakeStripe): Record<string, string> {
  return { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret, STRIPE_API_URL: fake.url };
}
