// Export and deletion of an account (docs/product-decisions.md, "Your data: export and deletion").
// The same functions serve the API (a signed-in user) and the operator (npm run admin).
import { ACCOUNT_DATA, VERIFICATION, type AccountExport, type DeletionCodeResponse } from '@app/shared';
import type { z } from 'zod';
import type { DeleteAccountRequest } from '@app/shared';
import type { AppContext } from '../../context.js';
import { writeTransaction } from '../../db/transaction.js';
import { badRequest, fieldError, notFound } from '../../http/errors.js';
import { hit } from '../../http/rate-limit.js';
import { revokeToken } from '../../integrations/google/oauth.js';
import { verifyPassword } from '../auth/password.js';
import { deletionCodes } from '../codes/purposes.js';
import { calendarCipher, tokenAssociatedData } from '../calendar/calendar.access.js';
import { findUserById, type UserRow } from '../users/users.repository.js';
import { buildAccountExport } from './account.export.js';
import { accountDeletedEmail, deletionCodeEmail } from './account.emails.js';
import * as repo from './account.repository.js';
import { userLocale } from '../../i18n/messages.js';

/** What export and deletion need: the operator's command has no JWT secret and no HTTP. */
export type AccountDeps = Pick<AppContext, 'config' | 'database' | 'db' | 'logger' | 'mailer' | 'clock'>;

export const ACCOUNT_TEXTS = {
  deleted: 'Your account and its data have been deleted.',
  passwordNeeded: 'Enter your password to delete your account.',
  wrongPassword: 'That password is not right.',
  codeNeeded: 'Ask for a code by email, then enter it to delete your account.',
  hasPassword: 'Your account has a password: enter it to delete your account.',
  codeMissing: 'This code has expired or was never sent. Please ask for a new one.',
  codeSpent: 'Too many wrong codes. Please ask for a new one.',
  codeSent: 'We emailed you a code. Enter it to delete your account.',
  codeCoolingDown: 'A code was sent a moment ago. Please check your email, or wait before asking for another.',
  tooMany: 'Too many attempts to delete this account. Please wait and try again.',
  tooManyExports: 'You have downloaded your data many times this hour. Please try again later.',
} as const;

export async function exportAccount(ctx: AppContext, user: UserRow): Promise<AccountExport> {
  const now = ctx.clock.now();
  await hit(ctx.db, { bucket: `account-export:${user.id}`, max: ACCOUNT_DATA.exportsPerHour, windowSeconds: 3600 }, now, ACCOUNT_TEXTS.tooManyExports);
  const data = await buildAccountExport(ctx.db, user.id, now);
  if (!data) throw notFound('This account no longer exists.');
  return data;
}

/** Emails a code for an account without a password; another only after the resend cooldown. */
export async function requestDeletionCode(ctx: AppContext, user: UserRow): Promise<DeletionCodeResponse> {
  if (user.password_hash !== null) throw badRequest(ACCOUNT_TEXTS.hasPassword);
  const now = ctx.clock.now();
  const key = { owner: user.id };
  const code = await deletionCodes.issue(ctx.db, ctx.secrets.jwt, key, now);
  if (!code) throw await deletionCodes.tooSoon(ctx.db, key, now, () => ACCOUNT_TEXTS.codeCoolingDown);
  try {
    await ctx.mailer.send(deletionCodeEmail(user.email, code, userLocale(user)));
  } catch (err) {
    ctx.logger.error({ err, userId: user.id }, 'could not send the account deletion code');
  }
  return { message: ACCOUNT_TEXTS.codeSent, cooldown_seconds: VERIFICATION.resendCooldownSeconds };
}

async function checkDeletionCode(ctx: AppContext, user: UserRow, code: string): Promise<void> {
  const outcome = await deletionCodes.attempt(ctx.db, ctx.secrets.jwt, { owner: user.id }, code, ctx.clock.now());
  if (outcome.ok) return;
  if (outcome.why !== 'wrong') throw fieldError('code', outcome.why === 'spent' ? ACCOUNT_TEXTS.codeSpent : ACCOUNT_TEXTS.codeMissing);
  const left = outcome.left;
  const message = left > 0 ? { key: 'server-errors.account.codeWrongLeft', values: { left } } : ACCOUNT_TEXTS.codeSpent;
  throw fieldError('code', message, message, { attempts_left: left });
}

/**
 * DELETE /api/account: the password (or, without one, the emailed code) proves it is the owner,
 * not only someone holding a token; then the whole account goes (eraseAccount).
 */
export async function deleteAccount(ctx: AppContext, user: UserRow, input: z.output<typeof DeleteAccountRequest>): Promise<{ message: string }> {
  await hit(
    ctx.db,
    { bucket: `account-delete:${user.id}`, max: ACCOUNT_DATA.deletionAttemptsPerWindow, windowSeconds: ACCOUNT_DATA.deletionWindowMinutes * 60 },
    ctx.clock.now(),
    ACCOUNT_TEXTS.tooMany,
  );
  if (user.password_hash !== null) {
    if (input.password === undefined) throw fieldError('password', ACCOUNT_TEXTS.passwordNeeded);
    if (!(await verifyPassword(input.password, user.password_hash))) {
      throw fieldError('password', ACCOUNT_TEXTS.wrongPassword);
    }
  } else {
    if (input.code === undefined) throw fieldError('code', ACCOUNT_TEXTS.codeNeeded);
    await checkDeletionCode(ctx, user, input.code);
  }
  await eraseAccount(ctx, user.id);
  return { message: ACCOUNT_TEXTS.deleted };
}

/** Asks Google to end the calendar grant; the token is deleted with the account whatever Google says. */
async function revokeCalendar(deps: AccountDeps, user: UserRow): Promise<void> {
  if (user.calendar_refresh_token === null) return;
  let token: string;
  try {
    token = calendarCipher(deps).open(user.calendar_refresh_token, tokenAssociatedData(user.id)).plaintext;
  } catch (err) {
    deps.logger.error({ err, userId: user.id }, 'calendar token could not be opened; deleting it without revoking');
    return;
  }
  try {
    await revokeToken(deps.config.google.revokeUrl, token);
  } catch (err) {
    deps.logger.warn({ err, userId: user.id }, 'google token revoke failed during account deletion');
  }
}

/**
 * Removes the account: Google's grant revoked first (an outside call, never inside the
 * transaction), then every row in ONE transaction (a crash leaves all or nothing), then the
 * confirmation email. Returns the deleted address, or null when there was no such account.
 */
export async function eraseAccount(deps: AccountDeps, userId: string): Promise<{ email: string } | null> {
  const user = await findUserById(deps.db, userId);
  if (!user) return null;
  await revokeCalendar(deps, user);
  const email = await writeTransaction(deps.database, (tx) => repo.eraseAccountRows(tx, user.id, user.email));
  if (email === null) return null;
  deps.logger.info({ userId: user.id }, 'account deleted');
  try {
    await deps.mailer.send(accountDeletedEmail(deps.config.appUrl, email, userLocale(user)));
  } catch (err) {
    deps.logger.error({ err, userId: user.id }, 'could not send the account deletion confirmation');
  }
  return { email };
}
