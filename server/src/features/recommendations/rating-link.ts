// Signed rating links (docs/product-decisions.md: "signed by the server and name one recommendation of one
// user"). A token is base64url(JSON payload) "." base64url(HMAC-SHA256(payload)); the key is
// derived from the JWT secret so one configured secret serves every instance. The payload carries
// the rating the link stands for (version 2), so a Like link can only ever record a like.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.js';

export const RATING_LINK_TTL_DAYS = 30;
const VERSION = 2;
/**
 * Tokens mailed before the rating was signed carry none: they record the rating of their link's
 * query, as they always did, until their 30 days run out (docs/security.md, "Logs and tokens").
 */
const UNRATED_VERSION = 1;

export type LinkRating = 'like' | 'dislike';

interface Payload {
  v: number;
  /** recommendation id */
  r: string;
  /** user id */
  u: string;
  /** the rating the link records (version 2 on) */
  k?: LinkRating;
  /** expiry, epoch seconds */
  e: number;
}

export type RatingTokenCheck =
  /** rating: what the token records, or null for an unrated (version 1) token. */
  | { ok: true; recommendationId: string; userId: string; rating: LinkRating | null }
  | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' };

function key(secret: string): Buffer {
  return createHmac('sha256', secret).update('rating-link-key-v1').digest();
}

function sign(secret: string, payloadPart: string): Buffer {
  return createHmac('sha256', key(secret)).update(payloadPart).digest();
}

export function signRatingToken(secret: string, recommendationId: string, userId: string, rating: LinkRating, now: Date): string {
  const payload: Payload = { v: VERSION, r: recommendationId, u: userId, k: rating, e: Math.floor(now.getTime() / 1000) + RATING_LINK_TTL_DAYS * 86_400 };
  const part = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${part}.${sign(secret, part).toString('base64url')}`;
}

function isPayload(v: unknown): v is Payload {
  const p = v as Payload;
  return (
    typeof p === 'object' && p !== null &&
    (p.v === VERSION ? p.k === 'like' || p.k === 'dislike' : p.v === UNRATED_VERSION && p.k === undefined) &&
    typeof p.r === 'string' && p.r.length > 0 && p.r.length <= 64 &&
    typeof p.u === 'string' && p.u.length > 0 && p.u.length <= 64 &&
    Number.isInteger(p.e)
  );
}

export function verifyRatingToken(secret: string, token: string, now: Date): RatingTokenCheck {
  const m = /^([A-Za-z0-9_-]{1,1024})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return { ok: false, reason: 'malformed' };
  const given = Buffer.from(m[2], 'base64url');
  const expected = sign(secret, m[1]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad_signature' };
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!isPayload(payload)) return { ok: false, reason: 'malformed' };
  if (payload.e * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, recommendationId: payload.r, userId: payload.u, rating: payload.k ?? null };
}

/** The public link (web route /rate) that records `rating` for one recommendation of one user. */
export function ratingLink(ctx: AppContext, recommendationId: string, userId: string, rating: LinkRating): string {
  const token = signRatingToken(ctx.secrets.jwt, recommendationId, userId, rating, ctx.clock.now());
  const query = new URLSearchParams({ token, rating });
  return `${ctx.config.appUrl}/rate?${query.toString()}`;
}
