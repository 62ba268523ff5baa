// Verifies a Google Sign-In id_token against Google's published keys (GOOGLE_JWKS_URL):
// signature, issuer, audience (our client id), expiry. Nothing else in the token is trusted.
// A refused token is a GoogleTokenError naming why; the sign-in feature words the answer.
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';

const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
}

export type GoogleTokenProblem = 'disabled' | 'no_account' | 'expired' | 'unverified';

export class GoogleTokenError extends Error {
  constructor(readonly problem: GoogleTokenProblem) {
    super(`google id token refused: ${problem}`);
  }
}

export async function verifyGoogleIdToken(
  google: { clientId: string | null; jwksUrl: string },
  idToken: string,
  now: Date,
): Promise<GoogleIdentity> {
  if (!google.clientId) throw new GoogleTokenError('disabled');
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
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') throw new GoogleTokenError('no_account');
    return {
      sub: payload.sub,
      email: payload.email.toLowerCase(),
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      name: typeof payload.name === 'string' ? payload.name : null,
    };
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw new GoogleTokenError('expired');
    if (err instanceof errors.JOSEError) throw new GoogleTokenError('unverified');
    throw err;
  }
}
