// Forgotten password (docs/security.md, "Password reset"): a code mailed to the address sets a new
// password and signs in on this device; everything signed in before is signed out; nobody learns
// from the answers whether an address has an account.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { AuthResponse, ForgotPasswordResponse, ErrorBody, PASSWORD_RESET } from '@app/shared';
import { dialects } from './support/dialects.js';
import { startTestServer, signUp, uniqueEmail, rawRequest, GOOD_PASSWORD, TestClock, type TestServer } from './support/test-server.js';
import { Browser } from './support/browser.js';
import { connectExtension, mailedCode, mailsTo } from './support/credentials.js';

const NEW_PASSWORD = 'N3w-password!';
const RESET = /password reset code/i;

describe.each(dialects)('password reset on %s', (dialect) => {
  let server: TestServer;
  const clock = new TestClock();
  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
  });
  afterAll(async () => {
    await server?.close();
  });

  const profileStatus = async (token: string) => (await rawRequest(server.url, '/api/settings/profile', { token })).status;
  const forgot = (email: string, b = new Browser(server.url)) => b.post('/api/auth/forgot-password', { email });
  const reset = (b: Browser, body: { email: string; code: string; new_password?: string }) => b.post('/api/auth/reset-password', body);

  it('a mailed code sets a new password and signs in here; every older session and connected browser is signed out', async () => {
    clock.advance(120_000);
    const u = await signUp(server);
    const elsewhere = server.client();
    await elsewhere.api.auth.login({ email: u.email, password: GOOD_PASSWORD });
    const extension = await connectExtension(u);
    expect(await profileStatus(extension)).toBe(200);

    const after = server.mailbox.messages.length;
    const device = server.client();
    const asked = ForgotPasswordResponse.parse(await device.api.credentials.forgotPassword({ email: u.email.toUpperCase() }));
    expect(asked.message).toBe(`If ${u.email} has an account, we sent a code to it. Enter it here with your new password; it expires in ${PASSWORD_RESET.codeTtlMinutes} minutes.`);
    const code = await mailedCode(server, u.email, RESET, after);
    const mail = mailsTo(server, u.email, after)[0];
    expect(mail.text).toContain('/forgot-password');
    expect(mail.text).toContain(`It expires in ${PASSWORD_RESET.codeTtlMinutes} minutes and works once.`);
    // At rest only a keyed hash.
    expect(JSON.stringify(await server.running.ctx.db.selectFrom('password_reset_codes').selectAll().execute())).not.toContain(code);

    const signedIn = AuthResponse.parse(await device.api.credentials.resetPassword({ email: u.email, code: code.toLowerCase(), new_password: NEW_PASSWORD }));
    expect(signedIn).toMatchObject({ requires_verification: false, user: { email: u.email, has_password: true }, message: 'Your password was changed and every other device was signed out.' });
    expect(await profileStatus(device.store.token!)).toBe(200);
    for (const old of [u.store.token!, elsewhere.store.token!, extension]) expect(await profileStatus(old)).toBe(401);

    const changed = await server.mailbox.waitFor((m) => m.to.includes(u.email) && /password was changed/i.test(m.subject));
    expect(changed.text).toContain('every other device was signed out');
    await expect(server.client().api.auth.login({ email: u.email, password: GOOD_PASSWORD })).rejects.toMatchObject({ status: 401 });
    const fresh = server.client();
    await fresh.api.auth.login({ email: u.email, password: NEW_PASSWORD });
    expect(await profileStatus(fresh.store.token!)).toBe(200);

    // Single use: the same code again is refused and changes nothing.
    const again = await device.api.credentials.resetPassword({ email: u.email, code, new_password: 'An0ther-pass!' }).catch((e: unknown) => e);
    expect(again).toMatchObject({ status: 400, message: 'No active reset code for this email in this browser. Please request a new one.' });
    expect(await profileStatus(fresh.store.token!)).toBe(200);
  });

  it('answers the same for an address with no account, and does the same work (a hashed code is stored for it too)', async () => {
    clock.advance(120_000);
    const u = await signUp(server);
    const nobody = uniqueEmail('nobody');
    const after = server.mailbox.messages.length;
    const b = new Browser(server.url);
    const known = await forgot(u.email, b);
    const unknown = await forgot(nobody, b);
    expect(unknown.status).toBe(known.status);
    expect(known.status).toBe(200);
    expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(known.body).sort());
    expect(unknown.body.message.replace(nobody, 'X')).toBe(known.body.message.replace(u.email, 'X'));
    expect(unknown.body.retry_after_seconds).toBe(known.body.retry_after_seconds);
    const rows = await server.running.ctx.db.selectFrom('password_reset_codes').selectAll().where('email', 'in', [u.email, nobody]).execute();
    expect(rows).toHaveLength(2);
    const [first, second] = rows;
    expect(first.code_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.code_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.expires_at).toBe(second.expires_at);
    // The cooldown holds for both alike.
    const knownAgain = await forgot(u.email, b);
    const unknownAgain = await forgot(nobody, b);
    expect(knownAgain.status).toBe(429);
    expect(unknownAgain.status).toBe(429);
    expect(unknownAgain.body).toEqual(knownAgain.body);
    expect(unknownAgain.headers['retry-after']).toBe(knownAgain.headers['retry-after']);
    // A guess for the address without an account is refused like a wrong code for one with it.
    const wrongKnown = await reset(b, { email: u.email, code: 'AAAAAA', new_password: NEW_PASSWORD });
    const wrongUnknown = await reset(b, { email: nobody, code: 'AAAAAA', new_password: NEW_PASSWORD });
    expect(wrongUnknown.status).toBe(400);
    expect(wrongUnknown.body).toEqual(wrongKnown.body);
    // Only the account's owner got mail.
    await mailedCode(server, u.email, RESET, after);
    expect(mailsTo(server, nobody, after)).toHaveLength(0);
  });

  it('a code expires after 30 minutes', async () => {
    clock.advance(120_000);
    const u = await signUp(server);
    const after = server.mailbox.messages.length;
    const b = new Browser(server.url);
    await forgot(u.email, b);
    const code = await mailedCode(server, u.email, RESET, after);
    clock.advance(PASSWORD_RESET.codeTtlMinutes * 60_000 + 1000);
    const r = await reset(b, { email: u.email, code, new_password: NEW_PASSWORD });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('This code has expired. Please request a new one.');
    expect(await profileStatus(u.store.token!)).toBe(200);
  });

  it('5 wrong codes spend the code: the right one is refused after them', async () => {
    clock.advance(120_000);
    const u = await signUp(server);
    const after = server.mailbox.messages.length;
    const b = new Browser(server.url);
    await forgot(u.email, b);
    const code = await mailedCode(server, u.email, RESET, after);
    const wrong = code === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ';
    const details: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await reset(b, { email: u.email, code: wrong, new_password: NEW_PASSWORD });
      expect(r.status).toBe(400);
      details.push(r.body.detail);
    }
    expect(details[0]).toBe('Invalid reset code. 4 attempts left.');
    expect(details[4]).toBe('Too many wrong attempts. Please request a new code.');
    const right = await reset(b, { email: u.email, code, new_password: NEW_PASSWORD });
    expect(right.status).toBe(400);
    expect(right.body.detail).toBe('Too many wrong attempts. Please request a new code.');
    expect(await profileStatus(u.store.token!)).toBe(200);
  });

  it('the new password must follow the password rules; a refused one does not spend the code', async () => {
    clock.advance(120_000);
    const u = await signUp(server);
    const after = server.mailbox.messages.length;
    const b = new Browser(server.url);
    await forgot(u.email, b);
    const code = await mailedCode(server, u.email, RESET, after);
    const weak = await reset(b, { email: u.email, code, new_password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.detail).toBe('Password must be at least 8 characters long');
    expect(weak.body.errors).toEqual([{ path: 'new_password', message: 'Password must be at least 8 characters long' }]);
    const ok = await reset(b, { email: u.email, code, new_password: NEW_PASSWORD });
    expect(ok.body.access_token).toBeTruthy();
  });

  it('an account without a password (verified in another browser) sets its first password this way', async () => {
    clock.advance(120_000);
    const email = uniqueEmail('nopass');
    const registrant = new Browser(server.url);
    expect((await registrant.post('/api/auth/register', { email, password: GOOD_PASSWORD })).status).toBe(201);
    const verifier = new Browser(server.url);
    const sent = server.mailbox.messages.length;
    expect((await verifier.post('/api/auth/resend-verification', { email })).status).toBe(200);
    const verified = await verifier.post('/api/auth/verify-email', { email, verification_code: await server.mailbox.codeFor(email, sent) });
    expect(verified.body.user.has_password).toBe(false);
    const after = server.mailbox.messages.length;
    await forgot(email, verifier);
    const code = await mailedCode(server, email, RESET, after);
    const r = await reset(verifier, { email, code, new_password: NEW_PASSWORD });
    expect(r.body.user?.has_password).toBe(true);
    await server.client().api.auth.login({ email, password: NEW_PASSWORD });
  });

  it("a reset proves the address: an unverified account is verified, and its pending registrant's password and name are gone", async () => {
    clock.advance(120_000);
    const email = uniqueEmail('claimed');
    const squatter = new Browser(server.url);
    expect((await squatter.post('/api/auth/register', { email, password: 'Squ4tter-pass!', full_name: 'Someone Else' })).status).toBe(201);
    const after = server.mailbox.messages.length;
    const b = new Browser(server.url);
    await forgot(email, b);
    const code = await mailedCode(server, email, RESET, after);
    const r = (await reset(b, { email, code, new_password: NEW_PASSWORD })).body;
    expect(r.user).toMatchObject({ email, email_verified: true, full_name: null, has_password: true });
    await expect(server.client().api.auth.login({ email, password: 'Squ4tter-pass!' })).rejects.toMatchObject({ status: 401 });
    const owner = server.client();
    const signedIn = await owner.api.auth.login({ email, password: NEW_PASSWORD });
    expect(signedIn.requires_verification).toBe(false);
  });

  it("a code works only in the browser that asked: a stranger's requests and wrong codes neither replace nor spend the owner's", async () => {
    clock.advance(120_000);
    const u = await signUp(server);
    const owner = new Browser(server.url);
    const first = server.mailbox.messages.length;
    expect((await forgot(u.email, owner)).status).toBe(200);
    const code = await mailedCode(server, u.email, RESET, first);
    // Past the cooldown a stranger asks again from another browser, and guesses many times.
    clock.advance(120_000);
    const stranger = new Browser(server.url, '127.0.0.7');
    const second = server.mailbox.messages.length;
    expect((await forgot(u.email, stranger)).status).toBe(200);
    const strangersCode = await mailedCode(server, u.email, RESET, second);
    const wrong = ['ZZZZZZ', 'YYYYYY', 'XXXXXX'].find((c) => c !== code && c !== strangersCode)!;
    for (let i = 0; i < 8; i++) expect((await reset(stranger, { email: u.email, code: wrong, new_password: 'Str4nger-pass!' })).status).toBe(400);
    // Even the owner's own code is refused in the stranger's browser.
    const elsewhere = await reset(stranger, { email: u.email, code, new_password: 'Str4nger-pass!' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.detail).toBe('Too many wrong attempts. Please request a new code.');
    expect((await reset(new Browser(server.url), { email: u.email, code, new_password: 'Str4nger-pass!' })).body.detail).toBe(
      'No active reset code for this email in this browser. Please request a new one.',
    );
    // The owner's code, in the owner's browser, still has all its tries and works.
    const mine = await reset(owner, { email: u.email, code, new_password: NEW_PASSWORD });
    expect(mine.status).toBe(200);
    expect(mine.body.user).toMatchObject({ email: u.email, has_password: true });
    // Setting the password spends every browser's code, the stranger's too.
    expect((await reset(stranger, { email: u.email, code: strangersCode, new_password: 'Str4nger-pass!' })).body.detail).toMatch(/No active reset code/);
  });

  it('bad input is a 400 with a detail, never a 500', async () => {
    const common = ['{', '[]', '"x"', JSON.stringify({}), JSON.stringify({ email: 'not-an-address' }), JSON.stringify({ email: 42 })];
    const cases: Array<[string, string[]]> = [
      ['/api/auth/forgot-password', common],
      ['/api/auth/reset-password', [...common, JSON.stringify({ email: 'a@b.test', code: 'ABC', new_password: NEW_PASSWORD }), JSON.stringify({ email: 'a@b.test', code: 'ABCDEF', new_password: 'x'.repeat(300) }), JSON.stringify({ email: 'a@b.test', code: 'ABCDEF' })]],
    ];
    for (const [path, bodies] of cases) {
      for (const body of bodies) {
        const r = await rawRequest(server.url, path, { body });
        expect(r.status, `${path} ${body}`).toBe(400);
        expect(ErrorBody.safeParse(r.body).success).toBe(true);
      }
    }
  });
});
