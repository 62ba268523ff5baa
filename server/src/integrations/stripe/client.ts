// Stripe over its documented HTTP API (no SDK): form-encoded requests with the secret key as a
// bearer token, at a configurable base URL so tests run against a local server.
import { toStripeForm, type FormValue } from './form.js';
import { StripeCheckoutSession, StripeErrorBody } from './objects.js';

const REQUEST_TIMEOUT_MS = 15_000;

/**
 * The API version every request asks for (Stripe-Version), so the shapes objects.ts reads cannot
 * change when the account's default version is upgraded in the dashboard. The one the parsing was
 * written and tested against: server/src/features/payments/README.md.
 */
const STRIPE_API_VERSION = '2025-03-31.basil';

/** Stripe answered with an error, could not be reached, or answered something unreadable. */
export class StripeError extends Error {
  constructor(
    readonly kind: 'api' | 'network' | 'unexpected',
    message: string,
    readonly status: number | null = null,
    readonly type: string | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'StripeError';
  }
}

export interface CheckoutSessionParams {
  amount: number;
  currency: string;
  productName: string;
  clientReferenceId: string;
  customerEmail: string;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
}

export interface StripeClient {
  createCheckoutSession(params: CheckoutSessionParams, idempotencyKey: string): Promise<StripeCheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<StripeCheckoutSession>;
}

export function createStripeClient(secretKey: string, apiUrl: string): StripeClient {
  const base = apiUrl.replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST', path: string, body?: Record<string, FormValue>, idempotencyKey?: string): Promise<unknown> {
    const headers: Record<string, string> = { Authorization: `Bearer ${secretKey}`, Accept: 'application/json', 'Stripe-Version': STRIPE_API_VERSION };
    if (body) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body ? toStripeForm(body) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      text = await res.text();
    } catch (err) {
      throw new StripeError('network', `could not reach Stripe (${err instanceof Error ? err.message : String(err)})`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new StripeError('unexpected', `Stripe answered ${res.status} with a body that is not JSON`, res.status);
    }
    if (!res.ok) {
      const e = StripeErrorBody.safeParse(json);
      if (!e.success) throw new StripeError('unexpected', `Stripe answered ${res.status}`, res.status);
      const { type, message, code } = e.data.error;
      throw new StripeError('api', message ?? type, res.status, type, code ?? null);
    }
    return json;
  }

  function session(json: unknown): StripeCheckoutSession {
    const parsed = StripeCheckoutSession.safeParse(json);
    if (!parsed.success) throw new StripeError('unexpected', 'Stripe answered with something that is not a Checkout Session');
    return parsed.data;
  }

  return {
    async createCheckoutSession(p, idempotencyKey) {
      const json = await call(
        'POST',
        '/v1/checkout/sessions',
        {
          mode: 'payment',
          line_items: [{ quantity: 1, price_data: { currency: p.currency, unit_amount: p.amount, product_data: { name: p.productName } } }],
          client_reference_id: p.clientReferenceId,
          customer_email: p.customerEmail,
          metadata: p.metadata,
          // Copied so a refund's charge can still be traced to its order.
          payment_intent_data: { metadata: p.metadata },
          success_url: p.successUrl,
          cancel_url: p.cancelUrl,
        },
        idempotencyKey,
      );
      return session(json);
    },
    async retrieveCheckoutSession(id) {
      return session(await call('GET', `/v1/checkout/sessions/${encodeURIComponent(id)}`));
    },
  };
}
