// The `state` and PKCE pair of one authorisation attempt. The state is a random bearer value that
// travels through Google and the user's browser; only its hash is stored, bound to the user.
import { createHash, randomBytes } from 'node:crypto';

export const STATE_TTL_MS = 10 * 60_000;

export interface PendingAuthorization {
  state: string;
  stateHash: string;
  /** RFC 7636: 43 characters of [A-Za-z0-9-_], kept on the server. */
  codeVerifier: string;
  /** base64url(sha256(codeVerifier)), sent to Google in the authorisation URL. */
  codeChallenge: string;
}

export function hashState(state: string): string {
  return createHash('sha256').update(state, 'utf8').digest('hex');
}

export function newPendingAuthorization(): PendingAuthorization {
  const state = randomBytes(32).toString('base64url');
  const codeVerifier = randomBytes(32).toString('base64url');
  return {
    state,
    stateHash: hashState(state),
    codeVerifier,
    codeChallenge: createHash('sha256').update(codeVerifier, 'ascii').digest('base64url'),
  };
}
