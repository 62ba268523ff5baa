// Sign-up, sign-in, email verification and Google sign-in. Who owns an address and how sign-in
// attempts are limited: docs/security.md.
import type { AuthResponse, Locale, ResendVerificationResponse } from '@app/shared';
import { VERIFICATION } from '@app/shared';
import type { AppContext } from '../../context.js';
import { badRequest, fieldError, conflict, unauthorized } from '../../http/errors.js';
import { hit } from '../../http/rate-limit.js';
import { hashPassword, verifyPassword, passwordProblem, burnPasswordCheck } from './password.js';
import { claimAddress, replacePendingRegistration } from './accounts.repository.js';
import { startLoginAttempt } from './login-limits.js';
import { LIMIT_WINDOW_SECONDS as WINDOW } from './limit-window.js';
import {
  holdsSignupProof,
  signupProof,
  withEntry,
  newDeviceEntry,
  deviceEntryFor,
  codeBrowser,
  unlockBrowserKey,
  type Answer,
  type AuthClient,
} from './auth.cookies.js';
import { issueAccessToken } from './tokens.js';
import { createSession, revokeCredentials } from '../sessions/sessions.repository.js';
import { verificationCodes } from '../codes/purposes.js';
import { verificationEmail } from './auth.emails.js';
import { GoogleTokenError, verifyGoogleIdToken, type GoogleTokenProblem } from '../../integrations/google/id-token.js';
import {
  findUserByEmail,
  findUserByGoogleSub,
  insertUser,
  toUser,
  updateUser,
  type UserRow,
} from '../users/users.repository.js';
import { userLocale } from '../../i18n/messages.js';

export type { Answer } from './auth.cookies.js';

/**
 * Signs in: a new web session (its id is the token's `sid`), and this browser marked as one that
 * signed in to the account (see login-limits.ts).
 */
export async function signedIn(ctx: AppContext, client: AuthClient, row: UserRow, extra: Partial<AuthResponse> = {}): Promise<Answer<AuthResponse>> {
  const now = ctx.clock.now();
  const session = await createSession(ctx.db, row.id, client.userAgent, now);
  return {
    body: {
      access_token: await issueAccessToken(ctx.secrets.jwt, row.id, session.id, now),
      token_type: 'bearer',
      user: toUser(row),
      requires_verification: false,
      ...extra,
    },
    cookies: { devices: withEntry(client.devices, newDeviceEntry(ctx.secrets.jwt, row.id, now), deviceEntryFor(row.id)) },
  };
}

/** The pending password was chosen (register) or proven (login) by this browser, which was sent a code of its own. */
function pendingFor(ctx: AppContext, client: AuthClient, row: UserRow, passwordHash: string, browserId: string, message: string): Answer<AuthResponse> {
  return {
    body: needsVerification(message),
    cookies: { signup: withEntry(client.signupProofs, signupProof(ctx.secrets.jwt, row.id, passwordHash)), unlock: browserId },
  };
}

function needsVerification(message: string): AuthResponse {
  return { access_token: null, token_type: 'bearer', user: null, requires_verification: true, message };
}

const NETWORK_LIMITED = 'Too many attempts from your network. Please wait and try again.';

/**
 * Mails a fresh code bound to this browser (its key, auth.cookies.ts), unless this browser was
 * sent one inside the cooldown; other browsers' codes stay as they are. A resend does not wait for
 * the mail (`wait` false), so its answer takes as long for an address that gets none.
 */
async function sendCode(ctx: AppContext, row: UserRow, browser: string, wait = true): Promise<void> {
  const code = await verificationCodes.issue(ctx.db, ctx.secrets.jwt, { owner: row.id, browser }, ctx.clock.now());
  if (!code) return;
  const mailed = ctx.mailer.send(verificationEmail(ctx.config.appUrl, row.email, code, userLocale(row))).catch((err: unknown) => ctx.logger.error({ err, userId: row.id }, 'could not send the verification email'));
  if (wait) await mailed;
}

/**
 * An address nobody has verified is not owned yet: registering it again replaces the pending
 * password and name (the newest registration is the one a code can complete), so someone who
 * registered another person's address first never blocks them.
 */
export async function register(ctx: AppContext, client: AuthClient, input: { email: string; password: string; full_name?: string | null; timezone?: string; ui_language?: Locale }): Promise<Answer<AuthResponse>> {
  await hit(ctx.db, { bucket: `register:ip:${client.ip}`, max: ctx.config.rateLimits.authPerIp, windowSeconds: WINDOW }, ctx.clock.now());
  const problem = passwordProblem(input.password);
  if (problem) throw fieldError('password', problem);
  const existing = await findUserByEmail(ctx.db, input.email);
  if (existing?.email_verified) throw alreadyRegistered(existing);
  const passwordHash = await hashPassword(input.password);
  const fullName = input.full_name?.trim() || null;
  const browser = codeBrowser(ctx.secrets.jwt, client);
  let row: UserRow | undefined;
  if (existing) {
    row = await replacePendingRegistration(ctx.db, existing.id, passwordHash, fullName, ctx.clock.now());
    if (!row) throw conflict('An account with this email already exists. Please sign in.');
    // Inside this browser's resend cooldown the code mailed to it a moment ago completes this registration.
    await sendCode(ctx, row, browser.key);
  } else {
    try {
      row = await insertUser(ctx.db, { email: input.email, passwordHash, fullName, emailVerified: false, googleSub: null, timezone: input.timezone, uiLanguage: input.ui_language, now: ctx.clock.now() });
    } catch (err) {
      // Two sign-ups with one email at once: the unique index decides.
      if (await findUserByEmail(ctx.db, input.email)) throw conflict('An account with this email already exists. Please sign in.');
      throw err;
    }
    await sendCode(ctx, row, browser.key);
  }
  return pendingFor(ctx, client, row, passwordHash, browser.id, `We sent a 6-character code to ${row.email}.`);
}

function alreadyRegistered(row: UserRow) {
  return conflict(
    row.google_sub && !row.password_hash
      ? 'This email is registered with Google sign-in. Please continue with Google.'
      : 'An account with this email already exists. Please sign in.',
  );
}

export async function login(ctx: AppContext, client: AuthClient, input: { email: string; password: string; unlock_code?: string }): Promise<Answer<AuthResponse>> {
  const row = await findUserByEmail(ctx.db, input.email);
  const attempt = await startLoginAttempt(ctx, client, input.email.toLowerCase(), row, input.unlock_code);
  if (!row?.password_hash) {
    await burnPasswordCheck(input.password);
    if (row?.google_sub) throw unauthorized('This account uses Google sign-in. Please continue with Google.');
    throw unauthorized('Incorrect email or password');
  }
  if (!(await verifyPassword(input.password, row.password_hash))) throw unauthorized('Incorrect email or password');
  await attempt.succeeded();
  if (!row.email_verified) {
    const browser = codeBrowser(ctx.secrets.jwt, client);
    await sendCode(ctx, row, browser.key);
    return pendingFor(ctx, client, row, row.password_hash, browser.id, `Please verify your email. We sent a code to ${row.email}.`);
  }
  return signedIn(ctx, client, row);
}

/**
 * The code proves the address; it does not prove who chose the pending password (the owner reads
 * codes sent by anyone's registration). The password is kept only for the browser that chose it
 * (its tp_signup proof); otherwise it is removed with every session made before. A code works in
 * the browser it was sent for, whose wrong codes alone spend it: a stranger's guesses never
 * spend the owner's, so wrong codes are limited per browser and per source address, not per
 * account (a per-account limit let anyone lock the owner out of verifying).
 */
export async function verifyEmail(ctx: AppContext, client: AuthClient, input: { email: string; verification_code: string }): Promise<Answer<AuthResponse>> {
  await hit(ctx.db, { bucket: `verify:ip:${client.ip}`, max: ctx.config.rateLimits.authPerIp, windowSeconds: WINDOW }, ctx.clock.now(), NETWORK_LIMITED);
  const row = await findUserByEmail(ctx.db, input.email);
  if (!row) throw badRequest('Invalid verification code');
  if (row.email_verified) throw badRequest('This email is already verified. Please sign in.');
  const none = 'No active code for this email in this browser. Please request a new one.';
  if (!client.unlockId) throw badRequest(none);
  const key = { owner: row.id, browser: unlockBrowserKey(ctx.secrets.jwt, client.unlockId) };
  const stored = await verificationCodes.check(ctx.db, ctx.secrets.jwt, key, input.verification_code, ctx.clock.now(), { none, wrong: 'Invalid verification code.' });
  if (!(await verificationCodes.consume(ctx.db, key, stored.code_hash))) throw badRequest(none);
  const chosenHere = row.password_hash !== null && holdsSignupProof(ctx.secrets.jwt, client, row.id, row.password_hash);
  const verified = await claimAddress(ctx.db, row.id, chosenHere ? row.password_hash : null, ctx.clock.now());
  await verificationCodes.deleteFor(ctx.db, [row.id]);
  const message = row.password_hash && !verified.password_hash ? 'Email verified. The password chosen at sign-up was set in another browser, so it was not kept.' : 'Email verified';
  return signedIn(ctx, client, verified, { message });
}

/**
 * One answer for every address, unknown, verified, unverified or inside its cooldown, so nobody
 * learns an address's state from it (docs/security.md, "Pre-registration"). Only an unverified
 * account gets a mail, with a code for this browser, at most once per cooldown.
 */
export async function resendVerification(ctx: AppContext, client: AuthClient, email: string): Promise<Answer<ResendVerificationResponse>> {
  await hit(ctx.db, { bucket: `resend:ip:${client.ip}`, max: ctx.config.rateLimits.authPerIp, windowSeconds: WINDOW }, ctx.clock.now(), NETWORK_LIMITED);
  const browser = codeBrowser(ctx.secrets.jwt, client);
  const row = await findUserByEmail(ctx.db, email);
  if (row && !row.email_verified) await sendCode(ctx, row, browser.key, false);
  return {
    body: { message: `If ${email} is waiting for verification, we sent a new code to it.`, retry_after_seconds: VERIFICATION.resendCooldownSeconds },
    cookies: { unlock: browser.id },
  };
}

const GOOGLE_REFUSED: Record<GoogleTokenProblem, string> = {
  disabled: 'Google sign-in is not enabled on this server.',
  no_account: 'Google sign-in failed: the token has no account.',
  expired: 'Google sign-in failed: the token has expired.',
  unverified: 'Google sign-in failed: the token could not be verified.',
};

/** Google's word on the token; a refused one is a 401 that says why. */
async function googleIdentity(ctx: AppContext, idToken: string) {
  try {
    return await verifyGoogleIdToken(ctx.config.google, idToken, ctx.clock.now());
  } catch (err) {
    if (err instanceof GoogleTokenError) throw unauthorized(GOOGLE_REFUSED[err.problem]);
    throw err;
  }
}

export async function googleSignIn(ctx: AppContext, client: AuthClient, idToken: string, timezone?: string, uiLanguage?: Locale): Promise<Answer<AuthResponse>> {
  await hit(ctx.db, { bucket: `google:ip:${client.ip}`, max: ctx.config.rateLimits.authPerIp, windowSeconds: WINDOW }, ctx.clock.now());
  if (!ctx.config.google.clientId) throw badRequest('Google sign-in is not enabled on this server.');
  const identity = await googleIdentity(ctx, idToken);
  const now = ctx.clock.now();
  const bySub = await findUserByGoogleSub(ctx.db, identity.sub);
  if (bySub) return signedIn(ctx, client, bySub, { is_new_user: false });
  if (!identity.emailVerified) throw unauthorized('Your Google email address is not verified.');
  const byEmail = await findUserByEmail(ctx.db, identity.email);
  if (byEmail) {
    if (byEmail.google_sub && byEmail.google_sub !== identity.sub) throw conflict('This email is linked to another Google account.');
    if (!byEmail.email_verified) {
      // Google proves the address; the pending password was set by someone who never did.
      await claimAddress(ctx.db, byEmail.id, null, now);
      await verificationCodes.deleteFor(ctx.db, [byEmail.id]);
    }
    const name = byEmail.email_verified ? {} : { full_name: identity.name };
    const linked = await updateUser(ctx.db, byEmail.id, { google_sub: identity.sub, email_verified: 1, ...name }, now);
    return signedIn(ctx, client, linked, { is_new_user: false });
  }
  try {
    const created = await insertUser(ctx.db, {
      email: identity.email,
      passwordHash: null,
      fullName: identity.name,
      emailVerified: true,
      googleSub: identity.sub,
      timezone,
      uiLanguage,
      now,
    });
    return signedIn(ctx, client, created, { is_new_user: true });
  } catch (err) {
    const raced = await findUserByGoogleSub(ctx.db, identity.sub);
    if (raced) return signedIn(ctx, client, raced, { is_new_user: false });
    throw err;
  }
}

/** Ends every web session (this one too) and every connected browser. */
export async function signOutEverywhere(ctx: AppContext, user: UserRow): Promise<void> {
  const now = ctx.clock.now();
  await revokeCredentials(ctx.db, user.id, now);
  await updateUser(ctx.db, user.id, { tokens_valid_after: now.getTime() + 1 }, now);
}
