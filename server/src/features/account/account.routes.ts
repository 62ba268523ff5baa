import { Router } from 'express';
import { AccountExportQuery, DeleteAccountRequest } from '@app/shared';
import type { AppContext } from '../../context.js';
import { authenticate, currentUser } from '../../http/authenticate.js';
import { body, query, validate } from '../../http/validate.js';
import { historyCsv } from './account.export.js';
import { deleteAccount, exportAccount, requestDeletionCode } from './account.service.js';

/** /api/account: the user's own data (docs/product-decisions.md, "Your data: export and deletion"). */
export function accountRoutes(ctx: AppContext): Router {
  const r = Router();
  r.get('/export', authenticate(ctx), validate({ query: AccountExportQuery }), async (req, res) => {
    const { format = 'json' } = query(req, AccountExportQuery);
    const data = await exportAccount(ctx, currentUser(req));
    const day = data.exported_at.slice(0, 10);
    res.set('Cache-Control', 'no-store');
    if (format === 'csv') {
      res.attachment(`tonights-pick-history-${day}.csv`).type('text/csv; charset=utf-8').send(historyCsv(data));
      return;
    }
    res.attachment(`tonights-pick-export-${day}.json`).type('application/json; charset=utf-8').send(JSON.stringify(data, null, 1));
  });
  r.post('/deletion-code', authenticate(ctx), async (req, res) => {
    res.json(await requestDeletionCode(ctx, currentUser(req)));
  });
  r.delete('/', authenticate(ctx), validate({ body: DeleteAccountRequest }), async (req, res) => {
    res.json(await deleteAccount(ctx, currentUser(req), body(req, DeleteAccountRequest)));
  });
  return r;
}
