// Changing the password and the email address while signed in (docs/security.md): the current
// password is required and its failures are counted like sign-in attempts; both sign out every
// other device and keep this one; an email change never says whether an address is taken.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { ChangeEmailResponse, ErrorBody, MessageResponse, User } from '@app/shared';
import { dialects } from './support/dialects.js';
import { Browser } from './support/browser.js';
import { startTestServer, signUp, uniqueEmail, rawRequest, GOOD_PASSWORD, type TestServer } from './support/test-server.js';
import { connectExtension, mailedCode, mailsTo } from './support/credentials.js';

const NEW_PASSWORD = 'N3w-password!';
const LIMIT = 3;

describe.each(dialects)('password and email changes on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { AUTH_RATE_LIMIT_PER_ACCOUNT: String(LIMIT) } });
  });
  afterAll(async () => {
    await server?.close();
  });

  const profileStatus = async (token: string) => (await rawRequest(server.url, '/api/settings/profile', { token })).status;
  const put = (token: string, path: string, body: unknown, method = 'PUT') => rawRequest(server.url, path, { method, token, body: JSON.stringify(body) });

  it('changes the password: this session stays, every other one and every connected browser is signed out, a mail says so', async () => {
    const u = await signUp(server);
    const other = server.client();
    await other.api.auth.login({ email: u.email, password: GOOD_PASSWORD });
    const extension = await connectExtension(u);
    const after = server.mailbox.messages.length;
    const r = MessageResponse.parse(await u.api.credentials.changePassword({ current_password: GOOD_PASSWORD, new_password: NEW_PASSWORD }));
    expect(r.message).toBe('Password changed. Every other device was signed out.');
    expect(await profileStatus(u.store.token!)).toBe(200);
    expect(await profileStatus(other.store.token!)).toBe(401);
    expect(await profileStatus(extension)).toBe(401);
    await server.mailbox.waitFor((m) => m.to.includes(u.email) && /password was changed/i.test(m.subject) && server.mailbox.messages.indexOf(m) >= after);
    await expect(server.client().api.auth.login({ email: u.email, password: GOOD_PASSWORD })).rejects.toMatchObject({ status: 401 });
    await server.client().api.auth.login({ email: u.email, password: NEW_PASSWORD });
  });

  it('a wrong current password is refused with a clear detail and counted like sign-in failures', async () => {
    const u = await signUp(server);
    for (let i = 0; i < LIMIT; i++) {
      const r = await put(u.store.token!, '/api/settings/password', { current_password: `Wrong-pass${i}!`, new_password: NEW_PASSWORD });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ detail: 'Your current password is incorrect.', errors: [{ path: 'current_password', message: 'Your current password is incorrect.' }] });
    }
    // Over the limit even the right password waits; the email change shares the count.
    const limited = await put(u.store.token!, '/api/settings/password', { current_password: GOOD_PASSWORD, new_password: NEW_PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toBe('Too many wrong passwords. Please wait and try again.');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const email = await put(u.store.token!, '/api/settings/email', { new_email: uniqueEmail(), password: GOOD_PASSWORD }, 'POST');
    expect(email.status).toBe(429);
    await server.client().api.auth.login({ email: u.email, password: GOOD_PASSWORD });
  });

  it('a right password never counts, and a weak new password is refused before anything changes', async () => {
    const u = await signUp(server);
    const weak = await put(u.store.token!, '/api/settings/password', { current_password: GOOD_PASSWORD, new_password: 'password' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toEqual([{ path: 'new_password', message: 'Password must contain an uppercase letter' }]);
    let current = GOOD_PASSWORD;
    for (let i = 0; i <= LIMIT; i++) {
      const next = `N3w-password!${i}`;
      await u.api.credentials.changePassword({ current_password: current, new_password: next });
      current = next;
    }
    expect(await profileStatus(u.store.token!)).toBe(200);
  });

  it('changes the email with a code sent to the new address; the old address is told; other sessions end', async () => {
    const u = await signUp(server);
    const other = server.client();
    await other.api.auth.login({ email: u.email, password: GOOD_PASSWORD });
    const extension = await connectExtension(u);
    const newEmail = uniqueEmail('moved');
    const wrong = await put(u.store.token!, '/api/settings/email', { new_email: newEmail, password: 'Wrong-pass1!' }, 'POST');
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe('Your password is incorrect.');
    const same = await put(u.store.token!, '/api/settings/email', { new_email: u.email.toUpperCase(), password: GOOD_PASSWORD }, 'POST');
    expect(same.status).toBe(400);
    expect(same.body.detail).toBe('This is already your email address.');

    const after = server.mailbox.messages.length;
    const asked = ChangeEmailResponse.parse(await u.api.credentials.changeEmail({ new_email: newEmail, password: GOOD_PASSWORD }));
    expect(asked.message).toBe(`If ${newEmail} is not used by another account, we sent a code to it. Enter it here to confirm the change.`);
    const code = await mailedCode(server, newEmail, /email change code/i, after);
    // Nothing changed yet.
    expect((await u.api.settings.profile()).email).toBe(u.email);
    const bad = await put(u.store.token!, '/api/settings/email/verify', { code: code === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ' }, 'POST');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Invalid code. 4 attempts left.');

    const user = User.parse(await u.api.credentials.verifyEmailChange({ code }));
    expect(user.email).toBe(newEmail);
    expect(await profileStatus(u.store.token!)).toBe(200);
    expect(await profileStatus(other.store.token!)).toBe(401);
    expect(await profileStatus(extension)).toBe(401);
    const told = await server.mailbox.waitFor((m) => m.to.includes(u.email) && /email address was changed/i.test(m.subject));
    expect(told.text).toContain(`changed from ${u.email} to ${newEmail}`);
    await expect(server.client().api.auth.login({ email: u.email, password: GOOD_PASSWORD })).rejects.toMatchObject({ status: 401 });
    await server.client().api.auth.login({ email: newEmail, password: GOOD_PASSWORD });
    // The code works once.
    const reused = await put(u.store.token!, '/api/settings/email/verify', { code }, 'POST');
    expect(reused.status).toBe(400);
    expect(reused.body.detail).toBe('No email change is waiting for a code. Please start again.');
  });

  it('an address another account holds gets the same answer, no code, and nothing changes', async () => {
    const u = await signUp(server);
    const holder = await signUp(server);
    const free = uniqueEmail('free');
    const u2 = await signUp(server);
    const after = server.mailbox.messages.length;
    const takenAnswer = await put(u.store.token!, '/api/settings/email', { new_email: holder.email, password: GOOD_PASSWORD }, 'POST');
    const freeAnswer = await put(u2.store.token!, '/api/settings/email', { new_email: free, password: GOOD_PASSWORD }, 'POST');
    expect(takenAnswer.status).toBe(200);
    expect(freeAnswer.status).toBe(200);
    expect(takenAnswer.body.message.replace(holder.email, 'X')).toBe(freeAnswer.body.message.replace(free, 'X'));
    expect(takenAnswer.body.retry_after_seconds).toBe(freeAnswer.body.retry_after_seconds);
    // The holder gets a note, never a code.
    const note = await server.mailbox.waitFor((m) => m.to.includes(holder.email) && server.mailbox.messages.indexOf(m) >= after);
    expect(note.subject).toBe("Someone tried to use your address on Tonight's Pick");
    expect(note.text).not.toMatch(/code/i);
    await mailedCode(server, free, /email change code/i, after);
    // Any code is refused; both accounts keep their addresses and sessions.
    for (let i = 0; i < 5; i++) {
      const r = await put(u.store.token!, '/api/settings/email/verify', { code: `AAAAA${i}` }, 'POST');
      expect(r.status).toBe(400);
    }
    expect((await u.api.settings.profile()).email).toBe(u.email);
    expect((await holder.api.settings.profile()).email).toBe(holder.email);
    expect(mailsTo(server, holder.email, after).filter((m) => /code/i.test(m.subject))).toHaveLength(0);
  });

  it('an address registered and never verified blocks no email change: it gets the code, and the change removes that pending registration', async () => {
    const u = await signUp(server);
    const pending = uniqueEmail('pending');
    const squatter = new Browser(server.url);
    expect((await squatter.post('/api/auth/register', { email: pending, password: 'Squ4tter-pass!', full_name: 'Someone Else' })).status).toBe(201);
    const after = server.mailbox.messages.length;
    expect((await put(u.store.token!, '/api/settings/email', { new_email: pending, password: GOOD_PASSWORD }, 'POST')).status).toBe(200);
    const code = await mailedCode(server, pending, /email change code/i, after);
    expect(mailsTo(server, pending, after).filter((m) => /Someone tried to use your address/.test(m.subject))).toHaveLength(0);
    const moved = await put(u.store.token!, '/api/settings/email/verify', { code }, 'POST');
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ email: pending, email_verified: true });
    expect((await u.api.settings.profile()).email).toBe(pending);
    const holders = await server.running.ctx.db.selectFrom('users').select(['id', 'full_name']).where('email', '=', pending).execute();
    expect(holders).toEqual([{ id: (await u.api.settings.profile()).id, full_name: 'Test User' }]);
    // The squatter's password opens nothing; the mover signs in at the new address.
    expect((await squatter.post('/api/auth/login', { email: pending, password: 'Squ4tter-pass!' })).status).toBe(401);
    expect((await new Browser(server.url).post('/api/auth/login', { email: pending, password: GOOD_PASSWORD })).status).toBe(200);
  });

  it('a Google-only account is told to set a password first; bad input is a 400, never a 500', async () => {
    const u = await signUp(server);
    await server.running.ctx.db.updateTable('users').set({ password_hash: null, google_sub: `g-${u.email}` }).where('email', '=', u.email).execute();
    const r = await put(u.store.token!, '/api/settings/password', { current_password: 'Anything1!', new_password: NEW_PASSWORD });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('Your account has no password yet. Use "Forgot password?" on the sign-in page to set one.');
    const cases: Array<[string, string, unknown[]]> = [
      ['PUT', '/api/settings/password', [{}, { current_password: '' }, { current_password: 'x', new_password: 5 }, [], 'x']],
      ['POST', '/api/settings/email', [{}, { new_email: 'nope', password: 'x' }, { new_email: 'a@b.test' }, null]],
      ['POST', '/api/settings/email/verify', [{}, { code: '' }, { code: 'ABC' }, { code: '!!!!!!' }]],
    ];
    for (const [method, path, bodies] of cases) {
      for (const body of bodies) {
        const answer = await put(u.store.token!, path, body, method);
        expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(ErrorBody.safeParse(answer.body).success).toBe(true);
      }
      expect((await rawRequest(server.url, path, { method, body: '{}' })).status).toBe(401);
    }
  });
});
