// The typed client's transport (client.ts): one request of the route table, with the bearer
// token, the 401 rule (drop token and user, tell the app) and the 402 rule (a typed plan-limit
// error). It touches no window, chrome or Node API.
import type { z } from 'zod';
import type * as S from './schemas/index.js';
import { ApiError, NetworkError, PlanLimitError } from './api-errors.js';
import { PLAN_LIMIT_TEXTS } from './errors.js';
import { ROUTES, fillPath, type PathParams, type RouteKey } from './routes.js';
import type { RouteSchemaTable } from './schemas/route-schemas.js';

type Out<T extends z.ZodType> = z.output<T>;
type MaybePromise<T> = T | Promise<T>;

export interface TokenStore {
  getToken(): MaybePromise<string | null>;
  /** Called after sign-in: stores the token and the user. */
  setSession(token: string, user: Out<typeof S.User> | null): MaybePromise<void>;
  /** Called on sign-out and on any 401: removes token and user. */
  clear(): MaybePromise<void>;
}

export interface ApiClientOptions {
  baseUrl: string;
  fetch: typeof fetch;
  tokenStore: TokenStore;
  onUnauthorized?: () => void;
  /** The language the page is shown in: sent as Accept-Language, so the server's `detail`s are in it. */
  language?: () => string | undefined;
}

type Query = Record<string, string | number | boolean | undefined | null>;
interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Query;
  auth?: boolean;
  /** Sends this token instead of the stored one (sign-out's, already forgotten here): its 401 is no news. */
  token?: string;
}

/** What a route of the table answers (its response schema in route-schemas.ts). */
type Answer<K extends RouteKey> = RouteSchemaTable[K] extends { response: infer R extends z.ZodType } ? Out<R> : never;
type Path<K extends RouteKey> = (typeof ROUTES)[K]['path'];
/** A call of a route: its path parameters (by the table's `:name`s), body and query. */
type CallOptions<K extends RouteKey> = { body?: unknown; query?: Query } & ([PathParams<Path<K>>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParams<Path<K>>, string> });

export interface DownloadedFile {
  filename: string;
  contentType: string;
  text: string;
}

function queryString(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

function filenameFrom(disposition: string | null, fallback: string): string {
  const m = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return m ? decodeURIComponent(m[1]) : fallback;
}

/** The requests createApiClient builds its namespaces from. */
export function createTransport(opts: ApiClientOptions) {
  const base = opts.baseUrl.replace(/\/+$/, '');

  async function send(path: string, o: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (o.body !== undefined) headers['Content-Type'] = 'application/json';
    const language = opts.language?.();
    if (language) headers['Accept-Language'] = language;
    if (o.auth !== false) {
      const token = o.token ?? (await opts.tokenStore.getToken());
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    let res: Response;
    try {
      res = await opts.fetch(`${base}${path}${queryString(o.query)}`, {
        method: o.method ?? 'GET',
        headers,
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
      });
    } catch (err) {
      throw new NetworkError(err instanceof Error ? err.message : 'Network request failed');
    }
    if (!res.ok) await raise(res, o.auth !== false && o.token === undefined);
    return res;
  }

  async function raise(res: Response, authenticated: boolean): Promise<never> {
    let body: Out<typeof S.ErrorBody> | null = null;
    try {
      body = (await res.json()) as Out<typeof S.ErrorBody>;
    } catch {
      body = null;
    }
    const detail = typeof body?.detail === 'string' ? body.detail : `Request failed (${res.status})`;
    if (res.status === 401 && authenticated) {
      await opts.tokenStore.clear();
      opts.onUnauthorized?.();
    }
    if (res.status === 402) {
      const expired = body?.expired === true;
      const limitReached = body?.limit_reached === true;
      const fallback = expired ? PLAN_LIMIT_TEXTS.expired : PLAN_LIMIT_TEXTS.limitReached;
      throw new PlanLimitError(body?.detail ?? fallback, body, expired, limitReached);
    }
    const retry = Number(res.headers.get('Retry-After'));
    throw new ApiError(res.status, detail, body, Number.isFinite(retry) && retry > 0 ? retry : null);
  }

  /** The request of a route of the table: method and path from it, the token unless its auth is none. */
  function request<K extends RouteKey>(key: K, o: CallOptions<K>): Promise<Response> {
    const route = ROUTES[key];
    return send(fillPath(route.path, o.params), { method: route.method, body: o.body, query: o.query, auth: route.auth !== 'none' });
  }

  async function call<K extends RouteKey>(key: K, ...[o]: [PathParams<Path<K>>] extends [never] ? [CallOptions<K>?] : [CallOptions<K>]): Promise<Answer<K>> {
    const res = await request(key, (o ?? {}) as CallOptions<K>);
    return (await res.json()) as Answer<K>;
  }

  async function file<K extends RouteKey>(key: K, o: CallOptions<K>, fallbackName: string): Promise<DownloadedFile> {
    const res = await request(key, o);
    return {
      filename: filenameFrom(res.headers.get('Content-Disposition'), fallbackName),
      contentType: res.headers.get('Content-Type') ?? 'application/octet-stream',
      text: await res.text(),
    };
  }

  async function signedIn(r: Out<typeof S.AuthResponse>): Promise<Out<typeof S.AuthResponse>> {
    if (r.access_token) await opts.tokenStore.setSession(r.access_token, r.user);
    return r;
  }

  return { send, call, file, signedIn };
}
