import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ERROR_CODES } from '@app/shared';
import { HttpError } from './errors.js';
import { requestLocale, say, translate, type Message } from '../i18n/messages.js';

/** Unknown /api routes answer JSON, never the SPA. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ detail: translate(requestLocale(req), 'server-errors.noApiRoute', { method: req.method, path: req.path }), code: ERROR_CODES.not_found.code });
};

/** An API path (`/api`, `/api/...`, `/api?...`), as sent: its answers are JSON, never the web app's page. */
export const isApiPath = (url: string) => /^\/api(\/|\?|$)/.test(url);

/**
 * A client error that is not an HttpError: body-parser's (they carry a status and a type) and
 * the router's URIError for a path that does not percent-decode (`/api/catalog/titles/%zz`).
 * Answered with its 4xx and nothing logged beyond the request line: it says nothing about us.
 */
function clientError(err: unknown): { status: number; detail: Message | string; code: string } | null {
  const e = err as { type?: string; status?: number; expose?: boolean; limit?: number };
  if (e.type === 'entity.too.large') return { status: 413, detail: { key: 'server-errors.tooLarge', values: { kb: Math.round((e.limit ?? 0) / 1024) } }, code: ERROR_CODES.too_large.code };
  if (e.type === 'entity.parse.failed') return { status: 400, detail: { key: 'server-errors.invalidJson' }, code: ERROR_CODES.invalid_json.code };
  if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') return { status: 415, detail: { key: 'server-errors.unsupportedEncoding' }, code: ERROR_CODES.unsupported_encoding.code };
  if (err instanceof URIError) return { status: 400, detail: { key: 'server-errors.malformedUrl' }, code: ERROR_CODES.malformed_url.code };
  if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    // body-parser's own exposed messages are English only (the request never reached our code).
    return { status: e.status, detail: e.expose ? (err as Error).message : { key: 'server-errors.badRequest' }, code: ERROR_CODES.bad_request.code };
  }
  return null;
}

/**
 * The one error middleware: known errors keep their status and detail; anything else is a logged
 * 500. Outside /api a client error answers the web app's index.html (webIndex) with its status,
 * so the browser shows the app's not-found page rather than a bare error.
 */
export function errorHandler(webIndex: string | null = null): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) {
      req.log?.error({ err }, 'error after response started');
      return;
    }
    if (err instanceof HttpError) {
      res.set(err.headers).status(err.status).json(err.answerIn(requestLocale(req)));
      return;
    }
    const client = clientError(err);
    if (client) {
      if (webIndex && !isApiPath(req.originalUrl) && (req.method === 'GET' || req.method === 'HEAD')) {
        res.status(client.status).set('Cache-Control', 'no-cache').sendFile(webIndex);
        return;
      }
      res.status(client.status).json({ detail: typeof client.detail === 'string' ? client.detail : say(requestLocale(req), client.detail), code: client.code });
      return;
    }
    req.log?.error({ err }, 'unhandled error');
    res.status(500).json({ detail: translate(requestLocale(req), 'server-errors.internal'), code: ERROR_CODES.internal.code });
  };
}
