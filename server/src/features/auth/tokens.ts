// Access tokens: HS256 JWTs with expiry, issuer and audience, naming one web session (`sid`, a row
// of sessions that authenticate checks: deleting the row revokes the token). A per-user
// tokens_valid_after (epoch ms) also revokes every token issued before it (sign out everywhere,
// password reset). A token without a session is refused (docs/security.md, "Sessions").
import { SignJWT, jwtVerify } from 'jose';
import { createSecretKey, type KeyObject } from 'node:crypto';

const ISSUER = 'tonights-pick';
const AUDIENCE = 'tonights-pick-api';
const LIFETIME_SECONDS = 30 * 24 * 3600;

// One key object per secret: jose turns it into a CryptoKey once and keeps that with it.
const keys = new Map<string, KeyObject>();
function hmacKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

export interface AccessClaims {
  userId: string;
  sessionId: string;
  issuedAtMs: number;
}

/**
 * The claims, their order and the header are those jsonwebtoken wrote before (tokens.test.ts
 * holds one of its tokens): iat is the real clock's, as it was, and `now` goes in `ims`.
 */
export function issueAccessToken(secret: string, userId: string, sessionId: string, now: Date): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT({ ims: now.getTime(), sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + LIFETIME_SECONDS)
    .setAudience(AUDIENCE)
    .setIssuer(ISSUER)
    .setSubject(userId)
    .sign(hmacKey(secret));
}

/**
 * Tokens already verified, so a session's every request does not verify it again (the parse,
 * HMAC and checks were the largest cost of a cheap authenticated GET). Only a token that
 * verified with the same secret is kept, by its exact text, with the times it holds: a hit checks
 * expiry and not-before against `now` as jwtVerify does, so the answer is the same. Bounded,
 * oldest out first; revocation is not a token matter (authenticate reads the session row each time).
 */
const VERIFIED_MAX = 2048;
interface Verified {
  secret: string;
  claims: AccessClaims;
  exp: number | undefined;
  nbf: number | undefined;
}
const verified = new Map<string, Verified>();

/** null for anything that is not a valid, unexpired token of ours. */
export async function verifyAccessToken(secret: string, token: string, now: Date): Promise<AccessClaims | null> {
  const clock = Math.floor(now.getTime() / 1000);
  const hit = verified.get(token);
  if (hit && hit.secret === secret) {
    if (hit.exp !== undefined && clock >= hit.exp) return null;
    if (hit.nbf !== undefined && hit.nbf > clock) return null;
    return hit.claims;
  }
  try {
    const { payload: claims } = await jwtVerify(token, hmacKey(secret), { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE, currentDate: new Date(clock * 1000) });
    if (typeof claims.sub !== 'string' || typeof claims.ims !== 'number') return null;
    if (typeof claims.sid !== 'string' || claims.sid.length === 0 || claims.sid.length > 64) return null;
    const out = { userId: claims.sub, sessionId: claims.sid, issuedAtMs: claims.ims };
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, { secret, claims: out, exp: claims.exp, nbf: claims.nbf });
    return out;
  } catch {
    return null;
  }
}
