// A scripted stand-in for the HTTP API, handed to createApiClient as its fetch. Our own code
// (client, hooks, pages) runs unchanged; only the network answers are scripted, and every
// fixture is parsed with the shared zod schemas so the answers match the contract.
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
  /** The `:name` segments of a pattern route (`DELETE /api/watchlist/:titleId`). */
  params: Record<string, string>;
}

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  text?: string;
}

type Handler = (req: RecordedRequest) => Reply | Promise<Reply>;

export class FakeServer {
  readonly requests: RecordedRequest[] = [];
  private readonly handlers = new Map<string, Handler>();

  /**
   * `on('GET /api/settings/profile', ...)`: the latest registration for a route wins. A segment
   * `:name` matches any one segment (`DELETE /api/watchlist/:titleId`); exact routes win over patterns.
   */
  on(route: string, handler: Handler | Reply): this {
    this.handlers.set(route, typeof handler === 'function' ? handler : () => handler);
    return this;
  }

  has(route: string): boolean {
    return this.handlers.has(route);
  }

  /** The requests to a route; a pattern route (`PATCH /api/recommendations/history/:id`) counts every match. */
  calls(route: string): RecordedRequest[] {
    return this.requests.filter((r) => match(route, r.method, r.path) !== null);
  }

  private handler(method: string, path: string): { handler: Handler; params: Record<string, string> } | null {
    const exact = this.handlers.get(`${method} ${path}`);
    if (exact) return { handler: exact, params: {} };
    for (const [route, handler] of [...this.handlers].reverse()) {
      const params = route.includes('/:') ? match(route, method, path) : null;
      if (params) return { handler, params };
    }
    return null;
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
    const req: RecordedRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers,
      params: {},
    };
    this.requests.push(req);
    const found = this.handler(req.method, req.path);
    if (!found) return json(404, { detail: `No fake for ${req.method} ${req.path}` });
    req.params = found.params;
    const reply = await found.handler(req);
    if (reply.text !== undefined) return new Response(reply.text, { status: reply.status ?? 200, headers: reply.headers });
    return json(reply.status ?? 200, reply.body ?? {}, reply.headers);
  };
}

/** The params of `path` when it matches `route` ("METHOD /a/:b"), else null. */
function match(route: string, method: string, path: string): Record<string, string> | null {
  const [m, pattern] = route.split(' ');
  if (m !== method) return null;
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, w] of want.entries()) {
    if (w.startsWith(':')) params[w.slice(1)] = decodeURIComponent(got[i]);
    else if (w !== got[i]) return null;
  }
  return params;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}
