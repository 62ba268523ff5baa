// The rules every emailed one-time code shares (docs/security.md, "One-time codes"): a few
// attempts, an expiry, single use. An attempt is counted and the code's hash read in one
// conditional UPDATE (attempts < max, not expired), and only a counted attempt is compared:
// concurrent guesses can never get more than `max` compares, on either database. The right code
// counts too; it is deleted when it is used, so that count never matters.
import { badRequest } from '../../http/errors.js';
import { knownText } from '../../i18n/known-text.js';
import { sameHash } from './one-time-code.js';

/** What an attempt reads of the stored code. */
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

export async function attemptCode<T extends CountedAttempt>(codes: CodeAttempts<T>, given: (row: T) => string, now: Date, max: number): Promise<AttemptOutcome<T>> {
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

/** The sign-in, sign-up, reset and email-change codes' sentences for a refused code: a 400. */
export function refusedCode(outcome: Exclude<AttemptOutcome<unknown>, { ok: true }>, texts: { none: string; wrong: string }): Error {
  if (outcome.why === 'none') return badRequest(texts.none);
  if (outcome.why === 'expired') return badRequest('This code has expired. Please request a new one.');
  if (outcome.why === 'wrong' && outcome.left > 0) return badRequest({ key: 'server-errors.codes.wrongLeft', values: { wrong: knownText(texts.wrong), left: outcome.left } });
  return badRequest(SPENT);
}

/** Seconds until the cooldown that refused a new code ends (at least 1). */
export function secondsLeft(sentAt: string | undefined, now: Date, cooldownSeconds: number): number {
  return Math.max(1, Math.ceil(sentAt ? (Date.parse(sentAt) + cooldownSeconds * 1000 - now.getTime()) / 1000 : cooldownSeconds));
}
