// Access tokens (signature, audience, expiry, sign-out everywhere) and the shared client's rules
// for 401 and 402, against the real server.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { PlanLimitError, ApiError } from '@app/shared';
import { dialects } from './support/dialects.js';
import { signJwt } from './support/jwt.js';
import { startTestServer, signUp, uniqueEmail, rawRequest, GOOD_PASSWORD, type TestServer } from './support/test-server.js';

describe.each(dialects)('access tokens on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });

  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const status = async (token: string) => (await rawRequest(server.url, '/api/settings/profile', { token })).status;

  it('accepts a valid token and refuses alg none, a flipped signature byte, garbage and no token', async () => {
    const u = await signUp(server);
    const token = u.store.token!;
    expect(await status(token)).toBe(200);
    const [h, p, s] = token.split('.');
    expect(await status(`${b64({ alg: 'none', typ: 'JWT' })}.${p}.`)).toBe(401);
    const flipped = s.slice(0, 5) + (s[5] === 'A' ? 'B' : 'A') + s.slice(6);
    expect(await status(`${h}.${p}.${flipped}`)).toBe(401);
    expect(await status('not-a-token')).toBe(401);
    const none = await rawRequest(server.url, '/api/settings/profile');
    expect(none.status).toBe(401);
    expect(none.body.detail).toMatch(/sign in/i);
  });

  it('refuses a token for another audience, an expired one and one signed with another key', async () => {
    const u = await signUp(server);
    const secret = server.running.ctx.secrets.jwt;
    const sub = u.store.user!.id;
    const { verifyAccessToken } = await import('../src/features/auth/tokens.js');
    const base = { ims: Date.now(), sid: (await verifyAccessToken(secret, u.store.token!, new Date()))!.sessionId };
    expect(await status(await signJwt(base, secret, { subject: sub, issuer: 'tonights-pick', audience: 'tonights-pick-api', expiresIn: 60 }))).toBe(200);
    expect(await status(await signJwt(base, secret, { subject: sub, issuer: 'tonights-pick', audience: 'someone-else', expiresIn: 60 }))).toBe(401);
    expect(await status(await signJwt({ ...base, exp: Math.floor(Date.now() / 1000) - 10 }, secret, { subject: sub, issuer: 'tonights-pick', audience: 'tonights-pick-api' }))).toBe(401);
    expect(await status(await signJwt(base, 'x'.repeat(48), { subject: sub, issuer: 'tonights-pick', audience: 'tonights-pick-api', expiresIn: 60 }))).toBe(401);
    expect(await status(await signJwt(base, secret, { subject: sub, issuer: 'tonights-pick', audience: 'tonights-pick-api', expiresIn: 60, algorithm: 'HS512' }))).toBe(401);
    // A token with no session, or naming a session that does not exist or is another user's, opens nothing.
    expect(await status(await signJwt({ ims: base.ims }, secret, { subject: sub, issuer: 'tonights-pick', audience: 'tonights-pick-api', expiresIn: 60 }))).toBe(401);
    expect(await status(await signJwt({ ...base, sid: 'no-such-session' }, secret, { subject: sub, issuer: 'tonights-pick', audience: 'tonights-pick-api', expiresIn: 60 }))).toBe(401);
    const other = await signUp(server);
    expect(await status(await signJwt(base, secret, { subject: other.store.user!.id, issuer: 'tonights-pick', audience: 'tonights-pick-api', expiresIn: 60 }))).toBe(401);
  });

  it('sign out everywhere revokes earlier tokens (tokens_valid_after); a new login works', async () => {
    const u = await signUp(server);
    const old = u.store.token!;
    await u.api.auth.signOutEverywhere();
    expect(await status(old)).toBe(401);
    const fresh = server.client();
    await fresh.api.auth.login({ email: u.email, password: GOOD_PASSWORD });
    expect(await status(fresh.store.token!)).toBe(200);
  });
});

describe('shared client rules', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a 401 clears the token store and calls onUnauthorized', async () => {
    const u = await signUp(server);
    u.store.token = `${u.store.token}x`;
    await expect(u.api.settings.profile()).rejects.toBeInstanceOf(ApiError);
    expect(u.store.token).toBeNull();
    expect(u.store.user).toBeNull();
    expect(u.unauthorizedCalls).toBe(1);
  });

  it('a failed login does not count as a lost session', async () => {
    const c = server.client();
    await expect(c.api.auth.login({ email: uniqueEmail(), password: 'Wrong-pass1!' })).rejects.toMatchObject({ status: 401, detail: 'Incorrect email or password' });
    expect(c.unauthorizedCalls).toBe(0);
  });

  it('a 402 becomes a typed PlanLimitError carrying detail, expired and limit_reached', async () => {
    const { createApiClient } = await import('@app/shared');
    const fake: typeof fetch = async () =>
      new Response(JSON.stringify({ detail: 'Subscription limit reached', expired: false, limit_reached: true }), { status: 402, headers: { 'content-type': 'application/json' } });
    const store = { token: 't', getToken: () => 't', setSession: () => {}, clear: () => {} };
    const api = createApiClient({ baseUrl: server.url, fetch: fake, tokenStore: store });
    const err = await api.recommendations.next({}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlanLimitError);
    expect(err).toMatchObject({ status: 402, detail: 'Subscription limit reached', expired: false, limit_reached: true });
  });
});
