import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/authenticate.js';
import { apiRouter } from '../../http/route.js';
import { historyCsv, letterboxdCsv } from './account.csv.js';
import { deleteAccount, exportAccount, requestDeletionCode } from './account.service.js';

/** The user's own data (docs/product-decisions.md, "Your data: export and deletion"). */
export function accountRoutes(ctx: AppContext): Router {
  const { router, route } = apiRouter(ctx);
  route('account_export', async (req, res, { query }) => {
    const { format = 'json' } = query;
    const data = await exportAccount(ctx, currentUser(req));
    const day = data.exported_at.slice(0, 10);
    res.set('Cache-Control', 'no-store');
    if (format === 'csv') {
      res.attachment(`tonights-pick-history-${day}.csv`).type('text/csv; charset=utf-8').send(historyCsv(data));
      return;
    }
    if (format === 'letterboxd') {
      res.attachment(`tonights-pick-letterboxd-${day}.csv`).type('text/csv; charset=utf-8').send(letterboxdCsv(data));
      return;
    }
    res.attachment(`tonights-pick-export-${day}.json`).type('application/json; charset=utf-8').send(JSON.stringify(data, null, 1));
  });
  route('account_deletion_code', async (req, res) => {
    res.json(await requestDeletionCode(ctx, currentUser(req)));
  });
  route('account_delete', async (req, res, { body }) => {
    res.json(await deleteAccount(ctx, currentUser(req), body));
  });
  return router;
}
