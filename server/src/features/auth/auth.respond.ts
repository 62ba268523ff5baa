// How a route of the auth flow reads the caller's auth cookies and answers with the cookies its
// service asks for. Shared by the sign-in routes (auth.routes.ts) and the password reset routes
// (credentials/credentials.routes.ts), which live under the same path prefix.
import type { Request, Response } from 'express';
import { ROUTES } from '@app/shared';
import type { AppContext } from '../../context.js';
import {
  authClient,
  SIGNUP_COOKIE,
  DEVICE_COOKIE,
  UNLOCK_COOKIE,
  SIGNUP_MAX_AGE_MS,
  DEVICE_MAX_AGE_MS,
  UNLOCK_MAX_AGE_MS,
  type Answer,
  type AuthClient,
} from './auth.cookies.js';

/** The auth cookies go back only to the auth routes: the common prefix of their paths. */
const COOKIE_PATH = ROUTES.auth_login.path.replace(/\/[^/]+$/, '');

export interface AuthResponder {
  client(req: Request): AuthClient;
  send<T>(res: Response, answer: Answer<T>, status?: number): void;
}

export function authResponder(ctx: AppContext): AuthResponder {
  const secure = new URL(ctx.config.appUrl).protocol === 'https:';
  return {
    client: (req) => authClient(req.ip ?? 'unknown', req.get('cookie'), req.get('user-agent')),
    send: (res, answer, status = 200) => {
      const options = { httpOnly: true, sameSite: 'strict' as const, secure, path: COOKIE_PATH };
      if (answer.cookies?.signup) res.cookie(SIGNUP_COOKIE, answer.cookies.signup.join('|'), { ...options, maxAge: SIGNUP_MAX_AGE_MS });
      if (answer.cookies?.devices) res.cookie(DEVICE_COOKIE, answer.cookies.devices.join('|'), { ...options, maxAge: DEVICE_MAX_AGE_MS });
      if (answer.cookies?.unlock) res.cookie(UNLOCK_COOKIE, answer.cookies.unlock, { ...options, maxAge: UNLOCK_MAX_AGE_MS });
      res.status(status).json(answer.body);
    },
  };
}
