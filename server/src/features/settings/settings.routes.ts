import { Router } from 'express';
import { UpdateProfileRequest } from '@app/shared';
import type { AppContext } from '../../context.js';
import { validate, body } from '../../http/validate.js';
import { authenticate, currentUser } from '../../http/authenticate.js';
import { toUser } from '../users/users.repository.js';
import { updateProfile, type PlatformNames } from './profile.service.js';

export function settingsRoutes(ctx: AppContext, platformNames: PlatformNames): Router {
  const r = Router();
  r.use(authenticate(ctx));
  r.get('/profile', (req, res) => {
    res.json(toUser(currentUser(req)));
  });
  r.put('/profile', validate({ body: UpdateProfileRequest }), async (req, res) => {
    res.json(await updateProfile(ctx, currentUser(req), body(req, UpdateProfileRequest), platformNames));
  });
  return r;
}
