// The request log (server/src/http/request-log.ts): one record per request with what an operator
// reads for a healthy answer, the whole redacted request where someone will look at it (a 5xx,
// LOG_LEVEL=debug), no record for probes, and the record's request id is the X-Request-Id answered.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { sql } from 'kysely';
import { dialects } from './support/dialects.js';
import { startTestServer, signUp, rawRequest, type TestServer } from './support/test-server.js';
import { captureLogs, type LogCapture } from './support/log-capture.js';

const completed = (logs: LogCapture, from: number) => logs.entries().slice(from).filter((e) => e.msg === 'request completed');

describe.each(dialects)('request log at info on %s', (dialect) => {
  let server: TestServer;
  let logs: LogCapture;
  beforeAll(async () => {
    logs = captureLogs('info');
    server = await startTestServer(dialect, { logger: logs.logger });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('logs a request as method, redacted URL, status, time and the id it answered, without headers', async () => {
    const u = await signUp(server);
    const from = logs.lines.length;
    const r = await rawRequest(server.url, '/api/settings/profile?token=abc123secret&x=1', { token: u.store.token!, headers: { 'x-request-id': 'trace-42' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-request-id')).toBe('trace-42');
    const [record] = completed(logs, from);
    expect(record).toMatchObject({ level: 30, req: { id: 'trace-42', method: 'GET', url: '/api/settings/profile?token=[redacted]&x=1' }, res: { statusCode: 200 } });
    expect(typeof record.responseTime).toBe('number');
    expect(record.req.headers).toBeUndefined();
    expect(JSON.stringify(logs.lines.slice(from))).not.toContain(u.store.token!);
  });

  it('gives a request without a usable id a fresh UUID, the same in the header and the log', async () => {
    const from = logs.lines.length;
    const r = await rawRequest(server.url, '/api/public/config', { headers: { 'x-request-id': 'not a token; has spaces' } });
    const id = r.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(completed(logs, from).map((e) => e.req.id)).toEqual([id]);
  });

  it('logs a 4xx the same way, and no record for /healthz, /readyz or /metrics', async () => {
    const from = logs.lines.length;
    for (const path of ['/healthz', '/readyz', '/metrics']) await rawRequest(server.url, path);
    expect((await rawRequest(server.url, '/api/no/such/route')).status).toBe(404);
    expect(completed(logs, from).map((e) => [e.req.url, e.res.statusCode])).toEqual([['/api/no/such/route', 404]]);
  });
});

describe.each(dialects)('request log at debug on %s', (dialect) => {
  let server: TestServer;
  let logs: LogCapture;
  beforeAll(async () => {
    logs = captureLogs('debug');
    server = await startTestServer(dialect, { logger: logs.logger });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('logs the whole request, its credentials redacted', async () => {
    const from = logs.lines.length;
    await rawRequest(server.url, '/api/public/config?state=s3cr3t', { headers: { authorization: 'Bearer abc.def.ghi', referer: 'https://x.test/cb?code=c0d3&ok=1' } });
    const [record] = completed(logs, from);
    expect(record.req).toMatchObject({ method: 'GET', url: '/api/public/config?state=[redacted]', query: { state: '[redacted]' } });
    expect(record.req.headers).toMatchObject({ authorization: '[redacted]', referer: 'https://x.test/cb?code=[redacted]&ok=1' });
    expect(logs.lines.slice(from).join('\n')).not.toMatch(/s3cr3t|c0d3|abc\.def\.ghi/);
  });
});

describe('request log of a 5xx (SQLite)', () => {
  let server: TestServer;
  let logs: LogCapture;
  beforeAll(async () => {
    logs = captureLogs('info');
    server = await startTestServer('sqlite', { logger: logs.logger });
  });
  afterAll(async () => {
    await server?.close();
  });

  // PRAGMA query_only makes SQLite refuse the write, as a read-only disk does (lifecycle-storage.test.ts).
  it('logs the whole redacted request with the answer, and the error with the request it came from', async () => {
    const db = server.running.ctx.db;
    const from = logs.lines.length;
    await sql`pragma query_only = 1`.execute(db);
    try {
      const r = await rawRequest(server.url, '/api/feedback/submit?token=t0k3n', {
        body: JSON.stringify({ rating: true, comment: 'Nice', page_url: 'https://x.test/', user_agent: 'u' }),
        headers: { 'x-request-id': 'trace-503', 'user-agent': 'log-test' },
      });
      expect(r.status).toBe(503);
    } finally {
      await sql`pragma query_only = 0`.execute(db);
    }
    const written = logs.entries().slice(from);
    const error = written.find((e) => e.msg === 'storage failure');
    expect(error).toMatchObject({ level: 50, req: { id: 'trace-503', method: 'POST', url: '/api/feedback/submit?token=[redacted]' } });
    expect(error?.err).toBeDefined();
    const [record] = completed(logs, from);
    expect(record).toMatchObject({ req: { id: 'trace-503', url: '/api/feedback/submit?token=[redacted]', headers: { 'user-agent': 'log-test' } }, res: { statusCode: 503 } });
    expect(logs.lines.slice(from).join('\n')).not.toContain('t0k3n');
  });
});
