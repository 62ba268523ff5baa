// Stripe's webhook signature scheme: the Stripe-Signature header carries t=<unix seconds> and
// one or more v1=<hex HMAC-SHA256 of "<t>.<raw body>" under the endpoint's secret> (several
// while a secret is being rolled). Like Stripe's own libraries, any v1 may match, the
// comparison is constant-time, and a timestamp older than the tolerance is refused, which is
// what stops a captured delivery from being replayed later.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: string };

function parseHeader(header: string): { timestamp: number | null; signatures: string[] } {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1') signatures.push(value);
  }
  return { timestamp, signatures };
}

export function verifyStripeSignature(
  header: string | undefined,
  rawBody: Buffer,
  secret: string,
  now: Date,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  if (!header) return { ok: false, reason: 'Missing Stripe-Signature header' };
  const { timestamp, signatures } = parseHeader(header);
  if (timestamp === null) return { ok: false, reason: 'Stripe-Signature header has no timestamp' };
  if (signatures.length === 0) return { ok: false, reason: 'Stripe-Signature header has no v1 signature' };
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  const matches = signatures.some((s) => {
    if (!/^[0-9a-f]{64}$/i.test(s)) return false;
    return timingSafeEqual(Buffer.from(s, 'hex'), expected);
  });
  if (!matches) return { ok: false, reason: 'No signature matches the payload' };
  if (timestamp < Math.floor(now.getTime() / 1000) - toleranceSeconds) return { ok: false, reason: 'Timestamp outside the tolerance zone' };
  return { ok: true, timestamp };
}
