// The rules every emailed one-time code shares (docs/security.md, "One-time codes"): 5 attempts,
// an expiry, single use. An attempt is counted and the code's hash read in one conditional
// UPDATE (attempts < 5, not expired), and only a counted attempt is compared: concurrent guesses
// can never get more than 5 compares, on either database. The right code counts too; it is
// deleted when it is used, so that count never matters.
import { VERIFICATION } from '@app/shared';
import { badRequest } from '../../http/errors.js';
import { sameHash } from './verification-code.js';

/** What an attempt reads of the stored code (some codes' hash needs another column, e.g. the new address). */
export interface CountedAttempt {
  attempts: number;
  code_hash: string;
}

export interface CodeAttempts<T extends CountedAttempt> {
  /** Counts one attempt on the live code, if it has attempts left; the row after the count, else undefined. */
  spend(at: string): Promise<T | undefined>;
  /** The stored code, to say why no attempt was counted. */
  find(): Promise<{ attempts: number; expires_at: string } | undefined>;
}

export type AttemptOutcome<T> = { ok: true; row: T } | { ok: false; why: 'none' | 'spent' | 'expired' } | { ok: false; why: 'wrong'; left: number };

export async function attemptCode<T extends CountedAttempt>(codes: CodeAttempts<T>, given: (row: T) => string, now: Date, max: number = VERIFICATION.maxWrongAttempts): Promise<AttemptOutcome<T>> {
  const row = await codes.spend(now.toISOString());
  if (!row) {
    const stored = await codes.find();
    if (!stored) return { ok: false, why: 'none' };
    if (stored.attempts >= max) return { ok: false, why: 'spent' };
    if (Date.parse(stored.expires_at) <= now.getTime()) return { ok: false, why: 'expired' };
    // Replaced between the two statements: the code this request was for is gone.
    return { ok: false, why: 'none' };
  }
  if (sameHash(given(row), row.code_hash)) return { ok: true, row };
  return { ok: false, why: 'wrong', left: max - Number(row.attempts) };
}

const SPENT = 'Too many wrong attempts. Please request a new code.';

/** attemptCode with the verification codes' sentences: a refused code is a 400. Returns the row of the right code. */
export async function checkCode<T extends CountedAttempt>(codes: CodeAttempts<T>, given: (row: T) => string, now: Date, texts: { none: string; wrong: string }): Promise<T> {
  const outcome = await attemptCode(codes, given, now);
  if (outcome.ok) return outcome.row;
  if (outcome.why === 'none') throw badRequest(texts.none);
  if (outcome.why === 'expired') throw badRequest('This code has expired. Please request a new one.');
  if (outcome.why === 'wrong' && outcome.left > 0) throw badRequest(`${texts.wrong} ${outcome.left} ${outcome.left === 1 ? 'attempt' : 'attempts'} left.`);
  throw badRequest(SPENT);
}

/** Seconds until the cooldown that refused a new code ends (at least 1). */
export function secondsLeft(sentAt: string | undefined, now: Date): number {
  const cooldownMs = VERIFICATION.resendCooldownSeconds * 1000;
  return Math.max(1, Math.ceil(sentAt ? (Date.parse(sentAt) + cooldownMs - now.getTime()) / 1000 : VERIFICATION.resendCooldownSeconds));
}
