// Forgotten password (docs/security.md, "Password reset"): a code mailed to the address lets its
// reader choose a new password. Asking answers the same whether or not the address has an
// account (status, body, cooldown, and the same work: a row and a keyed hash are stored for any
// address, and the mail is not awaited). The code proves the address, as a verification code
// does: a reset verifies an unverified account and removes what its pending registrant chose.
// A code is bound to the browser that asked for it (tp_unlock, as sign-in codes are): only that
// browser can use it or spend its attempts, and asking from another browser leaves it as it is.
import { PASSWORD_RESET, VERIFICATION, type AuthResponse, type ForgotPasswordResponse } from '@app/shared';
import type { AppContext } from '../../context.js';
import { badRequest, fieldError } from '../../http/errors.js';
import { hit } from '../../http/rate-limit.js';
import { codeBrowser, unlockBrowserKey, type Answer, type AuthClient } from '../auth/auth.cookies.js';
import { signedIn } from '../auth/auth.service.js';
import { LIMIT_WINDOW_SECONDS } from '../auth/limit-window.js';
import { hashPassword, passwordProblem } from '../auth/password.js';
import { resetCodes, verificationCodes } from '../codes/purposes.js';
import { findUserByEmail, updateUser } from '../users/users.repository.js';
import { revokeCredentials } from '../sessions/sessions.repository.js';
import { passwordChangedEmail, passwordResetEmail } from './credentials.emails.js';
import { userLocale } from '../../i18n/messages.js';

const NETWORK_LIMITED = 'Too many attempts from your network. Please wait and try again.';

export async function forgotPassword(ctx: AppContext, client: AuthClient, email: string): Promise<Answer<ForgotPasswordResponse>> {
  const now = ctx.clock.now();
  await hit(ctx.db, { bucket: `forgot:ip:${client.ip}`, max: ctx.config.rateLimits.authPerIp, windowSeconds: LIMIT_WINDOW_SECONDS }, now, NETWORK_LIMITED);
  const browser = codeBrowser(ctx.secrets.jwt, client);
  const key = { owner: email, browser: browser.key };
  const code = await resetCodes.issue(ctx.db, ctx.secrets.jwt, key, now);
  if (!code) throw await resetCodes.tooSoon(ctx.db, key, now);
  const row = await findUserByEmail(ctx.db, email);
  // Any account gets the mail, with a password or not (Google-only accounts set a first one).
  // Not awaited, so the answer takes as long either way.
  if (row) {
    ctx.mailer.send(passwordResetEmail(ctx.config.appUrl, row.email, code, userLocale(row))).catch((err: unknown) => ctx.logger.error({ err, userId: row.id }, 'could not send the password reset email'));
  }
  return {
    body: {
      message: `If ${email} has an account, we sent a code to it. Enter it here with your new password; it expires in ${PASSWORD_RESET.codeTtlMinutes} minutes.`,
      retry_after_seconds: VERIFICATION.resendCooldownSeconds,
    },
    cookies: { unlock: browser.id },
  };
}

export async function resetPassword(ctx: AppContext, client: AuthClient, input: { email: string; code: string; new_password: string }): Promise<Answer<AuthResponse>> {
  const now = ctx.clock.now();
  await hit(ctx.db, { bucket: `reset:ip:${client.ip}`, max: ctx.config.rateLimits.authPerIp, windowSeconds: LIMIT_WINDOW_SECONDS }, now, NETWORK_LIMITED);
  const problem = passwordProblem(input.new_password);
  if (problem) throw fieldError('new_password', problem);
  const none = 'No active reset code for this email in this browser. Please request a new one.';
  if (!client.unlockId) throw badRequest(none);
  const key = { owner: input.email, browser: unlockBrowserKey(ctx.secrets.jwt, client.unlockId) };
  const stored = await resetCodes.check(ctx.db, ctx.secrets.jwt, key, input.code, now, { none, wrong: 'Invalid reset code.' });
  const row = await findUserByEmail(ctx.db, input.email);
  // Only an account's address is ever mailed a code; a right guess for another address opens nothing.
  if (!row) throw badRequest('Invalid reset code.');
  if (!(await resetCodes.consume(ctx.db, key, stored.code_hash))) throw badRequest('This code was already used. Please request a new one.');
  const passwordHash = await hashPassword(input.new_password);
  const at = ctx.clock.now();
  // The code proves the address (docs/security.md, "Pre-registration"): an unverified account is
  // verified, and the name its pending registrant gave goes with their password.
  const updated = await updateUser(ctx.db, row.id, { password_hash: passwordHash, email_verified: 1, ...(row.email_verified ? {} : { full_name: null }), tokens_valid_after: at.getTime() }, at);
  await revokeCredentials(ctx.db, row.id, at);
  await verificationCodes.deleteFor(ctx.db, [row.id]);
  // The codes other browsers asked for are spent too: the address has its new password.
  await resetCodes.deleteFor(ctx.db, [row.email]);
  ctx.mailer.send(passwordChangedEmail(ctx.config.appUrl, row.email, userLocale(row))).catch((err: unknown) => ctx.logger.error({ err, userId: row.id }, 'could not send the password changed email'));
  return signedIn(ctx, client, updated, { message: 'Your password was changed and every other device was signed out.' });
}
