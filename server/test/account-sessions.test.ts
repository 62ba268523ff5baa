// Signed-in devices (docs/security.md, "Sessions"): every web session and connected browser is
// listed with its device and last use, the current one marked; each can be revoked on its own.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { AccountSessionsResponse, AuthResponse } from '@app/shared';
import { dialects } from './support/dialects.js';
import { startTestServer, signUp, rawRequest, GOOD_PASSWORD, TestClock, type TestServer } from './support/test-server.js';
import { connectExtension } from './support/credentials.js';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each(dialects)('signed-in devices on %s', (dialect) => {
  let server: TestServer;
  const clock = new TestClock();
  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function loginFrom(email: string, userAgent: string): Promise<string> {
    const r = await rawRequest(server.url, '/api/auth/login', { body: JSON.stringify({ email, password: GOOD_PASSWORD }), headers: { 'user-agent': userAgent } });
    expect(r.status).toBe(200);
    return AuthResponse.parse(r.body).access_token!;
  }
  const list = async (token: string) => {
    const r = await rawRequest(server.url, '/api/account/sessions', { token });
    expect(r.status).toBe(200);
    return AccountSessionsResponse.parse(r.body).sessions;
  };
  const status = async (token: string) => (await rawRequest(server.url, '/api/settings/profile', { token })).status;
  const revoke = (token: string, id: string) => rawRequest(server.url, `/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', token });

  it('lists web sessions and connected browsers with device and last use, the current one first and marked', async () => {
    clock.advance(120_000);
    const u = await signUp(server);
    clock.advance(1000);
    const laptop = await loginFrom(u.email, FIREFOX);
    clock.advance(1000);
    const phone = await loginFrom(u.email, IPHONE);
    const phoneAt = clock.now().toISOString();
    clock.advance(1000);
    await connectExtension(u, 'Chrome on Windows');
    const sessions = await list(laptop);
    expect(sessions.map((s) => [s.kind, s.label, s.current])).toEqual([
      ['web', 'Firefox on Linux', true],
      ['extension', 'Chrome on Windows', false],
      ['web', 'Safari on iPhone', false],
      ['web', 'Unknown device', false],
    ]);
    const phoneRow = sessions.find((s) => s.label === 'Safari on iPhone')!;
    expect(phoneRow.created_at).toBe(phoneAt);
    expect(phoneRow.last_used_at).toBe(phoneAt);
    expect((await list(phone)).find((s) => s.current)?.label).toBe('Safari on iPhone');
  });

  it('revokes one web session or one connected browser; the others keep working', async () => {
    clock.advance(120_000);
    const u = await signUp(server);
    const laptop = await loginFrom(u.email, FIREFOX);
    const phone = await loginFrom(u.email, IPHONE);
    const extension = await connectExtension(u);
    const sessions = await list(laptop);
    const phoneId = sessions.find((s) => s.label === 'Safari on iPhone')!.id;
    const extId = sessions.find((s) => s.kind === 'extension')!.id;
    const r = await revoke(laptop, phoneId);
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Signed out on that device');
    expect(await status(phone)).toBe(401);
    expect((await revoke(laptop, extId)).status).toBe(200);
    expect(await status(extension)).toBe(401);
    expect(await status(laptop)).toBe(200);
    expect(await status(u.store.token!)).toBe(200);
    expect((await list(laptop)).map((s) => s.label).sort()).toEqual(['Firefox on Linux', 'Unknown device']);
    // Unknown ids, already revoked ones and another account's sessions name nothing.
    const other = await signUp(server);
    const otherId = (await list(other.store.token!))[0].id;
    for (const id of [phoneId, extId, otherId, 'nope', 'x'.repeat(65)]) {
      const refused = await revoke(laptop, id);
      expect(refused.status).toBe(404);
      expect(refused.body.detail).toBe('No such session');
    }
    expect(await status(other.store.token!)).toBe(200);
    // An extension cannot list or revoke sessions.
    const ext2 = await connectExtension(u);
    expect((await rawRequest(server.url, '/api/account/sessions', { token: ext2 })).status).toBe(403);
    // Revoking the current session signs this device out.
    const own = await revoke(laptop, (await list(laptop)).find((s) => s.current)!.id);
    expect(own.body.message).toBe('Signed out on this device');
    expect(await status(laptop)).toBe(401);
  });

  it("sign-out ends this session on the server: its token opens nothing, it leaves Devices, the account's other devices stay", async () => {
    clock.advance(120_000);
    const u = await signUp(server);
    const laptop = await loginFrom(u.email, FIREFOX);
    const extension = await connectExtension(u, 'Chrome on Windows');
    const token = u.store.token!;
    const labels = async () => (await list(laptop)).map((s) => s.label).sort();
    expect(await labels()).toEqual(['Chrome on Windows', 'Firefox on Linux', 'Unknown device']);

    // What the web app's Sign out does: the shared client calls the server and forgets the token.
    await u.api.sessions.signOut();
    expect(u.store.token).toBeNull();
    expect(await status(token)).toBe(401);
    expect(await labels()).toEqual(['Chrome on Windows', 'Firefox on Linux']);
    expect(await status(laptop)).toBe(200);
    expect(await status(extension)).toBe(200);
    // The 401 of a token already signed out is no news to the client that just forgot it.
    expect(u.unauthorizedCalls).toBe(0);
    const again = await rawRequest(server.url, '/api/auth/sign-out', { body: '{}', token });
    expect(again.status).toBe(401);
    // The extension signs out through its own route; this one is the web app's.
    expect((await rawRequest(server.url, '/api/auth/sign-out', { body: '{}', token: extension })).status).toBe(403);
    expect((await rawRequest(server.url, '/api/auth/sign-out', { body: '{}', token: laptop })).body.message).toBe('Signed out');
    expect(await status(laptop)).toBe(401);
  });

  it('sign out everywhere ends every session and connected browser', async () => {
    clock.advance(120_000);
    const u = await signUp(server);
    const laptop = await loginFrom(u.email, FIREFOX);
    const extension = await connectExtension(u);
    expect((await rawRequest(server.url, '/api/auth/sign-out-everywhere', { method: 'POST', token: laptop, body: '{}' })).status).toBe(200);
    for (const t of [laptop, u.store.token!, extension]) expect(await status(t)).toBe(401);
    clock.advance(1000);
    const again = await loginFrom(u.email, IPHONE);
    expect((await list(again)).map((s) => s.label)).toEqual(['Safari on iPhone']);
  });

  it('records last use at most once a minute', async () => {
    clock.advance(120_000);
    const u = await signUp(server);
    const token = u.store.token!;
    const started = clock.now().toISOString();
    const lastUse = async () => (await server.running.ctx.db.selectFrom('sessions').select('last_used_at').where('user_id', '=', u.store.user!.id).executeTakeFirstOrThrow()).last_used_at;
    clock.advance(30_000);
    await status(token);
    expect(await lastUse()).toBe(started);
    clock.advance(31_000);
    await status(token);
    const touched = clock.now().toISOString();
    expect(await lastUse()).toBe(touched);
    clock.advance(10_000);
    await status(token);
    expect(await lastUse()).toBe(touched);
    expect((await list(token))[0].last_used_at).toBe(touched);
  });
});
