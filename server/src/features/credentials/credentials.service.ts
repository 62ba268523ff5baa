// A signed-in user changes their password or their email address (docs/security.md, "Password
// change" and "Email change"). Both need the current password, checked like a sign-in (failures
// counted per account), and both end every other session and connected browser.
import { VERIFICATION, type ChangeEmailResponse, type MessageResponse, type User } from '@app/shared';
import type { AppContext } from '../../context.js';
import { badRequest, fieldError, conflict } from '../../http/errors.js';
import { hit, refund } from '../../http/rate-limit.js';
import { deletePendingRegistration } from '../auth/accounts.repository.js';
import { LIMIT_WINDOW_SECONDS } from '../auth/limit-window.js';
import { burnPasswordCheck, hashPassword, passwordProblem, verifyPassword } from '../auth/password.js';
import { emailChangeCodes, resetCodes } from '../codes/purposes.js';
import { findUserByEmail, toUser, updateUser, type UserRow } from '../users/users.repository.js';
import { revokeCredentials } from '../sessions/sessions.repository.js';
import { emailChangeCodeEmail, emailChangedEmail, emailTakenEmail, passwordChangedEmail } from './credentials.emails.js';
import { userLocale } from '../../i18n/messages.js';

const NETWORK_LIMITED = 'Too many attempts from your network. Please wait and try again.';
const NO_PASSWORD = 'Your account has no password yet. Use "Forgot password?" on the sign-in page to set one.';

/** Who is asking, for the limits and for keeping their own session. */
export interface Caller {
  ip: string;
  sessionId: string | undefined;
}

/**
 * Checks the current password like a sign-in attempt: a slot is taken per source address and per
 * account before the check and given back when the password is right, so only failures count
 * (AUTH_RATE_LIMIT_PER_ACCOUNT per 15 minutes), then 429.
 */
async function checkCurrentPassword(ctx: AppContext, user: UserRow, caller: Caller, password: string, field: string, wrong: string): Promise<void> {
  const now = ctx.clock.now();
  const { authPerIp, authPerAccount } = ctx.config.rateLimits;
  await hit(ctx.db, { bucket: `password-check:ip:${caller.ip}`, max: authPerIp, windowSeconds: LIMIT_WINDOW_SECONDS }, now, NETWORK_LIMITED);
  const account = { bucket: `password-check:acct:${user.id}`, max: authPerAccount, windowSeconds: LIMIT_WINDOW_SECONDS };
  await hit(ctx.db, account, now, 'Too many wrong passwords. Please wait and try again.');
  if (!user.password_hash) {
    await burnPasswordCheck(password);
    await refund(ctx.db, account, now);
    throw fieldError(field, NO_PASSWORD);
  }
  if (!(await verifyPassword(password, user.password_hash))) throw fieldError(field, wrong);
  await refund(ctx.db, account, now);
}

export async function changePassword(ctx: AppContext, user: UserRow, caller: Caller, input: { current_password: string; new_password: string }): Promise<MessageResponse> {
  const problem = passwordProblem(input.new_password);
  if (problem) throw fieldError('new_password', problem);
  await checkCurrentPassword(ctx, user, caller, input.current_password, 'current_password', 'Your current password is incorrect.');
  const passwordHash = await hashPassword(input.new_password);
  const now = ctx.clock.now();
  await updateUser(ctx.db, user.id, { password_hash: passwordHash }, now);
  await revokeCredentials(ctx.db, user.id, now, { keepSessionId: caller.sessionId });
  await resetCodes.deleteFor(ctx.db, [user.email]);
  ctx.mailer.send(passwordChangedEmail(ctx.config.appUrl, user.email, userLocale(user))).catch((err: unknown) => ctx.logger.error({ err, userId: user.id }, 'could not send the password changed email'));
  return { message: 'Password changed. Every other device was signed out.' };
}

/**
 * Mails a code to the new address. The answer is the same whether or not another account holds
 * it: an address of a verified account gets no code (its owner gets a note instead), and the row
 * is stored alike. An account registered and never verified blocks nobody: its address gets the code.
 */
export async function requestEmailChange(ctx: AppContext, user: UserRow, caller: Caller, input: { new_email: string; password: string }): Promise<ChangeEmailResponse> {
  if (input.new_email === user.email) throw fieldError('new_email', 'This is already your email address.');
  await checkCurrentPassword(ctx, user, caller, input.password, 'password', 'Your password is incorrect.');
  const now = ctx.clock.now();
  const key = { owner: user.id };
  const code = await emailChangeCodes.issue(ctx.db, ctx.secrets.jwt, key, now, input.new_email);
  if (!code) throw await emailChangeCodes.tooSoon(ctx.db, key, now);
  const taken = (await findUserByEmail(ctx.db, input.new_email))?.email_verified;
  const message = taken ? emailTakenEmail(ctx.config.appUrl, input.new_email, userLocale(user)) : emailChangeCodeEmail(ctx.config.appUrl, input.new_email, code, userLocale(user));
  ctx.mailer.send(message).catch((err: unknown) => ctx.logger.error({ err, userId: user.id }, 'could not send the email change email'));
  return {
    message: `If ${input.new_email} is not used by another account, we sent a code to it. Enter it here to confirm the change.`,
    retry_after_seconds: VERIFICATION.resendCooldownSeconds,
  };
}

export async function verifyEmailChange(ctx: AppContext, user: UserRow, caller: Caller, code: string): Promise<User> {
  const now = ctx.clock.now();
  await hit(ctx.db, { bucket: `email-change:ip:${caller.ip}`, max: ctx.config.rateLimits.authPerIp, windowSeconds: LIMIT_WINDOW_SECONDS }, now, NETWORK_LIMITED);
  const key = { owner: user.id };
  const stored = await emailChangeCodes.check(ctx.db, ctx.secrets.jwt, key, code, now, {
    none: 'No email change is waiting for a code. Please start again.',
    wrong: 'Invalid code.',
  });
  const newEmail = stored.payload;
  // The address may have been registered and verified since the code was sent. A pending
  // registration of it goes: this code proves the address, as its own would have.
  const taken = () => conflict('This address now belongs to another account.');
  const holder = await findUserByEmail(ctx.db, newEmail);
  if (holder && (holder.email_verified || !(await deletePendingRegistration(ctx.db, holder.id)))) throw taken();
  if (!(await emailChangeCodes.consume(ctx.db, key, stored.code_hash))) throw badRequest('This code was already used. Please start again.');
  let updated: UserRow;
  try {
    updated = await updateUser(ctx.db, user.id, { email: newEmail, email_verified: 1 }, now);
  } catch (err) {
    if (await findUserByEmail(ctx.db, newEmail)) throw taken();
    throw err;
  }
  await revokeCredentials(ctx.db, user.id, now, { keepSessionId: caller.sessionId });
  await resetCodes.deleteFor(ctx.db, [user.email, newEmail]);
  ctx.mailer.send(emailChangedEmail(ctx.config.appUrl, user.email, newEmail, userLocale(user))).catch((err: unknown) => ctx.logger.error({ err, userId: user.id }, 'could not send the email changed email'));
  return toUser(updated);
}
