// One person's browser as the API sees it: requests from a chosen source address (any of
// 127.0.0.0/8 reaches a server bound to 127.0.0.1 on Linux) that keep and send back cookies.
import { request } from 'node:http';

export interface BrowserResponse {
  status: number;
  body: any;
  headers: Record<string, string | string[] | undefined>;
}

export class Browser {
  readonly jar = new Map<string, string>();
  constructor(
    private readonly serverUrl: string,
    readonly from = '127.0.0.1',
  ) {}

  /** The same cookies sent from another address (the same laptop on another network). */
  at(from: string): Browser {
    const b = new Browser(this.serverUrl, from);
    for (const [k, v] of this.jar) b.jar.set(k, v);
    return b;
  }

  post(path: string, body: unknown, token?: string): Promise<BrowserResponse> {
    return this.send('POST', path, JSON.stringify(body), token);
  }

  get(path: string, token?: string): Promise<BrowserResponse> {
    return this.send('GET', path, undefined, token);
  }

  private send(method: string, path: string, payload: string | undefined, token?: string): Promise<BrowserResponse> {
    const url = new URL(path, this.serverUrl);
    const headers: Record<string, string> = {};
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    if (this.jar.size > 0) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    return new Promise((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path: url.pathname, method, headers, localAddress: this.from }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const pair = line.split(';', 1)[0];
            const eq = pair.indexOf('=');
            if (eq > 0) this.jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
          }
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, body, headers: res.headers });
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  }
}
