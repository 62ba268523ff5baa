// A scripted stand-in for the HTTP API, handed to createApiClient as its fetch. Our own code
// (client, hooks, pages) runs unchanged; only the network answers are scripted, and every
// fixture is parsed with the shared zod schemas so the answers match the contract.
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
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

  /** `on('GET /api/settings/profile', ...)`: the latest registration for a route wins. */
  on(route: string, handler: Handler | Reply): this {
    this.handlers.set(route, typeof handler === 'function' ? handler : () => handler);
    return this;
  }

  has(route: string): boolean {
    return this.handlers.has(route);
  }

  calls(route: string): RecordedRequest[] {
    const [method, path] = route.split(' ');
    return this.requests.filter((r) => r.method === method && r.path === path);
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
    };
    this.requests.push(req);
    const handler = this.handlers.get(`${req.method} ${req.path}`);
    if (!handler) return json(404, { detail: `No fake for ${req.method} ${req.path}` });
    const reply = await handler(req);
    if (reply.text !== undefined) return new Response(reply.text, { status: reply.status ?? 200, headers: reply.headers });
    return json(reply.status ?? 200, reply.body ?? {}, reply.headers);
  };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}
