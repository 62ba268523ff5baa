// The emailed one-time codes' text and keyed hash (docs/security.md, "One-time codes").
import { randomInt, createHmac, timingSafeEqual } from 'node:crypto';
import { VERIFICATION } from '@app/shared';

export function newCode(): string {
  let code = '';
  for (let i = 0; i < VERIFICATION.codeLength; i++) code += VERIFICATION.codeAlphabet[randomInt(VERIFICATION.codeAlphabet.length)];
  return code;
}

/** Codes are stored as a keyed hash bound to what they are for (`binding`), never in clear. */
export function hashCode(secret: string, binding: string, code: string): string {
  return createHmac('sha256', secret).update(`${binding}:${code.toUpperCase()}`).digest('base64url');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
