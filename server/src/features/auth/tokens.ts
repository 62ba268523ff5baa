// Access tokens: HS256 JWTs with expiry, issuer and audience, naming one web session (`sid`, a row
// of sessions that authenticate checks: deleting the row revokes the token). A per-user
// tokens_valid_after (epoch ms) also revokes every token issued before it (sign out everywhere,
// password reset). A token without a session is refused (docs/security.md, "Sessions").
import jwt from 'jsonwebtoken';
import { createSecretKey, type KeyObject } from 'node:crypto';

const ISSUER = 'tonights-pick';
const AUDIENCE = 'tonights-pick-api';
const LIFETIME_SECONDS = 30 * 24 * 3600;

// Given a string, jsonwebtoken first tries to read it as a PEM public key (about 1 ms per call);
// a secret KeyObject goes straight to HMAC.
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

export function issueAccessToken(secret: string, userId: string, sessionId: string, now: Date): string {
  return jwt.sign({ ims: now.getTime(), sid: sessionId }, hmacKey(secret), {
    algorithm: 'HS256',
    subject: userId,
    issuer: ISSUER,
    audience: AUDIENCE,
    expiresIn: LIFETIME_SECONDS,
  });
}

/**
 * Tokens already verified, so a session's every request does not run jsonwebtoken again (its
 * parse, HMAC and checks were the largest cost of a cheap authenticated GET). Only a token that
 * verified with the same secret is kept, by its exact text, with the times it holds: a hit checks
 * expiry and not-before against `now` as jsonwebtoken does, so the answer is the same. Bounded,
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
export function verifyAccessToken(secret: string, token: string, now: Date): AccessClaims | null {
  const clock = Math.floor(now.getTime() / 1000);
  const hit = verified.get(token);
  if (hit && hit.secret === secret) {
    if (hit.exp !== undefined && clock >= hit.exp) return null;
    if (hit.nbf !== undefined && hit.nbf > clock) return null;
    return hit.claims;
  }
  try {
    const claims = jwt.verify(token, hmacKey(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      clockTimestamp: clock,
    });
    if (typeof claims === 'string' || typeof claims.sub !== 'string' || typeof claims.ims !== 'number') return null;
    if (typeof claims.sid !== 'string' || claims.sid.length === 0 || claims.sid.length > 64) return null;
    const out = { userId: claims.sub, sessionId: claims.sid, issuedAtMs: claims.ims };
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, { secret, claims: out, exp: claims.exp, nbf: claims.nbf });
    return out;
  } catch {
    return null;
  }
}
