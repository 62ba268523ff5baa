// Sign-in limits that slow password guessing without locking the owner out (docs/security.md,
// "Sign-in limits"). Counted in the database, so they hold across instances.
import type { AppContext } from '../../context.js';
import { hit, refund, type Limit } from '../../http/rate-limit.js';
import type { UserRow } from '../users/users.repository.js';
import { trustedDevice, type AuthClient } from './auth.cookies.js';

export const LIMIT_WINDOW_SECONDS = 15 * 60;

export interface LoginAttempt {
  /** The password was right: the attempt is given back, so only failures count. */
  succeeded(): Promise<void>;
}

/**
 * Counts one attempt before the password is checked, and refuses with 429 over a limit:
 * - per source address, every attempt (AUTH_RATE_LIMIT_PER_IP), as before;
 * - per account, failures from browsers that never signed in to it (AUTH_RATE_LIMIT_PER_ACCOUNT
 *   for all of them together: the bound on guessing, however many addresses an attacker has);
 * - per account and browser that signed in to it before (its tp_device cookie), failures from that
 *   browser alone (the same limit), so the guesses of others never lock the owner's browser out.
 */
export async function startLoginAttempt(ctx: AppContext, client: AuthClient, email: string, row: UserRow | undefined): Promise<LoginAttempt> {
  const now = ctx.clock.now();
  const { authPerIp, authPerAccount } = ctx.config.rateLimits;
  const window = LIMIT_WINDOW_SECONDS;
  await hit(ctx.db, { bucket: `login:ip:${client.ip}`, max: authPerIp, windowSeconds: window }, now, 'Too many attempts from your network. Please wait and try again.');
  const device = row ? trustedDevice(ctx.secrets.jwt, client, row.id, Number(row.tokens_valid_after)) : null;
  const account: Limit = {
    bucket: device ? `login:acct-device:${email}:${device}` : `login:acct:${email}`,
    max: authPerAccount,
    windowSeconds: window,
  };
  await hit(ctx.db, account, now, 'Too many attempts for this account. Please wait and try again.');
  return { succeeded: () => refund(ctx.db, account, now) };
}
