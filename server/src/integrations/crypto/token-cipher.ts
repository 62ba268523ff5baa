// Encrypts secrets that must be stored (the calendar refresh token) with AES-256-GCM under a key
// kept outside the database. Each value names the key that sealed it, so keys can rotate: the
// current key seals, every listed key opens.
//   v1:<kid>:<iv>:<ciphertext>:<tag>   (base64url parts; kid = a short hash of the key)
// The associated data binds a value to its place (e.g. the user id), so a ciphertext copied into
// another row does not open there.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class TokenCipherError extends Error {
  constructor(
    message: string,
    readonly reason: 'malformed' | 'unknown_key' | 'tampered',
  ) {
    super(message);
    this.name = 'TokenCipherError';
  }
}

export interface Opened {
  plaintext: string;
  /** True when a key other than the current one sealed it: re-seal to finish a rotation. */
  stale: boolean;
}

export interface TokenCipher {
  readonly currentKid: string;
  seal(plaintext: string, associatedData: string): string;
  open(sealed: string, associatedData: string): Opened;
}

/** A short, stable, non-reversible name for a key. */
export function keyId(key: Buffer): string {
  return createHash('sha256').update('token-cipher-kid:').update(key).digest('base64url').slice(0, 10);
}

/** Decodes a base64 / base64url key; null when it is not exactly 32 bytes. */
export function decodeKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === KEY_BYTES ? key : null;
}

export function createTokenCipher(current: Buffer, previous: Buffer[] = []): TokenCipher {
  if (current.length !== KEY_BYTES) throw new Error('The encryption key must be 32 bytes');
  const currentKid = keyId(current);
  const keys = new Map<string, Buffer>();
  for (const k of [current, ...previous]) if (k.length === KEY_BYTES && !keys.has(keyId(k))) keys.set(keyId(k), k);

  return {
    currentKid,
    seal(plaintext, associatedData) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(associatedData, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, currentKid, iv.toString('base64url'), ciphertext.toString('base64url'), tag.toString('base64url')].join(':');
    },
    open(sealed, associatedData) {
      const parts = sealed.split(':');
      if (parts.length !== 5 || parts[0] !== VERSION) throw new TokenCipherError('Not a sealed value', 'malformed');
      const [, kid, ivText, ctText, tagText] = parts;
      const key = keys.get(kid);
      if (!key) throw new TokenCipherError(`No key with id ${kid} is configured`, 'unknown_key');
      const iv = Buffer.from(ivText, 'base64url');
      const tag = Buffer.from(tagText, 'base64url');
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new TokenCipherError('Not a sealed value', 'malformed');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(associatedData, 'utf8'));
        decipher.setAuthTag(tag);
        const plaintext = Buffer.concat([decipher.update(Buffer.from(ctText, 'base64url')), decipher.final()]).toString('utf8');
        return { plaintext, stale: kid !== currentKid };
      } catch {
        throw new TokenCipherError('The sealed value does not authenticate', 'tampered');
      }
    },
  };
}
