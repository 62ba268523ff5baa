// Requests for the fuzz test, as fast-check arbitraries: per endpoint, valid-shaped (from the
// shared schema), mutated (one step off) or garbage bodies, queries, path parameters and headers,
// sent anonymously or as one of the test's users.
import fc from 'fast-check';
import { CONNECTION_KINDS } from '@app/shared';
import { StripeCharge, StripeCheckoutSession } from '../../src/integrations/stripe/objects.js';
import type { Endpoint } from './fuzz-routes.js';
import { signStripePayload } from './fake-stripe.js';
import { garbageValue, mutated, validShaped, type Pool } from './zod-arbitrary.js';

export type Kind = 'valid' | 'mutated' | 'garbage';

export interface FuzzRequest {
  kind: Kind;
  /** Express path of the endpoint it aims at. */
  endpoint: string;
  method: string;
  path: string;
  /** -1: anonymous; otherwise the index of the user whose bearer token is sent. */
  actor: number;
  headers: Record<string, string>;
  body?: string;
}

export interface FuzzPools extends Pool {
  titleIds: string[];
  platformSlugs: string[];
  /** Values only a header carries (other users' tokens, Google id_tokens...). */
  bearers: string[];
  users: number;
  webhookSecret: string;
}

const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 200 });
const urlish = fc.string({ unit: fc.constantFrom(...'abz019%&=?[]./+-_~;:@!$\'()*, #'.split('')), maxLength: 60 }).map((s) => s.replace(/[ #]/g, '+'));

function pathFor(e: Endpoint, pools: FuzzPools, kind: Kind): fc.Arbitrary<string> {
  if (!e.path.includes(':')) return fc.constant(e.path);
  const real = e.path.includes(':slug') ? pools.platformSlugs : pools.titleIds;
  const segment = kind === 'valid'
    ? fc.oneof(fc.constantFrom(...real), fc.string({ maxLength: 40 }).map(encodeURIComponent))
    : fc.oneof(
        fc.constantFrom('%zz', '%E0%A4%A', '%', '%00', '..', '%2e%2e', '%2F', 'a%2Fb', '%C0%AE', '%ff%fe', 'x'.repeat(3000), '%u0041'),
        fc.string({ maxLength: 80, unit: 'binary' }).map(encodeURIComponent),
        urlish.map((s) => s.replace(/[/?]/g, '') || 'x'),
      );
  // A connected app's kind: mostly a real one, so the routes behind it are reached; a webhook's secret: any segment.
  const app = kind === 'valid' ? fc.constantFrom(...CONNECTION_KINDS) : fc.oneof(fc.constantFrom(...CONNECTION_KINDS), segment);
  return fc.tuple(segment, app).map(([s, k]) => e.path.replace(/:(id|slug|secret)/, s).replace(':kind', k));
}

function queryFor(e: Endpoint, pools: FuzzPools, kind: Kind): fc.Arbitrary<string> {
  const encode = (v: unknown) => {
    if (v === null || typeof v !== 'object') return new URLSearchParams({ v: String(v) }).toString().slice(2);
    return new URLSearchParams({ v: JSON.stringify(v) }).toString().slice(2);
  };
  const toQuery = (o: unknown) => {
    if (o === null || typeof o !== 'object' || Array.isArray(o)) return `?${encode(o)}`;
    const pairs = Object.entries(o as Record<string, unknown>).flatMap(([k, v]) =>
      Array.isArray(v) ? v.map((x) => `${encodeURIComponent(k)}=${encode(x)}`) : [`${encodeURIComponent(k)}=${encode(v)}`],
    );
    return pairs.length ? `?${pairs.join('&')}` : '';
  };
  if (!e.query) return kind === 'garbage' ? fc.option(urlish.map((s) => `?${s}`), { nil: '' }) : fc.constant('');
  if (kind === 'valid') return validShaped(e.query, pools).map(toQuery);
  if (kind === 'mutated') {
    return fc.oneof(
      mutated(e.query, pools).map(toQuery),
      // The same parameter twice: Express makes it an array.
      validShaped(e.query, pools).map((o) => {
        const q = toQuery(o);
        return q ? `${q}&${q.slice(1)}` : q;
      }),
    );
  }
  return urlish.map((s) => `?${s}`);
}

function jsonBody(e: Endpoint, pools: FuzzPools, kind: Kind): fc.Arbitrary<string | undefined> {
  if (kind === 'valid') return e.body ? validShaped(e.body, pools).map((v) => JSON.stringify(v)) : fc.constantFrom(undefined, '{}');
  if (kind === 'mutated' && e.body) {
    return fc.oneof(
      { arbitrary: mutated(e.body, pools).map((v) => JSON.stringify(v) ?? 'null'), weight: 5 },
      { arbitrary: validShaped(e.body, pools).map((v) => JSON.stringify(v).replace(/^\{/, '{"__proto__":{"isAdmin":true,"subscription_tier":"paid_lifetime"},')), weight: 1 },
    );
  }
  return fc.oneof(
    { arbitrary: garbageValue.map((v) => JSON.stringify(v) ?? 'null'), weight: 5 },
    { arbitrary: fc.string({ maxLength: 200 }), weight: 3 },
    { arbitrary: fc.constantFrom('', '{', '{"a":', 'null', '[]', '"x"', '1e999', '{"a":1,"a":2}', '\u0000', '\uFEFF{}'), weight: 2 },
    { arbitrary: fc.integer({ min: 1, max: 30 }).map((k) => `{"x":"${'y'.repeat(k * 4096)}"}`), weight: 1 },
    { arbitrary: fc.constant(`${'['.repeat(20000)}${']'.repeat(20000)}`), weight: 1 },
  );
}

function stripeEvent(pools: FuzzPools): fc.Arbitrary<string> {
  const session = validShaped(StripeCheckoutSession, pools);
  const charge = validShaped(StripeCharge, pools);
  return fc
    .record({
      id: fc.oneof(fc.constantFrom('evt_1', 'evt_2'), fc.string({ maxLength: 30 })),
      object: fc.constant('event'),
      type: fc.constantFrom('checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed', 'checkout.session.expired', 'charge.refunded', 'customer.created'),
      created: fc.integer({ min: 0, max: 2 ** 31 }),
      livemode: fc.boolean(),
      data: fc.record({ object: fc.oneof(session, charge, garbageValue) }),
    })
    .map((ev) => JSON.stringify(ev));
}

function headersFor(e: Endpoint, pools: FuzzPools, kind: Kind, body: string | undefined): fc.Arbitrary<Record<string, string>> {
  const base: Record<string, string> = body !== undefined ? { 'content-type': 'application/json' } : {};
  if (kind === 'valid') return fc.constant(base);
  const auth = fc.oneof(
    fc.constantFrom(...pools.bearers.map((b) => `Bearer ${b}`)),
    printable.map((s) => `Bearer ${s}`),
    fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'bearer x.y.z', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'),
  );
  const contentType = fc.constantFrom(
    'application/json', 'application/json; charset=utf-8', 'application/json; charset=utf-16', 'application/json; charset=koi8-r',
    'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/*', 'json', '',
  );
  return fc
    .record(
      {
        authorization: auth,
        'content-type': contentType,
        'content-encoding': fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x-unknown'),
        'x-request-id': printable,
        'x-forwarded-for': printable,
        origin: fc.constantFrom('https://evil.example', 'null', 'chrome-extension://abc'),
        'stripe-signature': printable,
        accept: printable,
      },
      { requiredKeys: [] },
    )
    .map((h) => ({ ...base, ...h }));
}

export function requestArb(e: Endpoint, pools: FuzzPools, kind: Kind): fc.Arbitrary<FuzzRequest> {
  const actor = fc.integer({ min: -1, max: pools.users - 1 });
  const body: fc.Arbitrary<string | undefined> = e.stripeWebhook
    ? kind === 'garbage' ? jsonBody(e, pools, 'garbage') : stripeEvent(pools)
    : e.method === 'GET' || e.method === 'DELETE'
      ? kind === 'garbage' ? fc.option(jsonBody(e, pools, 'garbage'), { nil: undefined }) : fc.constant(undefined)
      : jsonBody(e, pools, kind);
  const method = kind === 'garbage' ? fc.oneof({ arbitrary: fc.constant(e.method), weight: 9 }, { arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'), weight: 1 }) : fc.constant(e.method);
  return fc
    // Node's HTTP parser answers a request line over 16 KB itself (431, before the app): stay under.
    .record({ path: pathFor(e, pools, kind), query: queryFor(e, pools, kind).map((q) => q.slice(0, 8000)), body, actor, method })
    .chain((r) =>
      headersFor(e, pools, kind, r.body).map((headers) => {
        if (e.stripeWebhook && kind !== 'garbage' && r.body !== undefined) headers['stripe-signature'] = signStripePayload(r.body, pools.webhookSecret);
        const anonymous = r.actor < 0 || 'authorization' in headers;
        return { kind, endpoint: `${e.method} ${e.path}`, method: r.method, path: `${r.path}${r.query}`, actor: anonymous ? -1 : r.actor, headers, body: r.body };
      }),
    );
}
