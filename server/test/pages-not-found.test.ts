// A path the web app has no page for is answered with the app's page (which shows "Page not
// found") and 404, not 200; the app's pages keep 200 (docs/screens.md, "Pages and access").
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dialects } from './support/dialects.js';
import { startTestServer, rawRequest, type TestServer } from './support/test-server.js';

describe.each(dialects)('unknown pages on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { webDist: 'one-page' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(['/no-such-page', '/login/extra', '/assetsx', '/app-settings'])('%s answers 404 with the app page', async (path) => {
    const r = await rawRequest(server.url, path);
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    expect(r.body).toContain('<div id="root"></div>');
  });

  it.each(['/', '/login', '/Login/', '/about', '/household/accept', '/dashboard', '/app', '/app/settings', '/app/anything'])('%s answers 200', async (path) => {
    const r = await rawRequest(server.url, path);
    expect(r.status).toBe(200);
    expect(r.body).toContain('<div id="root"></div>');
  });
});
