// Sign-up, sign-in, email verification and Google sign-in (decisions.md, "Security rules").
import type { AuthResponse } from '@app/shared';
import { VERIFICATION } from '@app/shared';
import type { AppContext } from '../../context.js';
import { badRequest, conflict, unauthorized, tooMany, notFound } from '../../http/errors.js';
import { hit } from '../../http/rate-limit.js';
import { hashPassword, verifyPassword, passwordProblem, burnPasswordCheck } from './password.js';
import { issueAccessToken } from './tokens.js';
import { newVerificationCode, hashVerificationCode, sameHash } from './verification-code.js';
import * as codes from './verification.repository.js';
import { verificationEmail } from './auth.emails.js';
import { verifyGoogleIdToken } from '../../integrations/google/id-token.js';
import {
  findUserByEmail,
  findUserByGoogleSub,
  insertUser,
  toUser,
  updateUser,
  type UserRow,
} from '../users/users.repository.js';

const WINDOW = 15 * 60;

function signedIn(ctx: AppContext, row: UserRow, extra: Partial<AuthResponse> = {}): AuthResponse {
  return {
    access_token: issueAccessToken(ctx.secrets.jwt, row.id, ctx.clock.now()),
    token_type: 'bearer',
    user: toUser(row),
    requires_verification: false,
    ...extra,
  };
}

function needsVerification(message: string): AuthResponse {
  return { access_token: null, token_type: 'bearer', user: null, requires_verification: true, message };
}

async function limitAttempts(ctx: AppContext, kind: string, ip: string, email: string): Promise<void> {
  const now = ctx.clock.now();
  const { authPerIp, authPerAccount } = ctx.config.rateLimits;
  await hit(ctx.db, { bucket: `${kind}:ip:${ip}`, max: authPerIp, windowSeconds: WINDOW }, now, 'Too many attempts from your network. Please wait and try again.');
  await hit(ctx.db, { bucket: `${kind}:acct:${email}`, max: authPerAccount, windowSeconds: WINDOW }, now, 'Too many attempts for this account. Please wait and try again.');
}

/** Sends a fresh code unless one went out inside the cooldown; returns seconds until the next may be sent. */
async function sendCode(ctx: AppContext, row: UserRow, force: boolean): Promise<number> {
  const now = ctx.clock.now();
  const code = newVerificationCode();
  const cooldownMs = VERIFICATION.resendCooldownSeconds * 1000;
  const stored = await codes.putCodeUnlessCoolingDown(
    ctx.db,
    {
      user_id: row.id,
      code_hash: hashVerificationCode(ctx.secrets.jwt, row.id, code),
      expires_at: new Date(now.getTime() + VERIFICATION.codeTtlMinutes * 60_000).toISOString(),
      sent_at: now.toISOString(),
    },
    new Date(now.getTime() - (force ? -1 : cooldownMs)).toISOString(),
  );
  if (!stored) {
    const existing = await codes.findCode(ctx.db, row.id);
    const wait = existing ? (Date.parse(existing.sent_at) + cooldownMs - now.getTime()) / 1000 : VERIFICATION.resendCooldownSeconds;
    return Math.max(1, Math.ceil(wait));
  }
  try {
    await ctx.mailer.send(verificationEmail(ctx.config.appUrl, row.email, code));
  } catch (err) {
    ctx.logger.error({ err, userId: row.id }, 'could not send the verification email');
  }
  return 0;
}

export async function register(ctx: AppContext, ip: string, input: { email: string; password: string; full_name?: string | null; timezone?: string }): Promise<AuthResponse> {
  await hit(ctx.db, { bucket: `register:ip:${ip}`, max: ctx.config.rateLimits.authPerIp, windowSeconds: WINDOW }, ctx.clock.now());
  const problem = passwordProblem(input.password);
  if (problem) throw badRequest(problem, { errors: [{ path: 'password', message: problem }] });
  const existing = await findUserByEmail(ctx.db, input.email);
  if (existing) {
    throw conflict(existing.password_hash ? 'An account with this email already exists. Please sign in.' : 'This email is registered with Google sign-in. Please continue with Google.');
  }
  const passwordHash = await hashPassword(input.password);
  let row: UserRow;
  try {
    row = await insertUser(ctx.db, {
      email: input.email,
      passwordHash,
      fullName: input.full_name?.trim() || null,
      emailVerified: false,
      googleSub: null,
      timezone: input.timezone,
      now: ctx.clock.now(),
    });
  } catch (err) {
    // Two sign-ups with one email at once: the unique index decides.
    if (await findUserByEmail(ctx.db, input.email)) throw conflict('An account with this email already exists. Please sign in.');
    throw err;
  }
  await sendCode(ctx, row, true);
  return needsVerification(`We sent a 6-character code to ${row.email}.`);
}

export async function login(ctx: AppContext, ip: string, input: { email: string; password: string }): Promise<AuthResponse> {
  await limitAttempts(ctx, 'login', ip, input.email);
  const row = await findUserByEmail(ctx.db, input.email);
  if (!row?.password_hash) {
    await burnPasswordCheck(input.password);
    if (row) throw unauthorized('This account uses Google sign-in. Please continue with Google.');
    throw unauthorized('Incorrect email or password');
  }
  if (!(await verifyPassword(input.password, row.password_hash))) throw unauthorized('Incorrect email or password');
  if (!row.email_verified) {
    await sendCode(ctx, row, false);
    return needsVerification(`Please verify your email. We sent a code to ${row.email}.`);
  }
  return signedIn(ctx, row);
}

export async function verifyEmail(ctx: AppContext, ip: string, input: { email: string; verification_code: string }): Promise<AuthResponse> {
  await limitAttempts(ctx, 'verify', ip, input.email);
  const row = await findUserByEmail(ctx.db, input.email);
  if (!row) throw badRequest('Invalid verification code');
  if (row.email_verified) throw badRequest('This email is already verified. Please sign in.');
  const stored = await codes.findCode(ctx.db, row.id);
  if (!stored) throw badRequest('No active code for this email. Please request a new one.');
  if (stored.attempts >= VERIFICATION.maxWrongAttempts) throw badRequest('Too many wrong attempts. Please request a new code.');
  if (Date.parse(stored.expires_at) <= ctx.clock.now().getTime()) throw badRequest('This code has expired. Please request a new one.');
  const given = hashVerificationCode(ctx.secrets.jwt, row.id, input.verification_code);
  if (!sameHash(given, stored.code_hash)) {
    const attempts = await codes.addWrongAttempt(ctx.db, row.id);
    const left = VERIFICATION.maxWrongAttempts - attempts;
    throw badRequest(left > 0 ? `Invalid verification code. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.` : 'Too many wrong attempts. Please request a new code.');
  }
  if (!(await codes.consumeCode(ctx.db, row.id, stored.code_hash))) throw badRequest('No active code for this email. Please request a new one.');
  const verified = await updateUser(ctx.db, row.id, { email_verified: 1 }, ctx.clock.now());
  return signedIn(ctx, verified, { message: 'Email verified' });
}

export async function resendVerification(ctx: AppContext, ip: string, email: string): Promise<{ message: string; retry_after_seconds: number }> {
  await hit(ctx.db, { bucket: `resend:ip:${ip}`, max: ctx.config.rateLimits.authPerIp, windowSeconds: WINDOW }, ctx.clock.now());
  const row = await findUserByEmail(ctx.db, email);
  if (!row) throw notFound('No account is waiting for verification with this email.');
  if (row.email_verified) throw conflict('This email is already verified. Please sign in.');
  const wait = await sendCode(ctx, row, false);
  if (wait > 0) throw tooMany(`Please wait ${wait} seconds before requesting another code.`, wait);
  return { message: `A new code was sent to ${row.email}.`, retry_after_seconds: VERIFICATION.resendCooldownSeconds };
}

export async function googleSignIn(ctx: AppContext, ip: string, idToken: string, timezone?: string): Promise<AuthResponse> {
  await hit(ctx.db, { bucket: `google:ip:${ip}`, max: ctx.config.rateLimits.authPerIp, windowSeconds: WINDOW }, ctx.clock.now());
  if (!ctx.config.google.clientId) throw badRequest('Google sign-in is not enabled on this server.');
  const identity = await verifyGoogleIdToken(ctx.config.google, idToken, ctx.clock.now());
  const now = ctx.clock.now();
  const bySub = await findUserByGoogleSub(ctx.db, identity.sub);
  if (bySub) return signedIn(ctx, bySub, { is_new_user: false });
  if (!identity.emailVerified) throw unauthorized('Your Google email address is not verified.');
  const byEmail = await findUserByEmail(ctx.db, identity.email);
  if (byEmail) {
    if (byEmail.google_sub && byEmail.google_sub !== identity.sub) throw conflict('This email is linked to another Google account.');
    const linked = await updateUser(ctx.db, byEmail.id, { google_sub: identity.sub, email_verified: 1 }, now);
    return signedIn(ctx, linked, { is_new_user: false });
  }
  try {
    const created = await insertUser(ctx.db, {
      email: identity.email,
      passwordHash: null,
      fullName: identity.name,
      emailVerified: true,
      googleSub: identity.sub,
      timezone,
      now,
    });
    return signedIn(ctx, created, { is_new_user: true });
  } catch (err) {
    const raced = await findUserByGoogleSub(ctx.db, identity.sub);
    if (raced) return signedIn(ctx, raced, { is_new_user: false });
    throw err;
  }
}

export async function signOutEverywhere(ctx: AppContext, user: UserRow): Promise<void> {
  await updateUser(ctx.db, user.id, { tokens_valid_after: ctx.clock.now().getTime() + 1 }, ctx.clock.now());
}
