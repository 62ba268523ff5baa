// The List-Unsubscribe token: base64url(JSON {v, u}) "." base64url(HMAC-SHA256). It names one user
// and never expires (RFC 8058 links must keep working in old mail); its key is derived from the
// JWT secret under its own label, so a rating-link token can never pass as one.
import { createHmac, timingSafeEqual } from 'node:crypto';

const VERSION = 1;

function sign(secret: string, part: string): Buffer {
  const key = createHmac('sha256', secret).update('delivery-unsubscribe-key-v1').digest();
  return createHmac('sha256', key).update(part).digest();
}

export function signUnsubscribeToken(secret: string, userId: string): string {
  const part = Buffer.from(JSON.stringify({ v: VERSION, u: userId })).toString('base64url');
  return `${part}.${sign(secret, part).toString('base64url')}`;
}

/** The user id the token names, or null for anything we did not sign. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const m = /^([A-Za-z0-9_-]{1,512})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const given = Buffer.from(m[2], 'base64url');
  const expected = sign(secret, m[1]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const p = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8')) as { v?: unknown; u?: unknown };
    return p.v === VERSION && typeof p.u === 'string' && p.u.length > 0 && p.u.length <= 64 ? p.u : null;
  } catch {
    return null;
  }
}
