import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import type { History } from '../history/history.js';
import { currentUser } from '../../http/authenticate.js';
import { apiRouter } from '../../http/route.js';
import { confirmImport, createImport, getImport, listUserImports, undoImport } from './imports.service.js';
import type { ParserThread } from './parse-off-thread.js';
import { IMPORT_JSON_LIMIT_BYTES, isMultipart, uploadFromJson, uploadFromMultipart } from './imports.upload.js';

/** Confirm's body: up to 50,000 choices of about 60 bytes. */
const CONFIRM_LIMIT = '4mb';

/**
 * The upload is parsed after the token is checked (as every route's body), so only a signed-in
 * user's upload is read, with the file's limit (about 14 MB of JSON for a base64 file) on this
 * one route; a multipart upload is read by imports.upload.ts.
 */
export function importsRoutes(ctx: AppContext, history: History, parser: ParserThread): Router {
  const { router, route } = apiRouter(ctx);
  route(
    'imports_create',
    async (req, res) => {
      const upload = isMultipart(req) ? await uploadFromMultipart(req) : uploadFromJson(req.body);
      res.status(201).json(await createImport(ctx, history.catalog, parser, currentUser(req), upload));
    },
    { bodyLimit: IMPORT_JSON_LIMIT_BYTES, ownBody: true },
  );
  route('imports_list', async (req, res) => {
    res.json(await listUserImports(ctx, currentUser(req)));
  });
  route('imports_get', async (req, res) => {
    res.json(await getImport(ctx, history.catalog, currentUser(req), String(req.params.id)));
  });
  route(
    'imports_confirm',
    async (req, res, { body }) => {
      res.json(await confirmImport(ctx, history, currentUser(req), String(req.params.id), body));
    },
    { bodyLimit: CONFIRM_LIMIT },
  );
  route('imports_undo', async (req, res) => {
    res.json(await undoImport(ctx, history, currentUser(req), String(req.params.id)));
  });
  return router;
}
