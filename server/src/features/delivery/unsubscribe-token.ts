// The List-Unsubscribe token: base64url(JSON {v, u, e}) "." base64url(HMAC-SHA256). It names one
// user and expires UNSUBSCRIBE_TOKEN_TTL_DAYS after the email that carried it was sent (every
// scheduled email carries a fresh one), so a link copied from an old email or a log stops working
// (docs/security.md, "Logs and tokens"). Its key is derived from the JWT secret under its own
// label, so a rating-link token can never pass as one.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const UNSUBSCRIBE_TOKEN_TTL_DAYS = 90;
const VERSION = 2;
/** Version 1 tokens (before expiry existed) named a user and nothing else. */
const LEGACY_VERSION = 1;

export type UnsubscribeTokenCheck = { ok: true; userId: string } | { ok: false; reason: 'invalid' | 'expired' };

function sign(secret: string, part: string): Buffer {
  const key = createHmac('sha256', secret).update('delivery-unsubscribe-key-v1').digest();
  return createHmac('sha256', key).update(part).digest();
}

export function signUnsubscribeToken(secret: string, userId: string, now: Date): string {
  const e = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_TOKEN_TTL_DAYS * 86_400;
  const part = Buffer.from(JSON.stringify({ v: VERSION, u: userId, e })).toString('base64url');
  return `${part}.${sign(secret, part).toString('base64url')}`;
}

/** Whom the token names, or why it is refused: anything we did not sign is 'invalid'; a signed
 * token past its expiry, or of the old version without one, is 'expired'. */
export function verifyUnsubscribeToken(secret: string, token: string, now: Date): UnsubscribeTokenCheck {
  const invalid = { ok: false, reason: 'invalid' } as const;
  const m = /^([A-Za-z0-9_-]{1,512})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return invalid;
  const given = Buffer.from(m[2], 'base64url');
  const expected = sign(secret, m[1]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;
  let p: { v?: unknown; u?: unknown; e?: unknown };
  try {
    p = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8')) as typeof p;
  } catch {
    return invalid;
  }
  if (typeof p !== 'object' || p === null || typeof p.u !== 'string' || p.u.length === 0 || p.u.length > 64) return invalid;
  if (p.v === LEGACY_VERSION) return { ok: false, reason: 'expired' };
  if (p.v !== VERSION || typeof p.e !== 'number' || !Number.isInteger(p.e)) return invalid;
  if (p.e * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, userId: p.u };
}
