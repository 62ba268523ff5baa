// /healthz (is this instance able to serve, storage included) and /readyz (should it get
// traffic now), and what the API answers when storage fails (docs/operations.md).
import { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import { ERROR_CODES } from '@app/shared';
import type { AppContext } from '../context.js';
import { isStorageFailure, probeStorage } from '../db/connection.js';
import type { Lifecycle } from './lifecycle.js';

export const STORAGE_DETAIL = "Your change could not be saved: the server's storage is unavailable. Please try again later.";

/** How long a write that /healthz saw succeed stands for the requests after it. */
export const HEALTH_PROBE_INTERVAL_MS = 5_000;

/** null when the database takes a write, else what is wrong (no secrets, no paths). */
async function probeWrite(ctx: AppContext): Promise<string | null> {
  try {
    await probeStorage(ctx.db, ctx.clock.now());
    return null;
  } catch (err) {
    ctx.logger.warn({ err }, 'health probe: the database did not take a write');
    const code = (err as { code?: unknown }).code;
    return `the database did not take a write${typeof code === 'string' ? ` (${code})` : ''}`;
  }
}

/**
 * /healthz is anonymous: a durable write (an fsync on SQLite) for every request would let anyone
 * make the disk busy. At most one write per interval per process; the requests in between, and
 * those arriving while it runs, answer from it. A failed write is not kept (it cost no fsync),
 * so the probe after a failure writes again and recovery shows at once. A lost SQLite file
 * (storageProblem) is checked on every request, it costs a stat.
 */
function storageHealth(ctx: AppContext): () => Promise<string | null> {
  let okAt: number | null = null;
  let running: Promise<string | null> | null = null;
  return async () => {
    const lost = ctx.database.storageProblem();
    if (lost) return lost;
    const now = ctx.clock.now().getTime();
    if (okAt !== null && now >= okAt && now - okAt < HEALTH_PROBE_INTERVAL_MS) return null;
    running ??= probeWrite(ctx).then((problem) => {
      okAt = problem === null ? now : null;
      running = null;
      return problem;
    });
    return running;
  };
}

export function healthRoutes(ctx: AppContext, lifecycle: Lifecycle): Router {
  const r = Router();
  const database = ctx.database.dialect;
  const health = storageHealth(ctx);
  r.get('/healthz', async (_req, res) => {
    const problem = await health();
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
    res.status(503).json({ detail: STORAGE_DETAIL, code: ERROR_CODES.storage_unavailable.code });
  };
}

/** A full, read-only or vanished disk is the server's trouble, not the request's: 503, logged. */
export const storageErrors: ErrorRequestHandler = (err, req, res, next) => {
  if (!isStorageFailure(err) || res.headersSent) return next(err);
  req.log?.error({ err }, 'storage failure');
  res.status(503).json({ detail: STORAGE_DETAIL, code: ERROR_CODES.storage_unavailable.code });
};
