// Serving the metrics (docs/operations.md, "Metrics"): counting each request by its route
// template, and answering GET /metrics on the main port (METRICS=on) or on a port of its own
// (METRICS_PORT), never both.
import { createServer, type Server } from 'node:http';
import type { RequestHandler } from 'express';
import { METRICS_CONTENT_TYPE, type CatalogSnapshot, type Metrics } from './metrics.js';

export const UNMATCHED = 'unmatched';

/** route object -> mount path -> template: built once per route and mount, not per request. */
const templates = new WeakMap<object, Map<string, string>>();

function templateOf(route: { path?: unknown }, baseUrl: string): string {
  if (typeof route.path !== 'string') return UNMATCHED;
  let byMount = templates.get(route);
  if (!byMount) templates.set(route, (byMount = new Map()));
  let template = byMount.get(baseUrl);
  if (template === undefined) byMount.set(baseUrl, (template = baseUrl + route.path));
  return template;
}

/**
 * First middleware of the app: times each request and counts it, when its answer is done, under
 * the template of the route that answered (e.g. /api/imports/:id), never the URL: ids in paths
 * would make a series per id. The router sets req.route as it dispatches to a route; the mount
 * path (req.baseUrl) is read at that moment, because it is reset when an error leaves the router.
 * No route (an unknown path, a static file): "unmatched".
 */
export function countRequests(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    let route: { path?: unknown } | undefined;
    let mount = '';
    Object.defineProperty(req, 'route', {
      configurable: true,
      enumerable: true,
      get: () => route,
      set(value: { path?: unknown } | undefined) {
        route = value;
        mount = req.baseUrl;
      },
    });
    res.once('finish', () => metrics.request(req.method, route ? templateOf(route, mount) : UNMATCHED, res.statusCode, (performance.now() - started) / 1000));
    next();
  };
}

export function metricsHandler(metrics: Metrics, catalog: () => CatalogSnapshot | null): RequestHandler {
  return (_req, res) => {
    res.set('Cache-Control', 'no-store').type(METRICS_CONTENT_TYPE).send(metrics.render(catalog()));
  };
}

/** METRICS_PORT: a server of its own that answers GET /metrics and 404 to anything else. */
export async function listenMetrics(metrics: Metrics, catalog: () => CatalogSnapshot | null, port: number, host: string): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?', 1)[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      const body = JSON.stringify({ detail: 'Not found' });
      res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
      return;
    }
    const body = metrics.render(catalog());
    res.writeHead(200, { 'Content-Type': METRICS_CONTENT_TYPE, 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok());
  });
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : port };
}
