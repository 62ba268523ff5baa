import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { AuthResponse } from '@app/shared';
import { dialects } from './support/dialects.js';
import { startFakeGoogle, type FakeGoogle } from './support/google.js';
import { startTestServer, signUp, uniqueEmail, rawRequest, TestClock, GOOD_PASSWORD, type TestServer } from './support/test-server.js';

describe.each(dialects)('Google sign-in on %s', (dialect) => {
  let google: FakeGoogle;
  let server: TestServer;
  beforeAll(async () => {
    google = await startFakeGoogle();
    server = await startTestServer(dialect, { env: { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl } });
  });
  afterAll(async () => {
    await server?.close();
    await google?.close();
  });

  const post = (idToken: string) => rawRequest(server.url, '/api/auth/google', { body: JSON.stringify({ id_token: idToken }) });
  const userCount = async () => Number((await server.running.ctx.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('a valid id_token creates a verified account keyed on sub, then signs the same account in', async () => {
    const email = uniqueEmail('g');
    const token = await google.sign({ sub: 'google-sub-1', email, name: 'Gia Google' });
    const first = await post(token);
    expect(first.status).toBe(200);
    const body = AuthResponse.parse(first.body);
    expect(body).toMatchObject({ requires_verification: false, is_new_user: true });
    expect(body.user).toMatchObject({ email, full_name: 'Gia Google', email_verified: true, is_onboarded: false, has_google: true, has_password: false });
    const profile = await rawRequest(server.url, '/api/settings/profile', { token: body.access_token! });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ timezone: 'UTC', email_delivery: false });

    // Same Google account with another email later: still the same user (keyed on sub).
    const again = AuthResponse.parse((await post(await google.sign({ sub: 'google-sub-1', email: uniqueEmail('renamed') }))).body);
    expect(again.is_new_user).toBe(false);
    expect(again.user?.id).toBe(body.user?.id);
  });

  it('a Google sign-up keeps the browser zone it was sent; a later sign-in does not change it', async () => {
    const email = uniqueEmail('gtz');
    const first = await rawRequest(server.url, '/api/auth/google', { body: JSON.stringify({ id_token: await google.sign({ sub: 'google-sub-tz', email }), timezone: 'Asia/Tokyo' }) });
    expect(AuthResponse.parse(first.body).user).toMatchObject({ timezone: 'Asia/Tokyo', email_delivery: false });
    const again = await rawRequest(server.url, '/api/auth/google', { body: JSON.stringify({ id_token: await google.sign({ sub: 'google-sub-tz', email }), timezone: 'Europe/Berlin' }) });
    expect(AuthResponse.parse(again.body).user).toMatchObject({ timezone: 'Asia/Tokyo' });
    const bad = await rawRequest(server.url, '/api/auth/google', { body: JSON.stringify({ id_token: await google.sign({ sub: 'google-sub-tz2', email: uniqueEmail() }), timezone: 'Mars/Olympus' }) });
    expect(bad.status).toBe(400);
  });

  it('refuses a wrong audience, a wrong issuer, an expired token and a bad signature, creating nothing', async () => {
    const before = await userCount();
    const email = uniqueEmail('bad');
    const cases = [
      await google.sign({ sub: 's-aud', email, aud: 'someone-else.apps.googleusercontent.com' }),
      await google.sign({ sub: 's-iss', email, iss: 'https://evil.example' }),
      await google.sign({ sub: 's-exp', email }, { expiresInSeconds: -60 }),
      await google.sign({ sub: 's-sig', email }, { key: 'rogue' }),
    ];
    for (const token of cases) {
      const r = await post(token);
      expect(r.status).toBe(401);
      expect(r.body.detail).toMatch(/^Google sign-in failed/);
    }
    const flipped = cases[0].slice(0, -3) + (cases[0].endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await post(flipped)).status).toBe(401);
    expect(await userCount()).toBe(before);
  });

  it('links to an existing email account only when Google says the email is verified', async () => {
    const existing = await signUp(server);
    const unverified = await post(await google.sign({ sub: 'google-sub-unverified', email: existing.email, email_verified: false }));
    expect(unverified.status).toBe(401);
    expect(unverified.body.detail).toMatch(/not verified/);
    const row = await server.running.ctx.db.selectFrom('users').select('google_sub').where('email', '=', existing.email).executeTakeFirstOrThrow();
    expect(row.google_sub).toBeNull();

    const linked = AuthResponse.parse((await post(await google.sign({ sub: 'google-sub-linked', email: existing.email.toUpperCase() }))).body);
    expect(linked.user).toMatchObject({ id: existing.store.user!.id, has_google: true, has_password: true });
    // The password still works too.
    expect((await server.client().api.auth.login({ email: existing.email, password: GOOD_PASSWORD })).access_token).toBeTruthy();
  });

  it('answers a clear 400 when Google sign-in is not configured', async () => {
    const plain = await startTestServer(dialect, { shareDatabaseWith: server, env: { GOOGLE_CLIENT_ID: '' } });
    try {
      const r = await rawRequest(plain.url, '/api/auth/google', { body: JSON.stringify({ id_token: await google.sign({ sub: 'x', email: uniqueEmail() }) }) });
      expect(r.status).toBe(400);
      expect(r.body.detail).toBe('Google sign-in is not enabled on this server.');
    } finally {
      await plain.close();
    }
  });
});

describe.each(dialects)('verification code expiry on %s', (dialect) => {
  it('a code older than 15 minutes is refused; a resend after the cooldown gives a working one', async () => {
    const clock = new TestClock(new Date('2026-03-02T10:00:00Z'));
    const server = await startTestServer(dialect, { clock });
    try {
      const email = uniqueEmail('expiry');
      const c = server.client();
      await c.api.auth.register({ email, password: GOOD_PASSWORD });
      const code = await server.mailbox.codeFor(email);
      clock.advance(15 * 60_000 + 1000);
      await expect(c.api.auth.verifyEmail({ email, verification_code: code })).rejects.toMatchObject({ status: 400, detail: expect.stringMatching(/expired/) });
      const sent = server.mailbox.messages.length;
      await c.api.auth.resendVerification({ email });
      const fresh = await server.mailbox.codeFor(email, sent);
      const ok = await c.api.auth.verifyEmail({ email, verification_code: fresh });
      expect(ok.access_token).toBeTruthy();
    } finally {
      await server.close();
    }
  });
});
