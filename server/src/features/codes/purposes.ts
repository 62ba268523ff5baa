// The five purposes of emailed one-time codes and what each is bound to (docs/security.md,
// "One-time codes"): 5 attempts, a 60-second resend cooldown, 15 minutes (a reset 30).
import { PASSWORD_RESET, VERIFICATION } from '@app/shared';
import { codeStore } from './code-store.js';

const shared = { cooldownSeconds: VERIFICATION.resendCooldownSeconds, maxAttempts: VERIFICATION.maxWrongAttempts, ttlMinutes: VERIFICATION.codeTtlMinutes };

/** Sign-up verification: one per account and asking browser. */
export const verificationCodes = codeStore({ ...shared, table: 'verification_codes', owner: 'user_id', perBrowser: true, binding: (k) => `verify:${k.owner}:${k.browser}` });

/** Sign-in past the per-account limit for new browsers: one per address and asking browser. */
export const unlockCodes = codeStore({ ...shared, table: 'login_unlock_codes', owner: 'email', perBrowser: true, binding: (k) => `verify:unlock:${k.owner}:${k.browser}` });

/** Forgotten password: one per address and asking browser. */
export const resetCodes = codeStore({
  ...shared,
  ttlMinutes: PASSWORD_RESET.codeTtlMinutes,
  table: 'password_reset_codes',
  owner: 'email',
  perBrowser: true,
  binding: (k) => `verify:reset:${k.owner}:${k.browser}`,
});

/** A signed-in move to a new address, which the code is sent to and bound to. */
export const emailChangeCodes = codeStore({
  ...shared,
  table: 'email_change_codes',
  owner: 'user_id',
  perBrowser: false,
  payload: 'new_email',
  binding: (k, newEmail) => `verify:email-change:${k.owner}:${newEmail}`,
});

/** Deleting an account that has no password. */
export const deletionCodes = codeStore({ ...shared, table: 'account_deletion_codes', owner: 'user_id', perBrowser: false, binding: (k) => `delete-account:${k.owner}` });
