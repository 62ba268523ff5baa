import { Router } from 'express';
import { AddToWatchlistRequest } from '@app/shared';
import type { AppContext } from '../../context.js';
import type { CatalogStore } from '../../catalog/catalog.store.js';
import { authenticate, currentUser } from '../../http/authenticate.js';
import { body, validate } from '../../http/validate.js';
import { listWatchlist, removeFromWatchlist, saveForLater } from './watchlist.service.js';

/** Mounted at /api/watchlist. */
export function watchlistRoutes(ctx: AppContext, catalog: CatalogStore): Router {
  const r = Router();
  r.use(authenticate(ctx));
  r.get('/', async (req, res) => {
    res.json(await listWatchlist(ctx, catalog, currentUser(req)));
  });
  r.post('/', validate({ body: AddToWatchlistRequest }), async (req, res) => {
    res.json(await saveForLater(ctx, catalog, currentUser(req), body(req, AddToWatchlistRequest).title_id));
  });
  r.delete('/:title_id', async (req, res) => {
    res.json(await removeFromWatchlist(ctx, currentUser(req), String(req.params.title_id)));
  });
  return r;
}
