import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomBytes } from 'node:crypto';
import { ConnectedBrowsersResponse, ExtensionTokenResponse, MessageResponse, ApiError, createApiClient } from '@app/shared';
import { dialects } from './support/dialects.js';
import { startTestServer, signUp, rawRequest, MemoryTokenStore, TestClock, type TestServer } from './support/test-server.js';

const nonce = () => randomBytes(24).toString('base64url');

describe.each(dialects)('extension tokens on %s', (dialect) => {
  let server: TestServer;
  const clock = new TestClock();
  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The extension's own client: the token it received, in its own store. */
  function extensionClient(token: string) {
    const store = new MemoryTokenStore();
    store.token = token;
    let unauthorized = 0;
    const api = createApiClient({ baseUrl: server.url, fetch, tokenStore: store, onUnauthorized: () => void unauthorized++ });
    return { api, store, unauthorizedCalls: () => unauthorized };
  }

  const rows = () => server.running.ctx.db.selectFrom('extension_tokens').selectAll().execute();

  it('connects a browser: an opaque token stored only as a hash, listed with its last use', async () => {
    const web = await signUp(server);
    const issued = ExtensionTokenResponse.parse(await web.api.extension.createToken({ nonce: nonce(), browser_name: '  Chrome on Linux ' }));
    expect(issued.token).toMatch(/^tpx_[A-Za-z0-9_-]{43}$/);
    expect(issued).toMatchObject({ browser_name: 'Chrome on Linux', last_used_at: null, created_at: clock.now().toISOString() });
    expect(JSON.stringify(await rows())).not.toContain(issued.token.slice(4));

    const ext = extensionClient(issued.token);
    const profile = await ext.api.settings.profile();
    expect(profile.email).toBe(web.email);
    let list = ConnectedBrowsersResponse.parse(await web.api.extension.connectedBrowsers());
    expect(list.browsers).toEqual([{ id: issued.id, browser_name: 'Chrome on Linux', created_at: issued.created_at, last_used_at: clock.now().toISOString() }]);

    // last_used_at moves at most once a minute.
    const firstUse = clock.now().toISOString();
    clock.advance(30_000);
    await ext.api.settings.profile();
    list = await web.api.extension.connectedBrowsers();
    expect(list.browsers[0].last_used_at).toBe(firstUse);
    clock.advance(31_000);
    await ext.api.settings.profile();
    list = await web.api.extension.connectedBrowsers();
    expect(list.browsers[0].last_used_at).toBe(clock.now().toISOString());
  });

  it('a nonce issues one token only', async () => {
    const web = await signUp(server);
    const n = nonce();
    await web.api.extension.createToken({ nonce: n, browser_name: 'Chrome' });
    const before = (await rows()).length;
    const again = await web.api.extension.createToken({ nonce: n, browser_name: 'Chrome' }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ApiError);
    expect((again as ApiError).status).toBe(409);
    expect((await rows()).length).toBe(before);
  });

  it('refuses bad input with 400 and no token without a session', async () => {
    const web = await signUp(server);
    const token = web.store.token!;
    const before = (await rows()).length;
    const cases: Array<[unknown, RegExp]> = [
      [{}, /nonce/],
      [{ nonce: 'short', browser_name: 'Chrome' }, /nonce/],
      [{ nonce: 'has spaces and is long enough!!', browser_name: 'Chrome' }, /nonce/],
      [{ nonce: nonce() }, /browser_name/],
      [{ nonce: nonce(), browser_name: '   ' }, /browser_name/],
      [{ nonce: nonce(), browser_name: 'x'.repeat(101) }, /browser_name/],
      [{ nonce: nonce(), browser_name: 'Chrome', token: 'chosen-by-client' }, /token|unrecognized/i],
      [{ nonce: 1234567890123456, browser_name: 'Chrome' }, /nonce/],
    ];
    for (const [b, re] of cases) {
      const r = await rawRequest(server.url, '/api/extension/tokens', { body: JSON.stringify(b), token });
      expect(r.status, JSON.stringify(b)).toBe(400);
      expect(r.body.detail).toMatch(re);
    }
    const broken = await rawRequest(server.url, '/api/extension/tokens', { body: '{"nonce":', token });
    expect(broken.status).toBe(400);
    expect((await rawRequest(server.url, '/api/extension/tokens', { body: JSON.stringify({ nonce: nonce(), browser_name: 'C' }) })).status).toBe(401);
    expect((await rawRequest(server.url, '/api/extension/tokens')).status).toBe(401);
    expect((await rows()).length).toBe(before);
  });

  it('an extension token cannot manage tokens or change the account', async () => {
    const web = await signUp(server);
    const { token, id } = await web.api.extension.createToken({ nonce: nonce(), browser_name: 'Chrome' });
    const forbidden: Array<[string, string, unknown?]> = [
      ['POST', '/api/extension/tokens', { nonce: nonce(), browser_name: 'Other' }],
      ['GET', '/api/extension/tokens'],
      ['DELETE', `/api/extension/tokens/${id}`],
      ['PUT', '/api/settings/profile', { full_name: 'Mallory' }],
      ['POST', '/api/auth/sign-out-everywhere', {}],
    ];
    for (const [method, path, b] of forbidden) {
      const r = await rawRequest(server.url, path, { method, token, body: b === undefined ? undefined : JSON.stringify(b) });
      expect(r.status, `${method} ${path}`).toBe(403);
    }
    expect((await web.api.extension.connectedBrowsers()).browsers.map((b) => b.id)).toEqual([id]);
    expect((await web.api.settings.profile()).full_name).toBe('Test User');
  });

  it('revoke: owner only; then the extension gets 401 and its client drops the token', async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const issued = await owner.api.extension.createToken({ nonce: nonce(), browser_name: 'Firefox on Mac' });
    const ext = extensionClient(issued.token);
    await ext.api.settings.profile();

    const notTheirs = await other.api.extension.revoke(issued.id).catch((e: unknown) => e);
    expect((notTheirs as ApiError).status).toBe(404);
    expect((await rawRequest(server.url, `/api/extension/tokens/${'x'.repeat(100)}`, { method: 'DELETE', token: owner.store.token! })).status).toBe(404);
    await ext.api.settings.profile();

    expect(MessageResponse.parse(await owner.api.extension.revoke(issued.id)).message).toBeTruthy();
    expect((await owner.api.extension.connectedBrowsers()).browsers).toEqual([]);
    const after = await ext.api.settings.profile().catch((e: unknown) => e);
    expect((after as ApiError).status).toBe(401);
    expect(ext.store.token).toBeNull();
    expect(ext.unauthorizedCalls()).toBe(1);
    expect(((await owner.api.extension.revoke(issued.id).catch((e: unknown) => e)) as ApiError).status).toBe(404);
  });

  it('sign-out from the extension revokes its own token only', async () => {
    const web = await signUp(server);
    const a = await web.api.extension.createToken({ nonce: nonce(), browser_name: 'Chrome' });
    const b = await web.api.extension.createToken({ nonce: nonce(), browser_name: 'Edge' });
    const ext = extensionClient(a.token);
    expect((await ext.api.extension.signOut()).message).toBeTruthy();
    expect(ext.store.token).toBeNull();
    expect((await rawRequest(server.url, '/api/settings/profile', { token: a.token })).status).toBe(401);
    expect((await rawRequest(server.url, '/api/settings/profile', { token: b.token })).status).toBe(200);
    expect((await web.api.extension.connectedBrowsers()).browsers.map((x) => x.id)).toEqual([b.id]);
    // A web session has nothing to sign out here.
    expect((await rawRequest(server.url, '/api/extension/sign-out', { body: '{}', token: web.store.token! })).status).toBe(400);
  });

  it('unknown or malformed extension tokens are 401; sign out everywhere ends extension tokens too', async () => {
    const fake = `tpx_${randomBytes(32).toString('base64url')}`;
    expect((await rawRequest(server.url, '/api/settings/profile', { token: fake })).status).toBe(401);
    expect((await rawRequest(server.url, '/api/settings/profile', { token: 'tpx_short' })).status).toBe(401);

    const web = await signUp(server);
    const { token } = await web.api.extension.createToken({ nonce: nonce(), browser_name: 'Chrome' });
    expect((await rawRequest(server.url, '/api/settings/profile', { token })).status).toBe(200);
    clock.advance(1000);
    await web.api.auth.signOutEverywhere();
    expect((await rawRequest(server.url, '/api/settings/profile', { token })).status).toBe(401);
  });
});
