import type { Request, Response, Router } from 'express';
import { ROUTES } from '@app/shared';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/authenticate.js';
import { apiRouter } from '../../http/route.js';
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

/** The auth cookies go back only to the auth routes: the common prefix of their paths. */
const COOKIE_PATH = ROUTES.auth_login.path.replace(/\/[^/]+$/, '');

export function authRoutes(ctx: AppContext): Router {
  const { router, route } = apiRouter(ctx);
  const ip = (req: { ip?: string }) => req.ip ?? 'unknown';
  const client = (req: Request): AuthClient => authClient(ip(req), req.get('cookie'), req.get('user-agent'));
  const secure = new URL(ctx.config.appUrl).protocol === 'https:';

  function send<T>(res: Response, answer: auth.Answer<T>, status = 200) {
    const options = { httpOnly: true, sameSite: 'strict' as const, secure, path: COOKIE_PATH };
    if (answer.cookies?.signup) res.cookie(SIGNUP_COOKIE, answer.cookies.signup.join('|'), { ...options, maxAge: SIGNUP_MAX_AGE_MS });
    if (answer.cookies?.devices) res.cookie(DEVICE_COOKIE, answer.cookies.devices.join('|'), { ...options, maxAge: DEVICE_MAX_AGE_MS });
    if (answer.cookies?.unlock) res.cookie(UNLOCK_COOKIE, answer.cookies.unlock, { ...options, maxAge: UNLOCK_MAX_AGE_MS });
    res.status(status).json(answer.body);
  }

  route('auth_register', async (req, res, { body }) => {
    send(res, await auth.register(ctx, client(req), body), 201);
  });
  route('auth_login', async (req, res, { body }) => {
    send(res, await auth.login(ctx, client(req), body));
  });
  route('auth_login_unlock', async (req, res, { body }) => {
    send(res, await requestUnlockCode(ctx, client(req), body.email));
  });
  route('auth_verify_email', async (req, res, { body }) => {
    send(res, await auth.verifyEmail(ctx, client(req), body));
  });
  route('auth_resend_verification', async (req, res, { body }) => {
    send(res, await auth.resendVerification(ctx, client(req), body.email));
  });
  route('auth_google', async (req, res, { body }) => {
    send(res, await auth.googleSignIn(ctx, client(req), body.id_token, body.timezone));
  });
  route('auth_forgot_password', async (req, res, { body }) => {
    send(res, await forgotPassword(ctx, client(req), body.email));
  });
  route('auth_reset_password', async (req, res, { body }) => {
    send(res, await resetPassword(ctx, client(req), body));
  });
  route('auth_sign_out_everywhere', async (req, res) => {
    await auth.signOutEverywhere(ctx, currentUser(req));
    res.json({ message: 'Signed out on every device' });
  });
  return router;
}
