// Sign-in limits (docs/security.md): guesses at an account stay as few as before, but nobody
// else's guesses lock the owner's browser out.
import { describe, it, expect, afterEach } from 'vitest';
import { dialects } from './support/dialects.js';
import { startTestServer, uniqueEmail, GOOD_PASSWORD, TestClock, type TestServer } from './support/test-server.js';
import { Browser } from './support/browser.js';

const WRONG = 'Wrong-pass1!';
/** Each evaluated password costs a scrypt hash; on a busy machine a dozen take a while. */
const SCRYPT_HEAVY_MS = 180_000;

describe.each(dialects)('sign-in limits that cannot lock the owner out on %s', (dialect) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** The owner's browser: registered, verified and signed in from 127.0.0.3. */
  async function ownerBrowser(s: TestServer, email: string): Promise<Browser> {
    const owner = new Browser(s.url, '127.0.0.3');
    expect((await owner.post('/api/auth/register', { email, password: GOOD_PASSWORD })).status).toBe(201);
    const verified = await owner.post('/api/auth/verify-email', { email, verification_code: await s.mailbox.codeFor(email) });
    expect(verified.status).toBe(200);
    return owner;
  }

  it('an attacker who spent the account limit stays limited from every address; the owner still signs in', async () => {
    server = await startTestServer(dialect, { env: { AUTH_RATE_LIMIT_PER_ACCOUNT: '3' } });
    const email = uniqueEmail('owner');
    const owner = await ownerBrowser(server, email);

    const attacker = new Browser(server.url, '127.0.0.2');
    for (let i = 0; i < 3; i++) expect((await attacker.post('/api/auth/login', { email, password: WRONG })).status).toBe(401);
    const blocked = await attacker.post('/api/auth/login', { email, password: GOOD_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body.detail).toMatch(/Too many attempts for this account/);
    // A fresh address and a fresh browser do not help the attacker.
    expect((await new Browser(server.url, '127.0.0.4').post('/api/auth/login', { email, password: GOOD_PASSWORD })).status).toBe(429);

    // The owner's browser signs in from its own address, and from the attacker's (a shared network).
    for (const from of ['127.0.0.3', '127.0.0.5', '127.0.0.2']) {
      const r = await owner.at(from).post('/api/auth/login', { email, password: GOOD_PASSWORD });
      expect(r.status).toBe(200);
      expect((await owner.at(from).get('/api/settings/profile', r.body.access_token)).status).toBe(200);
    }
    expect((await attacker.post('/api/auth/login', { email, password: WRONG })).status).toBe(429);
  }, SCRYPT_HEAVY_MS);

  it('successful sign-ins do not use up the limit; the owner\'s own mistakes count for their browser only', async () => {
    server = await startTestServer(dialect, { env: { AUTH_RATE_LIMIT_PER_ACCOUNT: '3' } });
    const email = uniqueEmail('regular');
    const owner = await ownerBrowser(server, email);
    for (let i = 0; i < 5; i++) expect((await owner.post('/api/auth/login', { email, password: GOOD_PASSWORD })).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await owner.post('/api/auth/login', { email, password: WRONG })).status).toBe(401);
    expect((await owner.post('/api/auth/login', { email, password: GOOD_PASSWORD })).status).toBe(429);
    // A new browser of the owner's still has the untrusted allowance.
    expect((await new Browser(server.url, '127.0.0.6').post('/api/auth/login', { email, password: GOOD_PASSWORD })).status).toBe(200);
  }, SCRYPT_HEAVY_MS);

  it('a browser cookie from before "sign out everywhere" no longer counts as the owner\'s', async () => {
    server = await startTestServer(dialect, { env: { AUTH_RATE_LIMIT_PER_ACCOUNT: '2' } });
    const email = uniqueEmail('signout');
    const owner = await ownerBrowser(server, email);
    const copied = owner.at('127.0.0.7');
    const session = await owner.post('/api/auth/login', { email, password: GOOD_PASSWORD });
    expect((await owner.post('/api/auth/sign-out-everywhere', {}, session.body.access_token)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await new Browser(server.url, '127.0.0.2').post('/api/auth/login', { email, password: WRONG })).status).toBe(401);
    expect((await copied.post('/api/auth/login', { email, password: WRONG })).status).toBe(429);
  }, SCRYPT_HEAVY_MS);

  it('guesses per hour per account: 4 x AUTH_RATE_LIMIT_PER_ACCOUNT, however many addresses the attacker uses', async () => {
    const clock = new TestClock(new Date('2026-03-02T10:00:00Z'));
    server = await startTestServer(dialect, { clock, env: { AUTH_RATE_LIMIT_PER_ACCOUNT: '3' } });
    const email = uniqueEmail('target');
    await ownerBrowser(server, email);
    let guesses = 0;
    let refused = 0;
    // One attempt every 30 s for an hour, from 8 addresses in turn, each a fresh browser.
    for (let i = 0; i < 120; i++) {
      const r = await new Browser(server.url, `127.0.1.${1 + (i % 8)}`).post('/api/auth/login', { email, password: `${WRONG}${i}` });
      if (r.status === 401) guesses++;
      else if (r.status === 429) refused++;
      else throw new Error(`unexpected ${r.status}`);
      clock.advance(30_000);
    }
    expect(guesses).toBe(12);
    expect(refused).toBe(108);
  }, SCRYPT_HEAVY_MS);
});
