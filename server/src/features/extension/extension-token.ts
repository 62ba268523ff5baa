// Extension tokens are opaque random strings, not JWTs: the server can revoke one by its row,
// and a stolen database leaks only their SHA-256, which cannot be replayed.
import { createHash, randomBytes } from 'node:crypto';
import { EXTENSION_HANDOFF } from '@app/shared';

export function newExtensionToken(): string {
  return `${EXTENSION_HANDOFF.tokenPrefix}${randomBytes(32).toString('base64url')}`;
}

export function isExtensionToken(token: string): boolean {
  return token.startsWith(EXTENSION_HANDOFF.tokenPrefix) && /^[A-Za-z0-9_-]{43}$/.test(token.slice(EXTENSION_HANDOFF.tokenPrefix.length));
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
