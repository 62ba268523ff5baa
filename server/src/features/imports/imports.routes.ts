import express, { Router } from 'express';
import { ConfirmImportRequest } from '@app/shared';
import type { AppContext } from '../../context.js';
import type { CatalogStore } from '../../catalog/catalog.store.js';
import type { Mount } from '../../services.js';
import { authenticate, currentUser } from '../../http/authenticate.js';
import { body, validate } from '../../http/validate.js';
import { confirmImport, createImport, getImport, listUserImports, undoImport } from './imports.service.js';
import { IMPORT_JSON_LIMIT_BYTES, isMultipart, uploadFromJson, uploadFromMultipart } from './imports.upload.js';

/** Confirm's body: up to 50,000 choices of about 60 bytes. */
const CONFIRM_LIMIT = '4mb';

/**
 * Mounted at /api/imports before the app's 100 KB JSON parser (as a raw-body route): this router
 * parses its own bodies, after the token is checked, so only a signed-in user's upload is read,
 * with the file's limit (about 14 MB of JSON for a base64 file) on this one route.
 */
export function importsMount(ctx: AppContext, catalog: CatalogStore): Mount {
  const r = Router();
  r.use(authenticate(ctx));
  r.post('/', express.json({ limit: IMPORT_JSON_LIMIT_BYTES }), async (req, res) => {
    const upload = isMultipart(req) ? await uploadFromMultipart(req) : uploadFromJson(req.body);
    res.status(201).json(await createImport(ctx, catalog, currentUser(req), upload));
  });
  r.get('/', async (req, res) => {
    res.json(await listUserImports(ctx, currentUser(req)));
  });
  r.get('/:id', async (req, res) => {
    res.json(await getImport(ctx, catalog, currentUser(req), String(req.params.id)));
  });
  r.post('/:id/confirm', express.json({ limit: CONFIRM_LIMIT }), validate({ body: ConfirmImportRequest }), async (req, res) => {
    res.json(await confirmImport(ctx, catalog, currentUser(req), String(req.params.id), body(req, ConfirmImportRequest)));
  });
  r.delete('/:id', async (req, res) => {
    res.json(await undoImport(ctx, currentUser(req), String(req.params.id)));
  });
  return { path: '/api/imports', router: r };
}
