// The request log, one record per finished request, written by hand rather than by pino-http:
// pino-http builds a child logger and runs its serializers on every request, a few per cent of
// the CPU of a cheap GET, to produce fields nobody reads for a healthy answer. Here a 2xx-4xx at
// `info` costs one small record (method, redacted URL, status, time, request id); the whole
// request (headers, query, address) is serialised only where someone will read it: a 5xx, or
// LOG_LEVEL=debug. Records keep pino-http's shape (`req`, `res`, `responseTime`, "request
// completed"), which the pretty format, the tests and log queries read (docs/operations.md, "Logs").
// Secrets in URLs never reach the log either way (logger.ts, docs/security.md "Logs and tokens").
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';
import { redactRequest, redactUrl } from '../logger.js';

declare module 'http' {
  interface IncomingMessage {
    /** X-Request-Id: the caller's, when it is a plain token, else a fresh UUID. */
    id: string;
    /** A logger whose records carry this request (redacted), made when first used. */
    log: Logger;
    /** When the request log started timing it (Date.now()); unset for the probes it skips. */
    loggedSince?: number;
  }
}

const GIVEN_ID = /^[\w-]{1,64}$/;
/** Probes and scrapes, polled all day: counted by /metrics, never logged. */
const UNLOGGED = new Set(['/healthz', '/readyz', '/metrics']);

/** What pino's standard request serializer writes, with the secrets taken out (redactRequest). */
function fullRequest(req: Request) {
  return redactRequest({
    id: req.id,
    method: req.method,
    url: req.originalUrl || req.url,
    query: req.query,
    params: req.params,
    headers: req.headers as Record<string, unknown>,
    remoteAddress: req.socket?.remoteAddress,
    remotePort: req.socket?.remotePort,
  });
}

/**
 * Gives each request its id and `req.log`, and logs it when its response is done. `req.log` is a
 * getter on the app's request prototype, so a request that logs nothing (nearly all) never builds
 * its child logger. The record is written from the app's response prototype as the response emits
 * 'close' (which follows 'finish' for every response, and comes alone for one the client gave up
 * on), not from a listener added to each response: that listener and its closure were a few per
 * cent of a cheap GET (docs/performance.md). `app`: the Express app, for its two prototypes.
 */
export function requestLogger(logger: Logger, app: { request: object; response: object }): RequestHandler {
  // The short record holds no header, body or query (its URL is redacted by redactUrl), so it
  // skips pino's redaction pass, which doubled the cost of writing it (12 against 6 us).
  const short = logger.child({}, { redact: [] });
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request) {
      const child = logger.child({ req: fullRequest(this) });
      Object.defineProperty(this, 'log', { value: child, configurable: true, writable: true });
      return child;
    },
  });
  const emit = (app.response as Response).emit;
  Object.defineProperty(app.response, 'emit', {
    configurable: true,
    writable: true,
    value: function emitLogged(this: Response, event: string | symbol) {
      const since = event === 'close' ? this.req.loggedSince : undefined;
      if (since !== undefined) {
        this.req.loggedSince = undefined;
        logDone(logger, short, this.req, this, Date.now() - since);
      }
      // Every argument as given, without a rest array per event.
      // eslint-disable-next-line prefer-rest-params
      return emit.apply(this, arguments as unknown as Parameters<typeof emit>);
    },
  });
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    if (!UNLOGGED.has(req.url)) req.loggedSince = Date.now();
    next();
  };
}

function logDone(logger: Logger, short: Logger, req: Request, res: Response, responseTime: number) {
  const failed = res.statusCode >= 500;
  if (!failed && !logger.isLevelEnabled('info')) return;
  const full = failed || logger.isLevelEnabled('debug');
  const log = full ? logger : short;
  const record = {
    req: full ? fullRequest(req) : { id: req.id, method: req.method, url: redactUrl(req.originalUrl || req.url) },
    res: { statusCode: res.statusCode },
    responseTime,
  };
  if (!res.writableFinished) log.info(record, 'request aborted');
  else if (failed) log.error(record, 'request completed');
  else log.info(record, 'request completed');
}
