// Emailed sign-in codes (docs/security.md, "Sign-in limits"): while someone is guessing an
// account's password, its owner on a new browser gets in with the password plus a code from the
// mailbox; the guesser, without the mailbox, stays limited.
import { describe, it, expect, afterEach } from 'vitest';
import { dialects } from './support/dialects.js';
import { startTestServer, uniqueEmail, GOOD_PASSWORD, TestClock, type TestServer } from './support/test-server.js';
import { Browser, type BrowserResponse } from './support/browser.js';
import { ApiError, unlockAvailable } from '@app/shared';

const WRONG = 'Wrong-pass1!';
/** Each evaluated password costs a scrypt hash; on a busy machine a dozen take a while. */
const SCRYPT_HEAVY_MS = 180_000;

describe.each(dialects)('emailed sign-in codes on %s', (dialect) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function registerOwner(s: TestServer, email: string): Promise<void> {
    const first = new Browser(s.url, '127.0.0.3');
    expect((await first.post('/api/auth/register', { email, password: GOOD_PASSWORD })).status).toBe(201);
    expect((await first.post('/api/auth/verify-email', { email, verification_code: await s.mailbox.codeFor(email) })).status).toBe(200);
  }

  /** Spends the account's limit for new browsers with wrong passwords from several addresses. */
  async function spendNewBrowserLimit(s: TestServer, email: string, limit: number): Promise<void> {
    for (let i = 0; i < limit; i++) {
      expect((await new Browser(s.url, `127.0.2.${1 + (i % 3)}`).post('/api/auth/login', { email, password: `${WRONG}${i}` })).status).toBe(401);
    }
  }

  /** Asks for a code from this browser and reads it from the mailbox. */
  async function requestCode(s: TestServer, browser: Browser, email: string): Promise<{ answer: BrowserResponse; code: string }> {
    const after = s.mailbox.messages.length;
    const answer = await browser.post('/api/auth/login/unlock', { email });
    expect(answer.status).toBe(200);
    const mail = await s.mailbox.waitFor((m) => m.to.includes(email) && /sign-in code/i.test(m.subject) && s.mailbox.messages.indexOf(m) >= after);
    expect(mail.text).toContain('Someone, hopefully you, is trying to sign in');
    expect(mail.text).toContain('If this was not you, your password is still safe; nothing changes.');
    const code = /code: ([A-Z0-9]{6})/.exec(mail.subject)?.[1];
    expect(code).toBeDefined();
    expect(mail.text).toContain(code!);
    return { answer, code: code! };
  }

  it('the owner on a new browser signs in with password and emailed code while an attacker spent the limit', async () => {
    server = await startTestServer(dialect, { env: { AUTH_RATE_LIMIT_PER_ACCOUNT: '3' } });
    const email = uniqueEmail('owner');
    const nobody = uniqueEmail('nobody');
    await registerOwner(server, email);
    await spendNewBrowserLimit(server, email, 3);
    await spendNewBrowserLimit(server, nobody, 3);

    // The owner, on a new browser and a new address, is refused, and told a code can help.
    const owner = new Browser(server.url, '127.0.0.9');
    const refused = await owner.post('/api/auth/login', { email, password: GOOD_PASSWORD });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ detail: 'Too many attempts for this account. Please wait and try again.', unlock_available: true });
    // An address with no account answers alike: the refusal tells nothing about who has an account.
    const refusedNobody = await new Browser(server.url, '127.0.0.10').post('/api/auth/login', { email: nobody, password: GOOD_PASSWORD });
    expect(refusedNobody.status).toBe(429);
    expect(Object.keys(refusedNobody.body).sort()).toEqual(Object.keys(refused.body).sort());
    expect({ ...refusedNobody.body, retry_after_seconds: 0 }).toEqual({ ...refused.body, retry_after_seconds: 0 });

    // Asking for a code answers the same for both addresses; only the account's owner gets mail.
    const { answer, code } = await requestCode(server, owner, email);
    // At rest: neither the code nor the browser's cookie in clear.
    const stored = JSON.stringify(await server.running.ctx.db.selectFrom('login_unlock_codes').selectAll().execute());
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(owner.jar.get('tp_unlock'));
    const nobodyBrowser = new Browser(server.url, '127.0.0.10');
    const answerNobody = await nobodyBrowser.post('/api/auth/login/unlock', { email: nobody });
    expect(answerNobody.status).toBe(200);
    expect(answerNobody.body.message.replace(nobody, 'X')).toBe(answer.body.message.replace(email, 'X'));
    expect(answerNobody.body.retry_after_seconds).toBe(answer.body.retry_after_seconds);
    // The cooldown is enforced by the server, for either address.
    for (const [b, e] of [[owner, email], [nobodyBrowser, nobody]] as const) {
      const again = await b.post('/api/auth/login/unlock', { email: e });
      expect(again.status).toBe(429);
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(50);
      expect(again.body.detail).toMatch(/^Please wait \d+ seconds before requesting another code\.$/);
    }

    // Without the code, and with the code in another browser, the limit holds.
    const attacker = new Browser(server.url, '127.0.2.1');
    expect((await attacker.post('/api/auth/login', { email, password: GOOD_PASSWORD })).status).toBe(429);
    const stolen = await attacker.post('/api/auth/login', { email, password: GOOD_PASSWORD, unlock_code: code });
    expect(stolen.status).toBe(400);
    expect(stolen.body.access_token).toBeUndefined();

    // A wrong code does not sign in, even with the right password.
    const wrongCode = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    const wrong = await owner.post('/api/auth/login', { email, password: GOOD_PASSWORD, unlock_code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe('Invalid sign-in code. 4 attempts left.');
    expect(wrong.body.access_token).toBeUndefined();

    // Password and code: signed in, and this browser is now known to the account.
    const ok = await owner.post('/api/auth/login', { email, password: GOOD_PASSWORD, unlock_code: code.toLowerCase() });
    expect(ok.status).toBe(200);
    expect((await owner.get('/api/settings/profile', ok.body.access_token)).status).toBe(200);
    expect(String(ok.headers['set-cookie'])).toMatch(/tp_device=/);

    // The code is single use (the same browser's unlock cookie, without its new device cookie).
    const replay = owner.at('127.0.0.11');
    replay.jar.delete('tp_device');
    const reused = await replay.post('/api/auth/login', { email, password: GOOD_PASSWORD, unlock_code: code });
    expect(reused.status).toBe(400);
    expect(reused.body.detail).toBe('No active sign-in code for this browser. Please request a new one.');
    // The owner's browser signs in again without a code; the attacker still cannot.
    expect((await owner.post('/api/auth/login', { email, password: GOOD_PASSWORD })).status).toBe(200);
    expect((await attacker.post('/api/auth/login', { email, password: GOOD_PASSWORD })).status).toBe(429);
    expect((await new Browser(server.url, '127.0.2.7').post('/api/auth/login', { email, password: GOOD_PASSWORD })).status).toBe(429);
  }, SCRYPT_HEAVY_MS);

  it('a code allows 5 wrong attempts, expires after 15 minutes, and a new one comes after 60 s', async () => {
    const clock = new TestClock(new Date('2026-03-02T10:00:00Z'));
    server = await startTestServer(dialect, { clock, env: { AUTH_RATE_LIMIT_PER_ACCOUNT: '2' } });
    const email = uniqueEmail('codes');
    await registerOwner(server, email);
    await spendNewBrowserLimit(server, email, 2);
    const owner = new Browser(server.url, '127.0.0.9');
    const first = await requestCode(server, owner, email);
    const wrongCode = first.code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    const details: string[] = [];
    for (let i = 0; i < 5; i++) details.push((await owner.post('/api/auth/login', { email, password: GOOD_PASSWORD, unlock_code: wrongCode })).body.detail);
    expect(details).toEqual([
      'Invalid sign-in code. 4 attempts left.',
      'Invalid sign-in code. 3 attempts left.',
      'Invalid sign-in code. 2 attempts left.',
      'Invalid sign-in code. 1 attempt left.',
      'Too many wrong attempts. Please request a new code.',
    ]);
    const spent = await owner.post('/api/auth/login', { email, password: GOOD_PASSWORD, unlock_code: first.code });
    expect(spent.status).toBe(400);
    expect(spent.body.detail).toBe('Too many wrong attempts. Please request a new code.');

    clock.advance(30_000);
    const early = await owner.post('/api/auth/login/unlock', { email });
    expect(early.status).toBe(429);
    expect(early.headers['retry-after']).toBe('30');
    clock.advance(31_000);
    const second = await requestCode(server, owner, email);
    clock.advance(15 * 60_000 + 1000);
    const expired = await owner.post('/api/auth/login', { email, password: GOOD_PASSWORD, unlock_code: second.code });
    expect(expired.status).toBe(400);
    expect(expired.body.detail).toBe('This code has expired. Please request a new one.');
  }, SCRYPT_HEAVY_MS);

  it('with a code, wrong passwords still count: the mailbox adds at most the account limit per window', async () => {
    server = await startTestServer(dialect, { env: { AUTH_RATE_LIMIT_PER_ACCOUNT: '2' } });
    const email = uniqueEmail('mailbox');
    await registerOwner(server, email);
    await spendNewBrowserLimit(server, email, 2);
    // Whoever reads the mailbox, in two browsers with a code each: 2 wrong passwords in all.
    const a = new Browser(server.url, '127.0.0.9');
    const b = new Browser(server.url, '127.0.0.12');
    const codeA = (await requestCode(server, a, email)).code;
    const codeB = (await requestCode(server, b, email)).code;
    expect((await a.post('/api/auth/login', { email, password: WRONG, unlock_code: codeA })).status).toBe(401);
    expect((await b.post('/api/auth/login', { email, password: WRONG, unlock_code: codeB })).status).toBe(401);
    const limited = await a.post('/api/auth/login', { email, password: GOOD_PASSWORD, unlock_code: codeA });
    expect(limited.status).toBe(429);
    expect(limited.body.unlock_available).toBeUndefined();
  }, SCRYPT_HEAVY_MS);

  it('the shared client: unlockAvailable on the refusal, requestUnlockCode, then login with unlock_code', async () => {
    server = await startTestServer(dialect, { env: { AUTH_RATE_LIMIT_PER_ACCOUNT: '1' } });
    const email = uniqueEmail('client');
    await registerOwner(server, email);
    await spendNewBrowserLimit(server, email, 1);
    const c = server.client();
    const refused = await c.api.auth.login({ email, password: GOOD_PASSWORD }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(unlockAvailable(refused)).toBe(true);
    expect((refused as ApiError).retryAfterSeconds).toBeGreaterThan(0);
    const after = server.mailbox.messages.length;
    expect((await c.api.auth.requestUnlockCode({ email })).retry_after_seconds).toBe(60);
    const mail = await server.mailbox.waitFor((m) => m.to.includes(email) && /sign-in code/i.test(m.subject) && server!.mailbox.messages.indexOf(m) >= after);
    const code = /code: ([A-Z0-9]{6})/.exec(mail.subject)![1];
    const signedIn = await c.api.auth.login({ email, password: GOOD_PASSWORD, unlock_code: code });
    expect(signedIn.user?.email).toBe(email);
    expect(c.store.token).toBe(signedIn.access_token);
  }, SCRYPT_HEAVY_MS);
});
