// Malformed URLs (a percent sign not followed by two hex digits) are the client's mistake: the
// API answers 400 JSON {detail}, the web app its own page with 400, and the log holds the request
// line only, never an error with a stack.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { dialects } from './support/dialects.js';
import { startTestServer, signUp, rawRequest, type TestServer } from './support/test-server.js';
import { captureLogs, type LogCapture } from './support/log-capture.js';

const INDEX_HTML = '<!doctype html><html><body><div id="root" data-test="tp-web-index"></div></body></html>';

describe.each(dialects)('malformed URLs on %s', (dialect) => {
  let server: TestServer;
  let logs: LogCapture;
  let webDist: string;
  let token: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'tp-web-'));
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    logs = captureLogs();
    server = await startTestServer(dialect, { webDist, logger: logs.logger });
    token = (await signUp(server)).store.token!;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const apiCases: Array<[string, string, boolean]> = [
    ['GET', '/api/catalog/titles/%zz', false],
    ['GET', '/api/catalog/titles/%E0%A4%A/poster.svg', false],
    ['GET', '/api/catalog/titles/%zz/poster.svg', false],
    ['GET', '/api/catalog/platforms/%zz/logo.svg', false],
    ['DELETE', '/api/extension/tokens/%zz', true],
  ];

  it.each(apiCases)('%s %s (signed in: %s) answers 400 JSON with a detail and logs no stack', async (method, path, signedIn) => {
    const from = logs.lines.length;
    const r = await rawRequest(server.url, path, { method, token: signedIn ? token : undefined });
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.body).toMatchObject({ detail: expect.stringMatching(/malformed/i), code: 'malformed_url' });
    const written = logs.entries().slice(from);
    expect(written.some((e) => e.req?.url === path && e.res?.statusCode === 400)).toBe(true);
    expect(written.filter((e) => e.level >= 50 || e.err)).toEqual([]);
    expect(JSON.stringify(written)).not.toMatch(/URIError|"stack"/);
  });

  it('an anonymous DELETE of a malformed token id is still 401 first, without a stack', async () => {
    const from = logs.lines.length;
    const r = await rawRequest(server.url, '/api/extension/tokens/%zz', { method: 'DELETE' });
    expect(r.status).toBe(401);
    expect(typeof r.body.detail).toBe('string');
    const written = logs.entries().slice(from);
    expect(written.filter((e) => e.level >= 50 || e.err)).toEqual([]);
    expect(JSON.stringify(written)).not.toMatch(/URIError|"stack"/);
  });

  it('an id holding a NUL (which PostgreSQL refuses in text) is not found, never a 500', async () => {
    for (const [method, path, status] of [
      ['GET', '/api/imports/%00', 404],
      ['DELETE', '/api/imports/a%00b', 404],
      ['PATCH', '/api/recommendations/history/%00', 404],
      ['DELETE', '/api/recommendations/history/%00', 404],
      ['DELETE', '/api/watchlist/%00', 200],
    ] as const) {
      const r = await rawRequest(server.url, path, { method, token, body: method === 'PATCH' ? JSON.stringify({ rating: true }) : undefined });
      expect(r.status, `${method} ${path}`).toBe(status);
      expect(typeof (r.body.detail ?? r.body.message), path).toBe('string');
    }
  });

  it('the web app answers a malformed path with its own page and 400, without a stack', async () => {
    const from = logs.lines.length;
    for (const path of ['/%zz', '/app/%zz', '/unsubscribe/%E0%A4%A']) {
      const r = await rawRequest(server.url, path);
      expect(r.status, path).toBe(400);
      expect(r.headers.get('content-type')).toMatch(/^text\/html/);
      expect(r.body).toBe(INDEX_HTML);
    }
    const written = logs.entries().slice(from);
    expect(written.filter((e) => e.level >= 50 || e.err)).toEqual([]);
    expect(JSON.stringify(written)).not.toMatch(/URIError|"stack"/);
    // Well-formed paths still get the app with 200.
    expect((await rawRequest(server.url, '/app/settings')).status).toBe(200);
  });

  it('requests Node refuses before the app (over-long headers, a malformed request line) get JSON with a detail too', async () => {
    const { port } = new URL(server.url);
    const ask = (raw: string) =>
      new Promise<string>((ok, fail) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.end(raw));
        let text = '';
        socket.setEncoding('utf8').on('data', (d) => (text += d)).on('end', () => ok(text)).on('error', fail);
      });
    const huge = await ask(`GET /api/catalog/titles?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
    expect(huge).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(huge.slice(huge.indexOf('\r\n\r\n') + 4))).toEqual({ detail: expect.any(String) });
    const garbage = await ask('NOT A REQUEST\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(garbage.slice(garbage.indexOf('\r\n\r\n') + 4)).detail).toMatch(/malformed/);
    // The server still answers afterwards.
    expect((await rawRequest(server.url, '/healthz')).status).toBe(200);
  });
});
