// Registers a route of the shared table (shared/src/routes.ts) on a router: the method and path,
// the auth level, the body parser and the validation all come from the table and its schemas
// (route-schemas.ts), so a feature's routes file only says what each route does.
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import { ROUTES, ROUTE_SCHEMAS, routePattern, type RouteKey, type RouteSchemas } from '@app/shared';
import type { AppContext } from '../context.js';
import { authenticate, optionalAuthenticate, requireOnboarded } from './authenticate.js';
import { unauthorized } from './errors.js';
import { parseWith } from './validate.js';
import { requestLocale, say } from '../i18n/messages.js';
import { messageOfText } from '../i18n/known-text.js';

/** The JSON body limit of every route that does not declare its own. */
export const JSON_BODY_LIMIT = '100kb';

type Schemas<K extends RouteKey> = (typeof ROUTE_SCHEMAS)[K];
type Parsed<S, F extends string> = S extends { [P in F]: infer T extends z.ZodType } ? z.output<T> : undefined;

/** What the route's schemas parsed: body and query (undefined where the route has no schema). */
export interface Input<K extends RouteKey> {
  body: Parsed<Schemas<K>, 'body'>;
  query: Parsed<Schemas<K>, 'query'>;
}

export type Handler<K extends RouteKey> = (req: Request, res: Response, input: Input<K>) => unknown;

export interface RouteOptions {
  /** This route's JSON body limit (bytes or '4mb'), instead of JSON_BODY_LIMIT. */
  bodyLimit?: string | number;
  /** The handler reads the body itself (an upload in more than one form): no schema check here. */
  ownBody?: boolean;
  /** A raw route takes the bytes of any content type (a webhook whose sender picks it: Plex's multipart), not JSON only. */
  anyContentType?: boolean;
}

export interface ApiRouter {
  router: Router;
  route<K extends RouteKey>(key: K, handler: Handler<K>, opts?: RouteOptions): void;
}

const parsers = new Map<string, RequestHandler>();
function bodyParser(key: RouteKey, opts: RouteOptions): RequestHandler {
  const raw = 'body' in ROUTES[key] && ROUTES[key].body === 'raw';
  const limit = opts.bodyLimit ?? JSON_BODY_LIMIT;
  const anyType = raw && opts.anyContentType === true;
  const id = `${raw ? 'raw' : 'json'}:${limit}:${anyType ? 'any' : 'json'}`;
  let p = parsers.get(id);
  if (!p) {
    // Stripe's signature covers the bytes as sent: its route takes them raw.
    p = raw ? express.raw({ type: anyType ? () => true : 'application/json', limit }) : express.json({ limit });
    parsers.set(id, p);
  }
  return p;
}

function authFor(ctx: AppContext, key: RouteKey): RequestHandler[] {
  switch (ROUTES[key].auth) {
    case 'none':
      return [];
    case 'optional':
      return [optionalAuthenticate(ctx)];
    case 'user':
      return [authenticate(ctx)];
    case 'onboarded':
      return [authenticate(ctx), requireOnboarded];
  }
}

/**
 * A router whose routes come from the table. Order per route: the token is checked first (so
 * no body of an unauthenticated caller is read), then the body is parsed and validated.
 */
export function apiRouter(ctx: AppContext): ApiRouter {
  const router = Router();
  // Express decodes a route's :params while matching it, before any of its handlers: a malformed
  // one (/tokens/%zz) would answer 400 ahead of the token check. Callers without a token are
  // turned away first, on the path as sent, from every route that needs one.
  const needToken: Array<{ method: string; path: RegExp }> = [];
  const statics: Array<[string, Route]> = [];
  staticRoutes.set(router, statics);
  router.use((req, _res, next) => {
    if (/^Bearer\s/i.test(req.get('authorization') ?? '')) return next();
    if (needToken.some((r) => r.method === req.method && r.path.test(req.path))) throw unauthorized('Your session has expired. Please sign in again.');
    next();
  });
  return {
    router,
    route(key, handler, opts = {}) {
      const def = ROUTES[key];
      const schemas: RouteSchemas = ROUTE_SCHEMAS[key];
      if ((def.auth === 'user' || def.auth === 'onboarded') && def.path.includes(':')) needToken.push({ method: def.method, path: routePattern(def.path) });
      const run: RequestHandler = async (req, res) => {
        const input = {
          body: schemas.body && !opts.ownBody ? parseWith(schemas.body, req.body ?? {}) : undefined,
          query: schemas.query ? parseWith(schemas.query, req.query) : undefined,
        } as Input<typeof key>;
        sayMessageInLocale(req, res);
        await handler(req, res, input);
      };
      const method = def.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
      const r = router.route<string>(def.path);
      // A GET has no body to read: body-parser's checks were 2% of the CPU of GET /current.
      const parse = def.method === 'GET' && !schemas.body && !opts.ownBody ? [] : [bodyParser(key, opts)];
      r[method](...authFor(ctx, key), ...parse, run);
      if (!def.path.includes(':')) statics.push([`${def.method} ${def.path}`, r as unknown as Route]);
    },
  };
}

/**
 * A successful answer's `message` ("Email verified") in the request's language: the English the
 * handler wrote, looked up in shared/locales/server-messages (i18n/known-text.ts). English answers
 * are sent as they are.
 */
function sayMessageInLocale(req: Request, res: Response): void {
  const json = res.json.bind(res);
  res.json = (body?: unknown) => {
    const message = body !== null && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
    if (typeof message !== 'string' || res.statusCode >= 400) return json(body);
    const locale = requestLocale(req);
    const said = locale === 'en' ? null : messageOfText(message, 'server-messages.');
    return json(said ? { ...(body as object), message: say(locale, said) } : body);
  };
}

/** Express's Route, which runs its handlers with `dispatch` (router 2.x; not in @types/express). */
interface Route {
  dispatch(req: Request, res: Response, done: (err?: unknown) => void): void;
}
const staticRoutes = new WeakMap<Router, Array<[string, Route]>>();

/**
 * The API's routes without a :param, found by one lookup of the method and path as sent, ahead of
 * the routers: Express tries a request against each router and each route in turn, about fifty
 * before /api/recommendations/current. The route found runs as Express would run it (the same
 * Route object, so req.route and the metrics' template are the same). Anything else (HEAD, a
 * trailing slash, other letter case, a :param route) goes on to the routers, which still hold
 * every route.
 */
export function staticRouteLookup(routers: readonly Router[]): RequestHandler {
  const byKey = new Map<string, Route>();
  for (const router of routers) for (const [key, route] of staticRoutes.get(router) ?? []) byKey.set(key, route);
  return (req, res, next) => {
    const route = byKey.get(`${req.method} ${req.path}`);
    if (!route) return next();
    // A route that neither answers nor fails (none does) ends the API's routers: 404 after them.
    route.dispatch(req, res, (err?: unknown) => next(err ?? 'router'));
  };
}
