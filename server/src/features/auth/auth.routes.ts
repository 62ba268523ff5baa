import { Router } from 'express';
import {
  RegisterRequest,
  LoginRequest,
  GoogleAuthRequest,
  VerifyEmailRequest,
  ResendVerificationRequest,
} from '@app/shared';
import type { AppContext } from '../../context.js';
import { validate, body } from '../../http/validate.js';
import { authenticate, currentUser } from '../../http/authenticate.js';
import * as auth from './auth.service.js';

export function authRoutes(ctx: AppContext): Router {
  const r = Router();
  const ip = (req: { ip?: string }) => req.ip ?? 'unknown';

  r.post('/register', validate({ body: RegisterRequest }), async (req, res) => {
    res.status(201).json(await auth.register(ctx, ip(req), body(req, RegisterRequest)));
  });
  r.post('/login', validate({ body: LoginRequest }), async (req, res) => {
    res.json(await auth.login(ctx, ip(req), body(req, LoginRequest)));
  });
  r.post('/verify-email', validate({ body: VerifyEmailRequest }), async (req, res) => {
    res.json(await auth.verifyEmail(ctx, ip(req), body(req, VerifyEmailRequest)));
  });
  r.post('/resend-verification', validate({ body: ResendVerificationRequest }), async (req, res) => {
    res.json(await auth.resendVerification(ctx, ip(req), body(req, ResendVerificationRequest).email));
  });
  r.post('/google', validate({ body: GoogleAuthRequest }), async (req, res) => {
    const { id_token, timezone } = body(req, GoogleAuthRequest);
    res.json(await auth.googleSignIn(ctx, ip(req), id_token, timezone));
  });
  r.post('/sign-out-everywhere', authenticate(ctx), async (req, res) => {
    await auth.signOutEverywhere(ctx, currentUser(req));
    res.json({ message: 'Signed out on every device' });
  });
  return r;
}
