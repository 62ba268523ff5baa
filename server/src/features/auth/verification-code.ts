import { randomInt, createHmac, timingSafeEqual } from 'node:crypto';
import { VERIFICATION } from '@app/shared';

export function newVerificationCode(): string {
  let code = '';
  for (let i = 0; i < VERIFICATION.codeLength; i++) code += VERIFICATION.codeAlphabet[randomInt(VERIFICATION.codeAlphabet.length)];
  return code;
}

/** Codes are stored as a keyed hash bound to the user, never in clear. */
export function hashVerificationCode(secret: string, userId: string, code: string): string {
  return createHmac('sha256', secret).update(`verify:${userId}:${code.toUpperCase()}`).digest('base64url');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
