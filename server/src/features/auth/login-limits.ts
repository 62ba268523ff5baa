// Sign-in limits that slow password guessing without locking the owner out (docs/security.md,
// "Sign-in limits"). Counted in the database, so they hold across instances.
import type { AppContext } from '../../context.js';
import { HttpError, badRequest, withExtra } from '../../http/errors.js';
import { hit, refund, type Limit } from '../../http/rate-limit.js';
import type { UserRow } from '../users/users.repository.js';
import { trustedDevice, type AuthClient } from './auth.cookies.js';
import { checkUnlockCode } from './unlock.service.js';
import { LIMIT_WINDOW_SECONDS } from './limit-window.js';

export interface LoginAttempt {
  /** The password was right: the attempt is given back (so only failures count) and an unlock code is used up. */
  succeeded(): Promise<void>;
}

const ACCOUNT_LIMITED = 'Too many attempts for this account. Please wait and try again.';

/**
 * Counts one attempt before the password is checked, and refuses with 429 over a limit:
 * - per source address, every attempt (AUTH_RATE_LIMIT_PER_IP), as before;
 * - per account, failures from browsers that never signed in to it (AUTH_RATE_LIMIT_PER_ACCOUNT
 *   for all of them together: the bound on guessing, however many addresses an attacker has);
 *   its 429 says `unlock_available`, for an address with or without an account alike;
 * - per account and browser that signed in to it before (its tp_device cookie), failures from that
 *   browser alone (the same limit), so the guesses of others never lock the owner's browser out;
 * - per account, failures from new browsers holding a valid emailed code (unlock.service.ts):
 *   only whoever reads the mailbox can use that allowance, so the owner gets past the new-browser
 *   limit while an attacker without the mailbox stays at it.
 */
export async function startLoginAttempt(
  ctx: AppContext,
  client: AuthClient,
  email: string,
  row: UserRow | undefined,
  unlockCode?: string,
): Promise<LoginAttempt> {
  const now = ctx.clock.now();
  const { authPerIp, authPerAccount } = ctx.config.rateLimits;
  const limit = (bucket: string): Limit => ({ bucket, max: authPerAccount, windowSeconds: LIMIT_WINDOW_SECONDS });
  await hit(ctx.db, { bucket: `login:ip:${client.ip}`, max: authPerIp, windowSeconds: LIMIT_WINDOW_SECONDS }, now, 'Too many attempts from your network. Please wait and try again.');
  const device = row ? trustedDevice(ctx.secrets.jwt, client, row.id, Number(row.tokens_valid_after)) : null;
  if (device) {
    const known = limit(`login:acct-device:${email}:${device}`);
    await hit(ctx.db, known, now, ACCOUNT_LIMITED);
    return { succeeded: () => refund(ctx.db, known, now) };
  }
  const newBrowsers = limit(`login:acct:${email}`);
  if (unlockCode !== undefined) {
    let code;
    try {
      code = await checkUnlockCode(ctx, client, email, unlockCode);
    } catch (err) {
      // A wrong code is a failed attempt from a new browser, as a wrong password is; the answer
      // names the code's problem even when that limit is spent.
      await hit(ctx.db, newBrowsers, now).catch((e: unknown) => {
        if (!(e instanceof HttpError && e.status === 429)) throw e;
      });
      throw err;
    }
    const unlocked = limit(`login:acct-unlocked:${email}`);
    await hit(ctx.db, unlocked, now, ACCOUNT_LIMITED);
    return {
      succeeded: async () => {
        if (!(await code.consume())) throw badRequest('This code was already used. Please request a new one.');
        await refund(ctx.db, unlocked, now);
      },
    };
  }
  try {
    await hit(ctx.db, newBrowsers, now, ACCOUNT_LIMITED);
  } catch (err) {
    if (err instanceof HttpError && err.status === 429) throw withExtra(err, { unlock_available: true });
    throw err;
  }
  return { succeeded: () => refund(ctx.db, newBrowsers, now) };
}
