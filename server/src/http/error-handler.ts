import type { ErrorRequestHandler, RequestHandler } from 'express';
import { HttpError } from './errors.js';

/** Unknown /api routes answer JSON, never the SPA. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ detail: `No API route ${req.method} ${req.path}`, code: 'not_found' });
};

/** The one error middleware: known errors keep their status and detail; anything else is a logged 500. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (res.headersSent) {
    req.log?.error({ err }, 'error after response started');
    return;
  }
  if (err instanceof HttpError) {
    res.set(err.headers).status(err.status).json({ detail: err.message, code: err.code, ...err.extra });
    return;
  }
  const e = err as { type?: string; status?: number; expose?: boolean; limit?: number };
  // body-parser errors carry a status and a type.
  if (e.type === 'entity.too.large') {
    res.status(413).json({ detail: `Request body is too large (limit ${Math.round((e.limit ?? 0) / 1024)} KB)`, code: 'too_large' });
    return;
  }
  if (e.type === 'entity.parse.failed') {
    res.status(400).json({ detail: 'Request body is not valid JSON', code: 'invalid_json' });
    return;
  }
  if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') {
    res.status(415).json({ detail: 'Unsupported request encoding', code: 'unsupported_encoding' });
    return;
  }
  if (typeof e.status === 'number' && e.status >= 400 && e.status < 500 && e.expose) {
    res.status(e.status).json({ detail: (err as Error).message, code: 'bad_request' });
    return;
  }
  req.log?.error({ err }, 'unhandled error');
  res.status(500).json({ detail: 'Internal server error', code: 'internal' });
};
