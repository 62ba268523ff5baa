// Verifies a Google Sign-In id_token against Google's published keys (GOOGLE_JWKS_URL):
// signature, issuer, audience (our client id), expiry. Nothing else in the token is trusted.
import type { createRemoteJWKSet } from 'jose';
import { unauthorized } from '../../http/errors.js';

const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
}

export async function verifyGoogleIdToken(
  google: { clientId: string | null; jwksUrl: string },
  idToken: string,
  now: Date,
): Promise<GoogleIdentity> {
  if (!google.clientId) throw unauthorized('Google sign-in is not enabled on this server.');
  // Loaded at the first Google sign-in, not at start: most starts never need it.
  const { createRemoteJWKSet, jwtVerify, errors } = await import('jose');
  let jwks = jwksByUrl.get(google.jwksUrl);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(google.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    jwksByUrl.set(google.jwksUrl, jwks);
  }
  try {
    const { payload } = await jwtVerify(idToken, jwks, {
      issuer: ['https://accounts.google.com', 'accounts.google.com'],
      audience: google.clientId,
      algorithms: ['RS256'],
      currentDate: now,
    });
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') throw unauthorized('Google sign-in failed: the token has no account.');
    return {
      sub: payload.sub,
      email: payload.email.toLowerCase(),
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      name: typeof payload.name === 'string' ? payload.name : null,
    };
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw unauthorized('Google sign-in failed: the token has expired.');
    if (err instanceof errors.JOSEError) throw unauthorized('Google sign-in failed: the token could not be verified.');
    throw err;
  }
}
