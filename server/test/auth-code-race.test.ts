// Every emailed one-time code allows 5 attempts (docs/security.md, "One-time codes"), also when
// the guesses arrive at once: the attempt is counted and the code read in one statement, so a
// burst of concurrent wrong guesses gets 5 compares and the rest are answered as spent. Before,
// each request read the count, compared, then counted, and a burst of 40 was compared 40 times.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dialects } from './support/dialects.js';
import { startFakeGoogle, type FakeGoogle } from './support/google.js';
import { startTestServer, signUp, uniqueEmail, GOOD_PASSWORD, rawRequest, type TestServer } from './support/test-server.js';
import { Browser, type BrowserResponse } from './support/browser.js';
import { mailedCode } from './support/credentials.js';

const BURST = 40;
const wrongFor = (code: string) => (code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');
const details = (answers: { status: number; body: any }[]) => answers.map((a) => String(a.body?.detail ?? ''));
/** Answers that report a compared wrong code with attempts still left. */
const comparedWithAttemptsLeft = (answers: { status: number; body: any }[]) => details(answers).filter((d) => /\d attempts? left/.test(d));

describe.each(dialects)('concurrent guesses of a one-time code on %s', (dialect) => {
  let server: TestServer;
  let google: FakeGoogle;
  beforeAll(async () => {
    google = await startFakeGoogle();
    // Per-account limits of sign-in and sign-up that would refuse part of a burst before any code is read.
    server = await startTestServer(dialect, { env: { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl, AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' } });
  });
  afterAll(async () => {
    await server?.close();
    await google?.close();
  });
  const db = () => server.running.ctx.db;
  const burst = (send: () => Promise<BrowserResponse | { status: number; body: any }>) => Promise.all(Array.from({ length: BURST }, send));

  function expectFiveCompares(answers: { status: number; body: any }[], spentText: RegExp) {
    expect(answers.every((a) => a.status === 400)).toBe(true);
    expect(comparedWithAttemptsLeft(answers)).toHaveLength(4);
    expect(details(answers).filter((d) => spentText.test(d))).toHaveLength(BURST - 4);
  }

  it('sign-up verification: 40 wrong codes at once get 5 compares, then the right code is refused as spent', async () => {
    const email = uniqueEmail('race-verify');
    const b = new Browser(server.url);
    expect((await b.post('/api/auth/register', { email, password: GOOD_PASSWORD })).status).toBe(201);
    const code = await server.mailbox.codeFor(email);
    const answers = await burst(() => b.post('/api/auth/verify-email', { email, verification_code: wrongFor(code) }));
    expectFiveCompares(answers, /Too many wrong attempts/);
    const right = await b.post('/api/auth/verify-email', { email, verification_code: code });
    expect(right.status).toBe(400);
    expect(right.body.detail).toMatch(/Too many wrong attempts/);
    const user = await db().selectFrom('users').select(['id', 'email_verified']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(Number(user.email_verified)).toBe(0);
    expect((await db().selectFrom('verification_codes').select('attempts').where('user_id', '=', user.id).execute()).map((r) => Number(r.attempts))).toEqual([5]);
  }, 60_000);

  it('password reset: 40 wrong codes at once get 5 compares, then the right code is refused as spent', async () => {
    const u = await signUp(server);
    const b = new Browser(server.url);
    const sent = server.mailbox.messages.length;
    expect((await b.post('/api/auth/forgot-password', { email: u.email })).status).toBe(200);
    const code = await mailedCode(server, u.email, /password reset code/i, sent);
    const answers = await burst(() => b.post('/api/auth/reset-password', { email: u.email, code: wrongFor(code), new_password: 'An0ther-secret!' }));
    expectFiveCompares(answers, /Too many wrong attempts/);
    const right = await b.post('/api/auth/reset-password', { email: u.email, code, new_password: 'An0ther-secret!' });
    expect(right.status).toBe(400);
    expect(right.body.detail).toMatch(/Too many wrong attempts/);
    expect((await db().selectFrom('password_reset_codes').select('attempts').where('email', '=', u.email).execute()).map((r) => Number(r.attempts))).toEqual([5]);
  }, 60_000);

  it('sign-in (unlock) code: 40 wrong codes at once get 5 compares, then the right code is refused as spent', async () => {
    const u = await signUp(server);
    const b = new Browser(server.url);
    const sent = server.mailbox.messages.length;
    expect((await b.post('/api/auth/login/unlock', { email: u.email })).status).toBe(200);
    const code = await mailedCode(server, u.email, /sign-in code/i, sent);
    const answers = await burst(() => b.post('/api/auth/login', { email: u.email, password: GOOD_PASSWORD, unlock_code: wrongFor(code) }));
    expectFiveCompares(answers, /Too many wrong attempts/);
    const right = await b.post('/api/auth/login', { email: u.email, password: GOOD_PASSWORD, unlock_code: code });
    expect(right.status).toBe(400);
    expect(right.body.detail).toMatch(/Too many wrong attempts/);
    expect((await db().selectFrom('login_unlock_codes').select('attempts').where('email', '=', u.email).execute()).map((r) => Number(r.attempts))).toEqual([5]);
  }, 60_000);

  it('email change: 40 wrong codes at once get 5 compares, then the right code is refused as spent', async () => {
    const u = await signUp(server);
    const token = u.store.token!;
    const b = new Browser(server.url);
    const newEmail = uniqueEmail('race-new');
    const sent = server.mailbox.messages.length;
    expect((await b.post('/api/settings/email', { new_email: newEmail, password: GOOD_PASSWORD }, token)).status).toBe(200);
    const code = await mailedCode(server, newEmail, /email change code/i, sent);
    const answers = await burst(() => b.post('/api/settings/email/verify', { code: wrongFor(code) }, token));
    expectFiveCompares(answers, /Too many wrong attempts/);
    const right = await b.post('/api/settings/email/verify', { code }, token);
    expect(right.status).toBe(400);
    expect((await u.api.settings.profile()).email).toBe(u.email);
    const user = await db().selectFrom('users').select('id').where('email', '=', u.email).executeTakeFirstOrThrow();
    expect((await db().selectFrom('email_change_codes').select('attempts').where('user_id', '=', user.id).execute()).map((r) => Number(r.attempts))).toEqual([5]);
  }, 60_000);

  it('account deletion code: concurrent wrong codes get 5 compares (the rest spent or limited), and the account stays', async () => {
    const email = uniqueEmail('race-delete');
    const b = new Browser(server.url);
    const signIn = await b.post('/api/auth/google', { id_token: await google.sign({ sub: `sub-${email}`, email }) });
    expect(signIn.status).toBe(200);
    const token = signIn.body.access_token as string;
    const sent = server.mailbox.messages.length;
    expect((await rawRequest(server.url, '/api/account/deletion-code', { method: 'POST', token })).status).toBe(200);
    const code = await mailedCode(server, email, /account deletion code/i, sent);
    const answers = await burst(() => rawRequest(server.url, '/api/account', { method: 'DELETE', body: JSON.stringify({ code: wrongFor(code) }), token }));
    // 10 attempts per 15 minutes reach the check at all (ACCOUNT_DATA); of those, 5 are compared.
    expect(answers.filter((a) => a.status === 429)).toHaveLength(BURST - 10);
    const checked = answers.filter((a) => a.status === 400);
    expect(comparedWithAttemptsLeft(checked)).toHaveLength(4);
    expect(details(checked).filter((d) => d === 'Too many wrong codes. Please ask for a new one.')).toHaveLength(6);
    const user = await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    expect((await db().selectFrom('account_deletion_codes').select('attempts').where('user_id', '=', user.id).execute()).map((r) => Number(r.attempts))).toEqual([5]);
  }, 60_000);
});
