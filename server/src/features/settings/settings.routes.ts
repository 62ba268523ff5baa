import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/authenticate.js';
import { apiRouter } from '../../http/route.js';
import { toUser } from '../users/users.repository.js';
import { updateProfile, type PlatformNames } from './profile.service.js';

export function settingsRoutes(ctx: AppContext, platformNames: PlatformNames): Router {
  const { router, route } = apiRouter(ctx);
  route('settings_profile', (req, res) => {
    res.json(toUser(currentUser(req)));
  });
  route('settings_update_profile', async (req, res, { body }) => {
    res.json(await updateProfile(ctx, currentUser(req), body, platformNames));
  });
  return router;
}
