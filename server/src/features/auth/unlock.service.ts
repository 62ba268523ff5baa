// Emailed sign-in codes: the owner's way past the per-account limit for new browsers while
// someone is guessing the account's password (docs/security.md, "Sign-in limits"). A code is
// bound to the browser that asked for it (tp_unlock), so nobody else can use it or spend its
// attempts; asking for one answers the same whether or not the address has an account.
import { VERIFICATION, type UnlockCodeResponse } from '@app/shared';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { hit } from '../../http/rate-limit.js';
import { findUserByEmail } from '../users/users.repository.js';
import { newUnlockId, unlockBrowserKey, type Answer, type AuthClient } from './auth.cookies.js';
import { unlockEmail } from './auth.emails.js';
import { LIMIT_WINDOW_SECONDS } from './limit-window.js';
import { unlockCodes } from '../codes/purposes.js';
import { userLocale } from '../../i18n/messages.js';

const NO_CODE = 'No active sign-in code for this browser. Please request a new one.';

export async function requestUnlockCode(ctx: AppContext, client: AuthClient, email: string): Promise<Answer<UnlockCodeResponse>> {
  const now = ctx.clock.now();
  await hit(ctx.db, { bucket: `unlock:ip:${client.ip}`, max: ctx.config.rateLimits.authPerIp, windowSeconds: LIMIT_WINDOW_SECONDS }, now, 'Too many attempts from your network. Please wait and try again.');
  const unlockId = client.unlockId ?? newUnlockId();
  const key = { owner: email, browser: unlockBrowserKey(ctx.secrets.jwt, unlockId) };
  const code = await unlockCodes.issue(ctx.db, ctx.secrets.jwt, key, now);
  if (!code) throw await unlockCodes.tooSoon(ctx.db, key, now);
  const row = await findUserByEmail(ctx.db, email);
  // Only an account with a password gets mail; the row above is stored either way, so the answer
  // and the cooldown are the same. The mail is not awaited, so the answer's timing is too.
  if (row?.password_hash) {
    ctx.mailer.send(unlockEmail(ctx.config.appUrl, row.email, code, userLocale(row))).catch((err: unknown) => ctx.logger.error({ err, userId: row.id }, 'could not send the sign-in code email'));
  }
  return {
    body: { message: `If ${email} has an account with a password, we sent a sign-in code to it. Enter it here with your password.`, retry_after_seconds: VERIFICATION.resendCooldownSeconds },
    cookies: { unlock: unlockId },
  };
}

export interface ValidUnlockCode {
  /** Takes the code (single use); false if a concurrent sign-in took it first. */
  consume(): Promise<boolean>;
}

/** Checks a code for this address and browser; a wrong one counts against its 5 attempts. Throws 400. */
export async function checkUnlockCode(ctx: AppContext, client: AuthClient, email: string, code: string): Promise<ValidUnlockCode> {
  if (!client.unlockId) throw badRequest(NO_CODE);
  const key = { owner: email, browser: unlockBrowserKey(ctx.secrets.jwt, client.unlockId) };
  const stored = await unlockCodes.check(ctx.db, ctx.secrets.jwt, key, code, ctx.clock.now(), { none: NO_CODE, wrong: 'Invalid sign-in code.' });
  return { consume: () => unlockCodes.consume(ctx.db, key, stored.code_hash) };
}
