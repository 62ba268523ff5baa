// /api/account/sessions: the signed-in devices of the account (web sessions and connected
// browsers), and revoking one. Extension tokens cannot reach these (extension-scope.ts).
import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { authenticate, currentUser } from '../../http/authenticate.js';
import { notFound } from '../../http/errors.js';
import { accountSessions, revokeSession } from './sessions.service.js';

export function sessionRoutes(ctx: AppContext): Router {
  const r = Router();
  r.use(authenticate(ctx));
  r.get('/', async (req, res) => {
    res.json({ sessions: await accountSessions(ctx, currentUser(req), req.sessionId) });
  });
  r.delete('/:id', async (req, res) => {
    const id = String(req.params.id);
    // Ids are ours (short, no NUL, which PostgreSQL text cannot hold): anything else names nothing.
    if (id.length > 64 || id.includes('\u0000')) throw notFound('No such session');
    await revokeSession(ctx, currentUser(req), id);
    res.json({ message: id === req.sessionId ? 'Signed out on this device' : 'Signed out on that device' });
  });
  return r;
}
