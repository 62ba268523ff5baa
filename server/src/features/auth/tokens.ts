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

/** null for anything that is not a valid, unexpired token of ours. */
export function verifyAccessToken(secret: string, token: string, now: Date): AccessClaims | null {
  try {
    const claims = jwt.verify(token, hmacKey(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      clockTimestamp: Math.floor(now.getTime() / 1000),
    });
    if (typeof claims === 'string' || typeof claims.sub !== 'string' || typeof claims.ims !== 'number') return null;
    if (typeof claims.sid !== 'string' || claims.sid.length === 0 || claims.sid.length > 64) return null;
    return { userId: claims.sub, sessionId: claims.sid, issuedAtMs: claims.ims };
  } catch {
    return null;
  }
}
