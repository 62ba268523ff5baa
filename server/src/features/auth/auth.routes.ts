import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/authenticate.js';
import { apiRouter } from '../../http/route.js';
import * as auth from './auth.service.js';
import { requestUnlockCode } from './unlock.service.js';
import { authResponder } from './auth.respond.js';

export function authRoutes(ctx: AppContext): Router {
  const { router, route } = apiRouter(ctx);
  const { client, send } = authResponder(ctx);

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
    send(res, await auth.googleSignIn(ctx, client(req), body.id_token, body.timezone, body.ui_language));
  });
  route('auth_sign_out_everywhere', async (req, res) => {
    await auth.signOutEverywhere(ctx, currentUser(req));
    res.json({ message: 'Signed out on every device' });
  });
  return router;
}
