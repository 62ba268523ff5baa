import type { Request, Router } from 'express';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/authenticate.js';
import { apiRouter } from '../../http/route.js';
import { toUser } from '../users/users.repository.js';
import { updateProfile, type PlatformNames } from './profile.service.js';
import { changePassword, requestEmailChange, verifyEmailChange, type Caller } from '../credentials/credentials.service.js';

const caller = (req: Request): Caller => ({ ip: req.ip ?? 'unknown', sessionId: req.sessionId });

export function settingsRoutes(ctx: AppContext, platformNames: PlatformNames): Router {
  const { router, route } = apiRouter(ctx);
  route('settings_profile', (req, res) => {
    res.json(toUser(currentUser(req)));
  });
  route('settings_update_profile', async (req, res, { body }) => {
    res.json(await updateProfile(ctx, currentUser(req), body, platformNames));
  });
  // Password and email (docs/security.md): both end every other session, this one stays.
  route('settings_password', async (req, res, { body }) => {
    res.json(await changePassword(ctx, currentUser(req), caller(req), body));
  });
  route('settings_email', async (req, res, { body }) => {
    res.json(await requestEmailChange(ctx, currentUser(req), caller(req), body));
  });
  route('settings_email_verify', async (req, res, { body }) => {
    res.json(await verifyEmailChange(ctx, currentUser(req), caller(req), body.code));
  });
  return router;
}
