// The verification codes' rules, shared by the reset and email-change codes: a code that is
// missing, spent (too many wrong attempts), expired or wrong is refused with 400 and a sentence;
// a wrong one counts against its attempts.
import { VERIFICATION } from '@app/shared';
import { badRequest } from '../../http/errors.js';
import { sameHash } from '../auth/verification-code.js';

interface StoredCode {
  code_hash: string;
  expires_at: string;
  attempts: number;
}

export async function checkCode(
  stored: StoredCode | undefined,
  givenHash: string,
  now: Date,
  texts: { none: string; wrong: string },
  addWrongAttempt: () => Promise<number>,
): Promise<void> {
  if (!stored) throw badRequest(texts.none);
  if (stored.attempts >= VERIFICATION.maxWrongAttempts) throw badRequest('Too many wrong attempts. Please request a new code.');
  if (Date.parse(stored.expires_at) <= now.getTime()) throw badRequest('This code has expired. Please request a new one.');
  if (!sameHash(givenHash, stored.code_hash)) {
    const left = VERIFICATION.maxWrongAttempts - (await addWrongAttempt());
    throw badRequest(left > 0 ? `${texts.wrong} ${left} ${left === 1 ? 'attempt' : 'attempts'} left.` : 'Too many wrong attempts. Please request a new code.');
  }
}

/** Seconds until the cooldown that refused a new code ends (at least 1). */
export function secondsLeft(sentAt: string | undefined, now: Date): number {
  const cooldownMs = VERIFICATION.resendCooldownSeconds * 1000;
  return Math.max(1, Math.ceil(sentAt ? (Date.parse(sentAt) + cooldownMs - now.getTime()) / 1000 : VERIFICATION.resendCooldownSeconds));
}
