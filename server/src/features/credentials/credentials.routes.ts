// Password and email address (docs/security.md): a signed-in change of either ends every other
// session and keeps this one; a forgotten password is reset with an emailed code, bound to the
// browser that asked (the auth cookies: these paths share the auth routes' prefix).
import type { Request, Router } from 'express';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/authenticate.js';
import { apiRouter } from '../../http/route.js';
import { authResponder } from '../auth/auth.respond.js';
import { changePassword, requestEmailChange, verifyEmailChange, type Caller } from './credentials.service.js';
import { forgotPassword, resetPassword } from './reset.service.js';

const caller = (req: Request): Caller => ({ ip: req.ip ?? 'unknown', sessionId: req.sessionId });

export function credentialsRoutes(ctx: AppContext): Router {
  const { router, route } = apiRouter(ctx);
  const { client, send } = authResponder(ctx);
  route('credentials_password', async (req, res, { body }) => {
    res.json(await changePassword(ctx, currentUser(req), caller(req), body));
  });
  route('credentials_email', async (req, res, { body }) => {
    res.json(await requestEmailChange(ctx, currentUser(req), caller(req), body));
  });
  route('credentials_email_verify', async (req, res, { body }) => {
    res.json(await verifyEmailChange(ctx, currentUser(req), caller(req), body.code));
  });
  route('credentials_forgot_password', async (req, res, { body }) => {
    send(res, await forgotPassword(ctx, client(req), body.email));
  });
  route('credentials_reset_password', async (req, res, { body }) => {
    send(res, await resetPassword(ctx, client(req), body));
  });
  return router;
}
