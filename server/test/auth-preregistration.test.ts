// Pre-registration takeover (docs/security.md): someone registers another person's address with
// their own password and never verifies it. Whatever way the owner later proves the address, the
// other person's password must not work on the owner's account.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dialects } from './support/dialects.js';
import { startFakeGoogle, type FakeGoogle } from './support/google.js';
import { startTestServer, uniqueEmail, GOOD_PASSWORD, TestClock, type TestServer } from './support/test-server.js';
import { Browser } from './support/browser.js';

const ATTACKER_PASSWORD = 'Att4cker-pass!';
const OWNER_PASSWORD = GOOD_PASSWORD;
const COOLDOWN_MS = 61_000;

describe.each(dialects)('pre-registration takeover on %s', (dialect) => {
  let google: FakeGoogle;
  let server: TestServer;
  const clock = new TestClock(new Date('2026-03-02T10:00:00Z'));
  beforeAll(async () => {
    google = await startFakeGoogle();
    server = await startTestServer(dialect, { clock, env: { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl } });
  });
  afterAll(async () => {
    await server?.close();
    await google?.close();
  });

  const browser = () => new Browser(server.url);
  const login = (b: Browser, email: string, password: string) => b.post('/api/auth/login', { email, password });
  /** The attacker registers the owner's address from their own browser and never verifies it. */
  async function attackerRegisters(email: string): Promise<Browser> {
    const attacker = browser();
    expect((await attacker.post('/api/auth/register', { email, password: ATTACKER_PASSWORD, full_name: 'Mallory' })).status).toBe(201);
    return attacker;
  }

  it('the owner signs in with Google: the attacker password is removed', async () => {
    const email = uniqueEmail('victim-google');
    const attacker = await attackerRegisters(email);
    const pendingCode = await server.mailbox.codeFor(email);

    const owner = browser();
    const viaGoogle = await owner.post('/api/auth/google', { id_token: await google.sign({ sub: `sub-${email}`, email, name: 'Olivia Owner' }) });
    expect(viaGoogle.status).toBe(200);
    expect(viaGoogle.body.user).toMatchObject({ email, full_name: 'Olivia Owner', email_verified: true, has_google: true, has_password: false });

    const stolen = await login(attacker, email, ATTACKER_PASSWORD);
    expect(stolen.status).toBe(401);
    expect(stolen.body.access_token).toBeUndefined();
    // The code mailed for the attacker's registration completes nothing any more.
    expect((await attacker.post('/api/auth/verify-email', { email, verification_code: pendingCode })).status).toBe(400);
    expect((await owner.get('/api/settings/profile', viaGoogle.body.access_token)).status).toBe(200);
  });

  it('the owner asks for a code (resend) and enters it: verified, signed in, the attacker password is removed', async () => {
    const email = uniqueEmail('victim-resend');
    const attacker = await attackerRegisters(email);
    clock.advance(COOLDOWN_MS);

    const owner = browser();
    const sent = server.mailbox.messages.length;
    expect((await owner.post('/api/auth/resend-verification', { email })).status).toBe(200);
    const code = await server.mailbox.codeFor(email, sent);
    const verified = await owner.post('/api/auth/verify-email', { email, verification_code: code });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ email, full_name: null, email_verified: true, has_password: false });
    expect(verified.body.message).toMatch(/not kept/);
    expect((await owner.get('/api/settings/profile', verified.body.access_token)).status).toBe(200);

    expect((await login(attacker, email, ATTACKER_PASSWORD)).status).toBe(401);
    expect((await login(browser(), email, ATTACKER_PASSWORD)).status).toBe(401);
  });

  it('the owner registers the address again: a fresh registration whose password is the owner\'s', async () => {
    const email = uniqueEmail('victim-register');
    const attacker = await attackerRegisters(email);
    clock.advance(COOLDOWN_MS);

    const owner = browser();
    const sent = server.mailbox.messages.length;
    const again = await owner.post('/api/auth/register', { email, password: OWNER_PASSWORD, full_name: 'Olivia Owner' });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ requires_verification: true, access_token: null });
    const code = await server.mailbox.codeFor(email, sent);
    const verified = await owner.post('/api/auth/verify-email', { email, verification_code: code });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ email, full_name: 'Olivia Owner', email_verified: true, has_password: true });

    expect((await login(attacker, email, ATTACKER_PASSWORD)).status).toBe(401);
    const own = await login(browser(), email, OWNER_PASSWORD);
    expect(own.status).toBe(200);
    expect(own.body.access_token).toBeTruthy();
  });

  it("registering again from one browser inside its resend cooldown sends no second mail; the code mailed to it completes the new registration", async () => {
    const email = uniqueEmail('victim-quick');
    await attackerRegisters(email);
    const attackersCode = await server.mailbox.codeFor(email);
    const owner = browser();
    let sent = server.mailbox.messages.length;
    // Another browser gets a code of its own at once: the attacker's code completes nothing here.
    expect((await owner.post('/api/auth/register', { email, password: 'First-choice1!' })).status).toBe(201);
    const code = await server.mailbox.codeFor(email, sent);
    expect(code).not.toBe(attackersCode);
    expect((await owner.post('/api/auth/verify-email', { email, verification_code: attackersCode })).status).toBe(400);
    sent = server.mailbox.messages.length;
    expect((await owner.post('/api/auth/register', { email, password: OWNER_PASSWORD })).status).toBe(201);
    const verified = await owner.post('/api/auth/verify-email', { email, verification_code: code });
    expect(verified.body.user).toMatchObject({ has_password: true });
    expect(server.mailbox.messages.slice(sent).filter((m) => m.to.includes(email))).toEqual([]);
    expect((await login(browser(), email, OWNER_PASSWORD)).status).toBe(200);
    expect((await login(browser(), email, ATTACKER_PASSWORD)).status).toBe(401);
  });

  it('an attacker registering after the owner cannot have the owner verify the attacker password', async () => {
    const email = uniqueEmail('victim-late');
    const owner = browser();
    expect((await owner.post('/api/auth/register', { email, password: OWNER_PASSWORD })).status).toBe(201);
    const code = await server.mailbox.codeFor(email);
    clock.advance(COOLDOWN_MS);
    const attacker = await attackerRegisters(email);
    // The owner enters the code mailed to their browser; the pending password is now the attacker's.
    const verified = await owner.post('/api/auth/verify-email', { email, verification_code: code });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ email, email_verified: true, has_password: false });
    expect((await login(attacker, email, ATTACKER_PASSWORD)).status).toBe(401);
    expect((await owner.get('/api/settings/profile', verified.body.access_token)).status).toBe(200);
  });

  it('the registrant verifies in another browser after proving the password there: the password is kept', async () => {
    const email = uniqueEmail('two-browsers');
    expect((await browser().post('/api/auth/register', { email, password: OWNER_PASSWORD })).status).toBe(201);
    clock.advance(COOLDOWN_MS);
    const laptop = browser();
    const sent = server.mailbox.messages.length;
    const pending = await login(laptop, email, OWNER_PASSWORD);
    expect(pending.body).toMatchObject({ requires_verification: true, access_token: null });
    const code = await server.mailbox.codeFor(email, sent);
    const verified = await laptop.post('/api/auth/verify-email', { email, verification_code: code });
    expect(verified.body.user).toMatchObject({ email_verified: true, has_password: true });
    expect((await login(browser(), email, OWNER_PASSWORD)).status).toBe(200);
  });

  it('a verified account is never replaced by registering again', async () => {
    const email = uniqueEmail('verified');
    const owner = browser();
    await owner.post('/api/auth/register', { email, password: OWNER_PASSWORD });
    await owner.post('/api/auth/verify-email', { email, verification_code: await server.mailbox.codeFor(email) });
    const r = await browser().post('/api/auth/register', { email, password: ATTACKER_PASSWORD });
    expect(r.status).toBe(409);
    expect(r.body.detail).toBe('An account with this email already exists. Please sign in.');
    expect((await login(browser(), email, ATTACKER_PASSWORD)).status).toBe(401);
    expect((await login(browser(), email, OWNER_PASSWORD)).status).toBe(200);
  });
});
