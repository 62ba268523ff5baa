import { Router, type Request, type Response } from 'express';
import {
  RegisterRequest,
  LoginRequest,
  GoogleAuthRequest,
  VerifyEmailRequest,
  ResendVerificationRequest,
  UnlockCodeRequest,
  ForgotPasswordRequest,
  ResetPasswordRequest,
} from '@app/shared';
import type { AppContext } from '../../context.js';
import { validate, body } from '../../http/validate.js';
import { authenticate, currentUser } from '../../http/authenticate.js';
import * as auth from './auth.service.js';
import { requestUnlockCode } from './unlock.service.js';
import { forgotPassword, resetPassword } from '../credentials/reset.service.js';
import {
  authClient,
  SIGNUP_COOKIE,
  DEVICE_COOKIE,
  UNLOCK_COOKIE,
  SIGNUP_MAX_AGE_MS,
  DEVICE_MAX_AGE_MS,
  UNLOCK_MAX_AGE_MS,
  type AuthClient,
} from './auth.cookies.js';

export function authRoutes(ctx: AppContext): Router {
  const r = Router();
  const ip = (req: { ip?: string }) => req.ip ?? 'unknown';
  const client = (req: Request): AuthClient => authClient(ip(req), req.get('cookie'), req.get('user-agent'));
  const secure = new URL(ctx.config.appUrl).protocol === 'https:';

  function send<T>(res: Response, answer: auth.Answer<T>, status = 200) {
    const options = { httpOnly: true, sameSite: 'strict' as const, secure, path: '/api/auth' };
    if (answer.cookies?.signup) res.cookie(SIGNUP_COOKIE, answer.cookies.signup.join('|'), { ...options, maxAge: SIGNUP_MAX_AGE_MS });
    if (answer.cookies?.devices) res.cookie(DEVICE_COOKIE, answer.cookies.devices.join('|'), { ...options, maxAge: DEVICE_MAX_AGE_MS });
    if (answer.cookies?.unlock) res.cookie(UNLOCK_COOKIE, answer.cookies.unlock, { ...options, maxAge: UNLOCK_MAX_AGE_MS });
    res.status(status).json(answer.body);
  }

  r.post('/register', validate({ body: RegisterRequest }), async (req, res) => {
    send(res, await auth.register(ctx, client(req), body(req, RegisterRequest)), 201);
  });
  r.post('/login', validate({ body: LoginRequest }), async (req, res) => {
    send(res, await auth.login(ctx, client(req), body(req, LoginRequest)));
  });
  r.post('/login/unlock', validate({ body: UnlockCodeRequest }), async (req, res) => {
    send(res, await requestUnlockCode(ctx, client(req), body(req, UnlockCodeRequest).email));
  });
  r.post('/verify-email', validate({ body: VerifyEmailRequest }), async (req, res) => {
    send(res, await auth.verifyEmail(ctx, client(req), body(req, VerifyEmailRequest)));
  });
  r.post('/resend-verification', validate({ body: ResendVerificationRequest }), async (req, res) => {
    res.json(await auth.resendVerification(ctx, ip(req), body(req, ResendVerificationRequest).email));
  });
  r.post('/google', validate({ body: GoogleAuthRequest }), async (req, res) => {
    const { id_token, timezone } = body(req, GoogleAuthRequest);
    send(res, await auth.googleSignIn(ctx, client(req), id_token, timezone));
  });
  r.post('/forgot-password', validate({ body: ForgotPasswordRequest }), async (req, res) => {
    res.json(await forgotPassword(ctx, ip(req), body(req, ForgotPasswordRequest).email));
  });
  r.post('/reset-password', validate({ body: ResetPasswordRequest }), async (req, res) => {
    send(res, await resetPassword(ctx, client(req), body(req, ResetPasswordRequest)));
  });
  r.post('/sign-out-everywhere', authenticate(ctx), async (req, res) => {
    await auth.signOutEverywhere(ctx, currentUser(req));
    res.json({ message: 'Signed out on every device' });
  });
  return r;
}
