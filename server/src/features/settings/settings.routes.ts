import { Router } from 'express';
import { UpdateProfileRequest, ChangePasswordRequest, ChangeEmailRequest, VerifyEmailChangeRequest } from '@app/shared';
import type { Request } from 'express';
import type { AppContext } from '../../context.js';
import { validate, body } from '../../http/validate.js';
import { authenticate, currentUser } from '../../http/authenticate.js';
import { toUser } from '../users/users.repository.js';
import { updateProfile, type PlatformNames } from './profile.service.js';
import { changePassword, requestEmailChange, verifyEmailChange, type Caller } from '../credentials/credentials.service.js';

const caller = (req: Request): Caller => ({ ip: req.ip ?? 'unknown', sessionId: req.sessionId });

export function settingsRoutes(ctx: AppContext, platformNames: PlatformNames): Router {
  const r = Router();
  r.use(authenticate(ctx));
  r.get('/profile', (req, res) => {
    res.json(toUser(currentUser(req)));
  });
  r.put('/profile', validate({ body: UpdateProfileRequest }), async (req, res) => {
    res.json(await updateProfile(ctx, currentUser(req), body(req, UpdateProfileRequest), platformNames));
  });
  // Password and email (docs/security.md): both end every other session, this one stays.
  r.put('/password', validate({ body: ChangePasswordRequest }), async (req, res) => {
    res.json(await changePassword(ctx, currentUser(req), caller(req), body(req, ChangePasswordRequest)));
  });
  r.post('/email', validate({ body: ChangeEmailRequest }), async (req, res) => {
    res.json(await requestEmailChange(ctx, currentUser(req), caller(req), body(req, ChangeEmailRequest)));
  });
  r.post('/email/verify', validate({ body: VerifyEmailChangeRequest }), async (req, res) => {
    res.json(await verifyEmailChange(ctx, currentUser(req), caller(req), body(req, VerifyEmailChangeRequest).code));
  });
  return r;
}
