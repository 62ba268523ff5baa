// /healthz (is this instance able to serve, storage included) and /readyz (should it get
// traffic now), and what the API answers when storage fails (docs/operations.md).
import { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import type { AppContext } from '../context.js';
import { isStorageFailure, probeStorage } from '../db/connection.js';
import type { Lifecycle } from './lifecycle.js';

export const STORAGE_DETAIL = "Your change could not be saved: the server's storage is unavailable. Please try again later.";

/** null when the database answers and takes a write, else what is wrong (no secrets, no paths). */
async function storageHealth(ctx: AppContext): Promise<string | null> {
  const lost = ctx.database.storageProblem();
  if (lost) return lost;
  try {
    await probeStorage(ctx.db, ctx.clock.now());
    return null;
  } catch (err) {
    ctx.logger.warn({ err }, 'health probe: the database did not take a write');
    const code = (err as { code?: unknown }).code;
    return `the database did not take a write${typeof code === 'string' ? ` (${code})` : ''}`;
  }
}

export function healthRoutes(ctx: AppContext, lifecycle: Lifecycle): Router {
  const r = Router();
  const database = ctx.database.dialect;
  r.get('/healthz', async (_req, res) => {
    const problem = await storageHealth(ctx);
    res.set('Cache-Control', 'no-store');
    if (problem) res.status(503).json({ status: 'unhealthy', database, detail: problem });
    else res.json({ status: 'ok', database });
  });
  r.get('/readyz', (_req, res) => {
    res.set('Cache-Control', 'no-store');
    const lost = ctx.database.storageProblem();
    if (lifecycle.phase === 'draining') res.status(503).json({ status: 'stopping' });
    else if (lost) res.status(503).json({ status: 'unhealthy', detail: lost });
    else res.json({ status: 'ready' });
  });
  return r;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Once the database file is gone, refuse changes up front rather than acknowledge lost writes. */
export function refuseWritesWhenStorageLost(ctx: AppContext): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || !ctx.database.storageProblem()) return next();
    res.status(503).json({ detail: STORAGE_DETAIL, code: 'storage_unavailable' });
  };
}

/** A full, read-only or vanished disk is the server's trouble, not the request's: 503, logged. */
export const storageErrors: ErrorRequestHandler = (err, req, res, next) => {
  if (!isStorageFailure(err) || res.headersSent) return next(err);
  req.log?.error({ err }, 'storage failure');
  res.status(503).json({ detail: STORAGE_DETAIL, code: 'storage_unavailable' });
};
