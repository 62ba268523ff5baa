// /api/extension: a signed-in web session connects, lists and revokes browsers; an extension
// signs itself out. Extension tokens cannot manage tokens (see extension-scope.ts).
import { Router } from 'express';
import { CreateExtensionTokenRequest } from '@app/shared';
import type { AppContext } from '../../context.js';
import { authenticate, currentUser } from '../../http/authenticate.js';
import { validate, body } from '../../http/validate.js';
import { badRequest, notFound } from '../../http/errors.js';
import { connectBrowser, connectedBrowsers, revokeBrowser } from './extension.service.js';

export function extensionRoutes(ctx: AppContext): Router {
  const r = Router();
  r.use(authenticate(ctx));

  r.post('/tokens', validate({ body: CreateExtensionTokenRequest }), async (req, res) => {
    res.status(201).json(await connectBrowser(ctx, currentUser(req), body(req, CreateExtensionTokenRequest)));
  });

  r.get('/tokens', async (req, res) => {
    res.json({ browsers: await connectedBrowsers(ctx, currentUser(req)) });
  });

  r.delete('/tokens/:id', async (req, res) => {
    const id = String(req.params.id);
    // Ids are ours (short, no NUL, which PostgreSQL text cannot hold): anything else names nothing.
    if (id.length > 64 || id.includes('\u0000')) throw notFound('No such connected browser');
    await revokeBrowser(ctx, currentUser(req), id);
    res.json({ message: 'Browser disconnected' });
  });

  r.post('/sign-out', async (req, res) => {
    if (!req.extensionTokenId) throw badRequest('Only the browser extension signs out here');
    await revokeBrowser(ctx, currentUser(req), req.extensionTokenId);
    res.json({ message: 'Signed out' });
  });

  return r;
}
