import { describe, it, expect, afterEach } from 'vitest';
import { dialects } from './support/dialects.js';
import { startTestServer, signUp, uniqueEmail, rawRequest, type TestServer } from './support/test-server.js';

describe.each(dialects)('sign-in attempt limits on %s (counted in the database)', (dialect) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('an account gets 429 with Retry-After after AUTH_RATE_LIMIT_PER_ACCOUNT wrong passwords from browsers new to it, even with the right password', async () => {
    server = await startTestServer(dialect, { env: { AUTH_RATE_LIMIT_PER_ACCOUNT: '3' } });
    const u = await signUp(server);
    for (let i = 0; i < 3; i++) {
      const r = await rawRequest(server.url, '/api/auth/login', { body: JSON.stringify({ email: u.email, password: 'Wrong-pass1!' }) });
      expect(r.status).toBe(401);
    }
    const blocked = await rawRequest(server.url, '/api/auth/login', { body: JSON.stringify({ email: u.email, password: 'Sup3r-secret!' }) });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.detail).toMatch(/Too many attempts for this account/);
    // Another account from the same address is not affected.
    const other = await signUp(server);
    expect((await rawRequest(server.url, '/api/auth/login', { body: JSON.stringify({ email: other.email, password: 'Sup3r-secret!' }) })).status).toBe(200);
  });

  it('an address gets 429 after AUTH_RATE_LIMIT_PER_IP attempts across accounts', async () => {
    server = await startTestServer(dialect, { env: { AUTH_RATE_LIMIT_PER_IP: '4' } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await rawRequest(server.url, '/api/auth/verify-email', { body: JSON.stringify({ email: uniqueEmail('ip'), verification_code: 'ABC123' }) });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const rows = await server.running.ctx.db.selectFrom('rate_limit_hits').selectAll().where('bucket', 'like', 'verify:ip:%').execute();
    expect(rows.map((r) => Number(r.hits))).toEqual([5]);
  });
});
