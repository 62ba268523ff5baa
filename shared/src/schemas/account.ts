// Credentials and sessions: forgotten password, password and email changes, and the list of
// signed-in devices (docs/security.md, "Password reset" and "Sessions").
import { z } from 'zod';
import { Email } from './common.js';
import { VerificationCode } from './auth.js';

const NewPassword = z.string({ error: 'New password is required' }).max(256, 'Password is too long');

/** POST /api/auth/forgot-password: the same answer whether or not the address has an account. */
export const ForgotPasswordRequest = z.object({ email: Email });
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequest>;

export const ForgotPasswordResponse = z.object({
  message: z.string(),
  retry_after_seconds: z.number().int(),
});
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponse>;

/** POST /api/auth/reset-password: answers an AuthResponse (signed in on this device). */
export const ResetPasswordRequest = z.object({
  email: Email,
  code: VerificationCode,
  new_password: NewPassword,
});
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;

/** PUT /api/settings/password */
export const ChangePasswordRequest = z.object({
  current_password: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(256),
  new_password: NewPassword,
});
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequest>;

/** POST /api/settings/email: a code goes to the new address. */
export const ChangeEmailRequest = z.object({
  new_email: Email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
});
export type ChangeEmailRequest = z.input<typeof ChangeEmailRequest>;

export const ChangeEmailResponse = z.object({
  message: z.string(),
  retry_after_seconds: z.number().int(),
});
export type ChangeEmailResponse = z.infer<typeof ChangeEmailResponse>;

/** POST /api/settings/email/verify */
export const VerifyEmailChangeRequest = z.object({ code: VerificationCode });
export type VerifyEmailChangeRequest = z.input<typeof VerifyEmailChangeRequest>;

export const SessionKind = z.enum(['web', 'extension']);
export type SessionKind = z.infer<typeof SessionKind>;

/** A signed-in web session or a connected browser extension. */
export const AccountSession = z.object({
  id: z.string(),
  kind: SessionKind,
  /** "Chrome on Windows", or the extension's browser name. */
  label: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** The session making this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;

export const AccountSessionsResponse = z.object({ sessions: z.array(AccountSession) });
export type AccountSessionsResponse = z.infer<typeof AccountSessionsResponse>;
