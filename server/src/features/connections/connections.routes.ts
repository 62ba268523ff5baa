// Connected apps under /api/integrations (Settings > "Connected apps"), and their webhooks.
import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/authenticate.js';
import { apiRouter } from '../../http/route.js';
import { parseKind, type Connections } from './connections.service.js';

/** Plex posts multipart with the item's thumbnail: the webhook takes up to this much. */
export const WEBHOOK_BODY_LIMIT = '5mb';

export function connectionsRoutes(ctx: AppContext, connections: Connections): Router {
  const { router, route } = apiRouter(ctx);
  const param = (value: unknown) => (typeof value === 'string' ? value : '');
  route('connections_list', async (req, res) => {
    res.json({ integrations: await connections.list(currentUser(req).id) });
  });
  route('connections_users', async (req, res, { body }) => {
    res.json(await connections.serverUsers(parseKind(param(req.params.kind)), body));
  });
  route('connections_connect', async (req, res, { body }) => {
    res.json(await connections.connect(currentUser(req).id, parseKind(param(req.params.kind)), body));
  });
  route('connections_device', async (req, res) => {
    res.json(await connections.deviceStart(currentUser(req).id));
  });
  route('connections_device_poll', async (req, res) => {
    res.json(await connections.devicePoll(currentUser(req).id));
  });
  route('connections_update', async (req, res, { body }) => {
    res.json(await connections.update(currentUser(req).id, parseKind(param(req.params.kind)), body));
  });
  route('connections_sync', async (req, res) => {
    res.json(await connections.syncNow(currentUser(req).id, parseKind(param(req.params.kind))));
  });
  route('connections_disconnect', async (req, res, { query }) => {
    res.json(await connections.disconnect(currentUser(req).id, parseKind(param(req.params.kind)), query.keep !== 'false'));
  });
  route(
    'connections_webhook',
    async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      await connections.webhook(param(req.params.kind), param(req.params.secret), body, req.get('content-type'));
      res.status(204).end();
    },
    { bodyLimit: WEBHOOK_BODY_LIMIT, anyContentType: true },
  );
  return router;
}
