// Memory-hard password hashing: scrypt N=2^17, r=8, p=1 (128 MiB per hash), with a bound on
// how many run at once so a burst of logins cannot exhaust memory or starve the event loop.
import { scrypt, randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { PASSWORD_RULES } from '@app/shared';
import { serviceUnavailable } from '../../http/errors.js';
import type { Message } from '../../i18n/messages.js';

/** The cost new hashes get in production; a stored hash carries its own, so verifying follows it. */
export const PASSWORD_WORK_FACTOR = 17;
const PARAMS = { logN: PASSWORD_WORK_FACTOR as number, r: 8, p: 1, keyLength: 32 };
const MAX_CONCURRENT = 2;
const MAX_QUEUED = 64;

let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) {
    if (waiting.length >= MAX_QUEUED) throw serviceUnavailable({ key: 'server-errors.busy' });
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function derive(password: string, salt: Buffer, logN: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  const N = 2 ** logN;
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r + 16 * 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * The cost of hashes made from now on in this process. Only the test harness lowers it (its
 * thousands of sign-ups would otherwise spend most of CI in scrypt); the browser journeys and
 * every deployed server keep PASSWORD_WORK_FACTOR. Not a setting an operator can reach.
 */
export function setPasswordWorkFactor(logN: number): void {
  if (!Number.isInteger(logN) || logN < 10 || logN > 20) throw new Error(`scrypt logN ${logN} is out of range (10-20)`);
  if (logN !== PARAMS.logN) dummy = null;
  PARAMS.logN = logN;
}

/** Format: scrypt$logN$r$p$salt$hash (base64url), so parameters can be raised later. */
export function hashPassword(password: string): Promise<string> {
  return withSlot(async () => {
    const salt = randomBytes(16);
    const key = await derive(password, salt, PARAMS.logN, PARAMS.r, PARAMS.p, PARAMS.keyLength);
    return ['scrypt', PARAMS.logN, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
  });
}

export function verifyPassword(password: string, stored: string): Promise<boolean> {
  return withSlot(async () => {
    const [scheme, logN, r, p, salt, hash] = stored.split('$');
    if (scheme !== 'scrypt' || !hash) return false;
    const expected = Buffer.from(hash, 'base64url');
    const key = await derive(password, Buffer.from(salt, 'base64url'), Number(logN), Number(r), Number(p), expected.length);
    return timingSafeEqual(key, expected);
  });
}

/** A hash of a random password, compared against when an account does not exist, so timing reveals nothing. */
let dummy: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword(randomBytes(12).toString('hex'));
  await verifyPassword(password, await dummy);
}

/** The first rule a password breaks, as a sentence (shared/locales/server-errors), or null. */
export function passwordProblem(password: string): Message | null {
  if (password.length < PASSWORD_RULES.minLength) return { key: 'server-errors.validation.passwordMin', values: { min: PASSWORD_RULES.minLength } };
  if (!/[A-Z]/.test(password)) return { key: 'server-errors.validation.passwordUpper' };
  if (!/[a-z]/.test(password)) return { key: 'server-errors.validation.passwordLower' };
  if (!/[0-9]/.test(password)) return { key: 'server-errors.validation.passwordDigit' };
  if (!/[^A-Za-z0-9]/.test(password)) return { key: 'server-errors.validation.passwordSpecial' };
  return null;
}
