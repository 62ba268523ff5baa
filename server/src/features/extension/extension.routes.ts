// A signed-in web session connects, lists and revokes browsers; an extension signs itself out and
// says a title was watched on a streaming site.
// Extension tokens cannot manage tokens (see extension-scope.ts).
import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import type { History } from '../history/history.js';
import { currentUser } from '../../http/authenticate.js';
import { apiRouter } from '../../http/route.js';
import { badRequest, notFound } from '../../http/errors.js';
import { connectBrowser, connectedBrowsers, revokeBrowser } from './extension.service.js';
import { markWatched } from './watched.service.js';

export function extensionRoutes(ctx: AppContext, history: History): Router {
  const { router, route } = apiRouter(ctx);

  route('extension_create_token', async (req, res, { body }) => {
    res.status(201).json(await connectBrowser(ctx, currentUser(req), body));
  });

  route('extension_tokens', async (req, res) => {
    res.json({ browsers: await connectedBrowsers(ctx, currentUser(req)) });
  });

  route('extension_revoke_token', async (req, res) => {
    const id = String(req.params.id);
    // Ids are ours (short, no NUL, which PostgreSQL text cannot hold): anything else names nothing.
    if (id.length > 64 || id.includes('\u0000')) throw notFound('No such connected browser');
    await revokeBrowser(ctx, currentUser(req), id);
    res.json({ message: 'Browser disconnected' });
  });

  route('extension_sign_out', async (req, res) => {
    if (!req.extensionTokenId) throw badRequest('Only the browser extension signs out here');
    await revokeBrowser(ctx, currentUser(req), req.extensionTokenId);
    res.json({ message: 'Signed out' });
  });

  route('extension_watched', async (req, res, { body }) => {
    res.json(await markWatched(ctx, history, currentUser(req), body));
  });

  return router;
}
