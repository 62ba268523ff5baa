// Serving the metrics (docs/operations.md, "Metrics"): counting each request by its route
// template, and answering GET /metrics on the main port (METRICS=on) or on a port of its own
// (METRICS_PORT), never both.
import { createServer, type Server } from 'node:http';
import type { RequestHandler } from 'express';
import { METRICS_CONTENT_TYPE, type CatalogSnapshot, type Metrics } from './metrics.js';

const UNMATCHED = 'unmatched';

interface Layer {
  rawPath?: unknown;
  route?: object & { path?: unknown };
  handle?: { stack?: Layer[] };
}

/**
 * Each route of the app -> its whole template (mount path + route path), read once from the
 * app's router. A router mounted at two paths has no single template: left out (see below).
 */
function routeTemplates(app: { router: { stack: Layer[] } }): WeakMap<object, string> {
  const found = new Map<object, string | null>();
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route && typeof layer.route.path === 'string') {
        const template = `${prefix}${layer.route.path}`.replace(/(.)\/$/, '$1');
        found.set(layer.route, found.has(layer.route) && found.get(layer.route) !== template ? null : template);
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? `${prefix}${layer.rawPath}` : prefix);
      }
    }
  };
  walk(app.router.stack, '');
  const out = new WeakMap<object, string>();
  for (const [route, template] of found) if (template !== null) out.set(route, template);
  return out;
}

/**
 * First middleware of the app: times each request and counts it, when its answer is done, under
 * the template of the route that answered (e.g. /api/imports/:id), never the URL: ids in paths
 * would make a series per id. The template comes from the route object Express dispatched to
 * (req.route), looked up in a table built from the app's router on the first request: req.baseUrl
 * alone is not enough, since it is reset when an error leaves a router. No route (an unknown
 * path, a static file): "unmatched".
 */
export function countRequests(metrics: Metrics, app: unknown): RequestHandler {
  let templates: WeakMap<object, string> | null = null;
  return (req, res, next) => {
    const started = performance.now();
    res.once('finish', () => {
      const route = req.route as (object & { path?: unknown }) | undefined;
      let template = UNMATCHED;
      if (route) {
        templates ??= routeTemplates(app as { router: { stack: Layer[] } });
        template = templates.get(route) ?? (typeof route.path === 'string' ? req.baseUrl + route.path : UNMATCHED);
      }
      metrics.request(req.method, template, res.statusCode, (performance.now() - started) / 1000);
    });
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
