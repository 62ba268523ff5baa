// The signed-in devices of the account (web sessions and connected browsers), revoking one, and
// signing out (ending the caller's own session).
// Extension tokens cannot reach these (extension-scope.ts).
import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/authenticate.js';
import { apiRouter } from '../../http/route.js';
import { notFound } from '../../http/errors.js';
import { accountSessions, endSession, revokeSession } from './sessions.service.js';

export function sessionRoutes(ctx: AppContext): Router {
  const { router, route } = apiRouter(ctx);
  route('sessions_list', async (req, res) => {
    res.json({ sessions: await accountSessions(ctx, currentUser(req), req.sessionId) });
  });
  route('sessions_revoke', async (req, res) => {
    const id = String(req.params.id);
    // Ids are ours (short, no NUL, which PostgreSQL text cannot hold): anything else names nothing.
    if (id.length > 64 || id.includes('\u0000')) throw notFound('No such session');
    await revokeSession(ctx, currentUser(req), id);
    res.json({ message: id === req.sessionId ? 'Signed out on this device' : 'Signed out on that device' });
  });
  // Sign-out (web app): ends the session of the token sent, so it opens nothing afterwards and
  // leaves Devices. The extension's token has its own route (extension_sign_out).
  route('sessions_sign_out', async (req, res) => {
    if (req.sessionId) await endSession(ctx, currentUser(req), req.sessionId);
    res.json({ message: 'Signed out' });
  });
  return router;
}
