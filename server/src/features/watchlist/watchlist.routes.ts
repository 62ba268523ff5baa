import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import type { History } from '../history/history.js';
import { currentUser } from '../../http/authenticate.js';
import { apiRouter } from '../../http/route.js';
import { listWatchlist, removeFromWatchlist, saveForLater } from './watchlist.service.js';

export function watchlistRoutes(ctx: AppContext, history: History): Router {
  const { router, route } = apiRouter(ctx);
  route('watchlist_list', async (req, res) => {
    res.json(await listWatchlist(ctx, history.catalog, currentUser(req)));
  });
  route('watchlist_add', async (req, res, { body }) => {
    res.json(await saveForLater(ctx, history, currentUser(req), body.title_id));
  });
  route('watchlist_remove', async (req, res) => {
    res.json(await removeFromWatchlist(ctx, currentUser(req), String(req.params.title_id)));
  });
  return router;
}
