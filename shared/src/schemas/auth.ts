import { z } from 'zod';
import { Email, ErrorBody, IanaTimezone } from './common.js';
import { User } from './user.js';
import { VERIFICATION } from '../constants.js';
import { LOCALES } from '../i18n.js';

export const RegisterRequest = z.object({
  email: Email,
  password: z.string({ error: 'Password is required' }).max(256, 'Password is too long'),
  full_name: z.string().trim().max(100, 'Full name is at most 100 characters').nullish(),
  /** The browser's IANA zone, stored as the new account's timezone (docs/product-decisions.md). */
  timezone: IanaTimezone.optional(),
  /** The language the sign-up page was shown in: the account's language from then on (issue 39). */
  ui_language: z.enum(LOCALES).optional(),
});
export type RegisterRequest = z.input<typeof RegisterRequest>;

export const VerificationCode = z
  .string({ error: 'Verification code is required' })
  .trim()
  .transform((c) => c.toUpperCase())
  .pipe(z.string().regex(new RegExp(`^[A-Z0-9]{${VERIFICATION.codeLength}}$`), 'The code is 6 letters or digits'));

export const LoginRequest = z.object({
  email: Email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
  /** An emailed sign-in code (POST /api/auth/login/unlock) for this browser: gets past the limit for new browsers. */
  unlock_code: VerificationCode.optional(),
});
export type LoginRequest = z.input<typeof LoginRequest>;

/** A 429 from sign-in: `unlock_available` when the limit for new browsers is spent (an emailed code gets past it). */
export const LoginRefusal = ErrorBody.extend({
  retry_after_seconds: z.number().optional(),
  unlock_available: z.boolean().optional(),
});
export type LoginRefusal = z.infer<typeof LoginRefusal>;

export const UnlockCodeRequest = z.object({ email: Email });
export type UnlockCodeRequest = z.input<typeof UnlockCodeRequest>;

export const GoogleAuthRequest = z.object({
  id_token: z.string({ error: 'id_token is required' }).min(10, 'id_token is required').max(8192),
  /** The browser's IANA zone; used only when this sign-in creates the account. */
  timezone: IanaTimezone.optional(),
  /** The page's language; used only when this sign-in creates the account. */
  ui_language: z.enum(LOCALES).optional(),
});
export type GoogleAuthRequest = z.input<typeof GoogleAuthRequest>;

export const VerifyEmailRequest = z.object({ email: Email, verification_code: VerificationCode });
export type VerifyEmailRequest = z.input<typeof VerifyEmailRequest>;

export const ResendVerificationRequest = z.object({ email: Email });
export type ResendVerificationRequest = z.input<typeof ResendVerificationRequest>;

export const AuthResponse = z.object({
  access_token: z.string().nullable(),
  token_type: z.literal('bearer'),
  user: User.nullable(),
  requires_verification: z.boolean(),
  /** Set on Google sign-in: true when this call created the account (sign-up goes to onboarding). */
  is_new_user: z.boolean().optional(),
  message: z.string().optional(),
});
export type AuthResponse = z.infer<typeof AuthResponse>;

export const ResendVerificationResponse = z.object({
  message: z.string(),
  retry_after_seconds: z.number().int(),
});
export type ResendVerificationResponse = z.infer<typeof ResendVerificationResponse>;

/** The answer to a sign-in code request: the same whether or not the address has an account. */
export const UnlockCodeResponse = z.object({
  message: z.string(),
  retry_after_seconds: z.number().int(),
});
export type UnlockCodeResponse = z.infer<typeof UnlockCodeResponse>;
