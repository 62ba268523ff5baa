import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { AuthResponse, User, ErrorBody } from '@app/shared';
import { dialects } from './support/dialects.js';
import { startTestServer, signUp, uniqueEmail, rawRequest, GOOD_PASSWORD, TestClock, type TestServer } from './support/test-server.js';
import { Browser } from './support/browser.js';

describe.each(dialects)('accounts on %s', (dialect) => {
  let server: TestServer;
  const clock = new TestClock();
  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
  });
  afterAll(async () => {
    await server?.close();
  });

  const countUsers = async () => Number((await server.running.ctx.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('register -> code over SMTP -> verify -> login -> profile read and update', async () => {
    const c = server.client();
    const email = uniqueEmail('journey');
    const reg = await c.api.auth.register({ email: email.toUpperCase(), password: GOOD_PASSWORD, full_name: 'Ada Lovelace' });
    expect(AuthResponse.parse(reg)).toMatchObject({ requires_verification: true, access_token: null });
    expect(c.store.token).toBeNull();

    const mail = await server.mailbox.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toMatch(/^Your verification code: [A-Z0-9]{6}$/);
    expect(mail.text).toContain('expires in 15 minutes');
    const code = await server.mailbox.codeFor(email);

    // The code is stored hashed, never in clear.
    const stored = await server.running.ctx.db.selectFrom('verification_codes').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(code);

    const verified = await c.api.auth.verifyEmail({ email, verification_code: code.toLowerCase() });
    expect(verified.access_token).toBeTruthy();
    expect(User.parse(verified.user)).toMatchObject({ email, full_name: 'Ada Lovelace', email_verified: true, is_onboarded: false });
    expect(c.store.token).toBe(verified.access_token);

    const again = server.client();
    const login = await again.api.auth.login({ email, password: GOOD_PASSWORD });
    expect(login.requires_verification).toBe(false);
    const profile = User.parse(await again.api.settings.profile());
    expect(profile).toMatchObject({
      email,
      subscription_tier: 'free_trial',
      selected_days: [1, 2, 3, 4, 5],
      recommendation_time: '19:00',
      timezone: 'UTC',
      calendar_connected: false,
      calendar_enabled: false,
      recommendation_frequency: null,
      recommendation_day: null,
      ott_subscriptions: [],
      preferred_languages: [],
    });
    const updated = User.parse(
      await again.api.settings.updateProfile({
        full_name: 'Ada King',
        selected_days: [6, 1, 7],
        recommendation_time: '21:30',
        timezone: 'Asia/Kolkata',
        preferred_languages: ['English', 'Hindi'],
      }),
    );
    expect(updated).toMatchObject({ full_name: 'Ada King', selected_days: [1, 6, 7], recommendation_time: '21:30', timezone: 'Asia/Kolkata', preferred_languages: ['English', 'Hindi'] });
    expect(await again.api.settings.profile()).toMatchObject({ full_name: 'Ada King', timezone: 'Asia/Kolkata' });
  });

  it('refuses bad registrations with a clear detail and creates nothing', async () => {
    const before = await countUsers();
    const cases: Array<[unknown, number, RegExp]> = [
      [{}, 400, /email/i],
      [{ email: 'x@example.test' }, 400, /password/i],
      [{ email: 'not-an-email', password: GOOD_PASSWORD }, 400, /valid email/i],
      [{ email: 42, password: GOOD_PASSWORD }, 400, /email/i],
      [{ email: uniqueEmail(), password: 12345678 }, 400, /password/i],
      [{ email: uniqueEmail(), password: 'Sh0rt!' }, 400, /at least 8 characters/],
      [{ email: uniqueEmail(), password: 'lower-only-1' }, 400, /uppercase/],
      [{ email: uniqueEmail(), password: 'UPPER-ONLY-1' }, 400, /lowercase/],
      [{ email: uniqueEmail(), password: 'No-Digits-Here' }, 400, /digit/],
      [{ email: uniqueEmail(), password: 'NoSpecial123' }, 400, /special character/],
      [{ email: uniqueEmail(), password: GOOD_PASSWORD, full_name: 'x'.repeat(101) }, 400, /full_name/],
    ];
    for (const [body, status, detail] of cases) {
      const r = await rawRequest(server.url, '/api/auth/register', { body: JSON.stringify(body) });
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(ErrorBody.parse(r.body).detail).toMatch(detail);
    }
    const notJson = await rawRequest(server.url, '/api/auth/register', { body: '{"email":' });
    expect(notJson.status).toBe(400);
    expect(notJson.body.detail).toBe('Request body is not valid JSON');
    const huge = await rawRequest(server.url, '/api/auth/register', { body: JSON.stringify({ email: uniqueEmail(), password: GOOD_PASSWORD, full_name: 'x'.repeat(1024 * 1024) }) });
    expect(huge.status).toBe(413);
    expect(huge.body.detail).toMatch(/too large/);
    expect(await countUsers()).toBe(before);
  });

  it('treats the same email in other letter case as the same (verified) account (409)', async () => {
    const email = uniqueEmail('case');
    await signUp(server, { email });
    const before = await countUsers();
    const r = await rawRequest(server.url, '/api/auth/register', { body: JSON.stringify({ email: email.toUpperCase(), password: GOOD_PASSWORD }) });
    expect(r.status).toBe(409);
    expect(r.body.detail).toMatch(/already exists/);
    expect(await countUsers()).toBe(before);
  });

  it('an unverified account gets requires_verification on login and a fresh code, no token', async () => {
    const email = uniqueEmail('unverified');
    const c = server.client();
    await c.api.auth.register({ email, password: GOOD_PASSWORD });
    const first = await server.mailbox.codeFor(email);
    // Past the resend cooldown, login sends a new code.
    const clock = server.running.ctx.clock;
    void clock;
    const r = await c.api.auth.login({ email, password: GOOD_PASSWORD });
    expect(r).toMatchObject({ requires_verification: true, access_token: null, user: null });
    expect(c.store.token).toBeNull();
    expect(first).toMatch(/^[A-Z0-9]{6}$/);
  });

  it('wrong, reused and over-attempted codes are refused; the 6th attempt is refused even with the right code', async () => {
    const email = uniqueEmail('codes');
    const b = new Browser(server.url);
    await b.post('/api/auth/register', { email, password: GOOD_PASSWORD });
    const code = await server.mailbox.codeFor(email);
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';

    const bad = await b.post('/api/auth/verify-email', { email, verification_code: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/6 letters or digits/);
    const symbols = await b.post('/api/auth/verify-email', { email, verification_code: 'AB-12!' });
    expect(symbols.status).toBe(400);

    for (let i = 1; i <= 5; i++) {
      const r = await b.post('/api/auth/verify-email', { email, verification_code: wrong });
      expect(r.status).toBe(400);
      expect(r.body.detail).toMatch(i < 5 ? new RegExp(`${5 - i} attempts? left`) : /Too many wrong attempts/);
    }
    const sixth = await b.post('/api/auth/verify-email', { email, verification_code: code });
    expect(sixth.status).toBe(400);
    expect(sixth.body.detail).toMatch(/Too many wrong attempts/);
    const row = await server.running.ctx.db.selectFrom('users').select('email_verified').where('email', '=', email).executeTakeFirstOrThrow();
    expect(Number(row.email_verified)).toBe(0);
  });

  it('a code works once', async () => {
    const email = uniqueEmail('once');
    const c = server.client();
    await c.api.auth.register({ email, password: GOOD_PASSWORD });
    const code = await server.mailbox.codeFor(email);
    await c.api.auth.verifyEmail({ email, verification_code: code });
    const reuse = await rawRequest(server.url, '/api/auth/verify-email', { body: JSON.stringify({ email, verification_code: code }) });
    expect(reuse.status).toBe(400);
    expect(reuse.body.detail).toMatch(/already verified/);
  });

  it('resend answers alike for an unknown, a verified, an unverified and a cooling-down address; only the unverified one gets a mail, once per cooldown', async () => {
    const pending = uniqueEmail('resend');
    const cooling = uniqueEmail('resend-cooling');
    const unknown = uniqueEmail('nobody');
    const verified = (await signUp(server)).email;
    const b = new Browser(server.url);
    for (const email of [pending, cooling]) expect((await b.post('/api/auth/register', { email, password: GOOD_PASSWORD })).status).toBe(201);
    clock.advance(61_000);
    const sent = server.mailbox.messages.length;
    // `pending` first, so its cooldown starts; asked again below, it is inside it.
    const answers = [];
    for (const email of [pending, cooling, unknown, verified, pending]) answers.push({ email, r: await b.post('/api/auth/resend-verification', { email }) });
    for (const { email, r } of answers) {
      expect(r.status, email).toBe(200);
      expect(r.headers['retry-after']).toBeUndefined();
      expect({ ...r.body, message: r.body.message.replace(email, 'X') }).toEqual({ message: 'If X is waiting for verification, we sent a new code to it.', retry_after_seconds: 60 });
    }
    const code = await server.mailbox.codeFor(pending, sent);
    await server.mailbox.codeFor(cooling, sent);
    const mailed = server.mailbox.messages.slice(sent).map((m) => m.to);
    expect(mailed.filter((to) => to.includes(pending))).toHaveLength(1);
    expect(mailed.filter((to) => to.includes(unknown) || to.includes(verified))).toEqual([]);
    expect((await b.post('/api/auth/verify-email', { email: pending, verification_code: code })).status).toBe(200);
  });

  it("a stranger's wrong codes and requests neither spend nor replace the owner's sign-up code: the owner's browser always gets its tries", async () => {
    const email = uniqueEmail('owner-tries');
    const owner = new Browser(server.url);
    expect((await owner.post('/api/auth/register', { email, password: GOOD_PASSWORD, full_name: 'Olivia Owner' })).status).toBe(201);
    const code = await server.mailbox.codeFor(email);
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    // Past the cooldown, strangers ask for codes and send more wrong ones than any limit allows.
    clock.advance(61_000);
    for (let i = 0; i < 3; i++) {
      const stranger = new Browser(server.url, `127.0.0.${20 + i}`);
      expect((await stranger.post('/api/auth/resend-verification', { email })).status).toBe(200);
      for (let j = 0; j < 6; j++) expect((await stranger.post('/api/auth/verify-email', { email, verification_code: wrong })).status).toBe(400);
      // Even the owner's code is refused in a stranger's browser.
      expect((await stranger.post('/api/auth/verify-email', { email, verification_code: code })).status).toBe(400);
    }
    const cookieless = await rawRequest(server.url, '/api/auth/verify-email', { body: JSON.stringify({ email, verification_code: code }) });
    expect(cookieless.body.detail).toBe('No active code for this email in this browser. Please request a new one.');
    // The owner's browser: its own tries, then its code, which keeps the password it chose.
    for (let i = 1; i <= 4; i++) expect((await owner.post('/api/auth/verify-email', { email, verification_code: wrong })).body.detail).toMatch(new RegExp(`${5 - i} attempts? left`));
    const verified = await owner.post('/api/auth/verify-email', { email, verification_code: code });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ email, email_verified: true, has_password: true, full_name: 'Olivia Owner' });
  });

  it('wrong password and unknown account get the same 401 detail', async () => {
    const u = await signUp(server);
    const wrong = await rawRequest(server.url, '/api/auth/login', { body: JSON.stringify({ email: u.email, password: 'Wrong-pass1!' }) });
    const unknown = await rawRequest(server.url, '/api/auth/login', { body: JSON.stringify({ email: uniqueEmail('ghost'), password: 'Wrong-pass1!' }) });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.detail).toBe('Incorrect email or password');
    expect(unknown.body.detail).toBe('Incorrect email or password');
    const missing = await rawRequest(server.url, '/api/auth/login', { body: JSON.stringify({ email: u.email }) });
    expect(missing.status).toBe(400);
  });

  it('a new account has scheduled emails off and the timezone its browser gave at sign-up', async () => {
    const c = server.client();
    const email = uniqueEmail('berlin');
    await c.api.auth.register({ email, password: GOOD_PASSWORD, timezone: 'Europe/Berlin' });
    await c.api.auth.verifyEmail({ email, verification_code: await server.mailbox.codeFor(email) });
    expect(User.parse(await c.api.settings.profile())).toMatchObject({ timezone: 'Europe/Berlin', email_delivery: false, selected_days: [1, 2, 3, 4, 5], recommendation_time: '19:00' });

    // Without a zone (an older client): UTC, emails still off. A zone that is not IANA: a 400, no account.
    const plain = await signUp(server);
    expect(await plain.api.settings.profile()).toMatchObject({ timezone: 'UTC', email_delivery: false });
    const before = await countUsers();
    for (const timezone of ['Mars/Olympus', '', 'x'.repeat(65), 42]) {
      const r = await rawRequest(server.url, '/api/auth/register', { body: JSON.stringify({ email: uniqueEmail(), password: GOOD_PASSWORD, timezone }) });
      expect(r.status, String(timezone)).toBe(400);
      expect(typeof r.body.detail).toBe('string');
    }
    expect(await countUsers()).toBe(before);
  });

  it('profile validation: bad input is a 400 and changes nothing', async () => {
    const u = await signUp(server);
    const before = await u.api.settings.profile();
    const bad: unknown[] = [
      { selected_days: [] },
      { selected_days: [0] },
      { selected_days: [8] },
      { selected_days: [1, 1] },
      { recommendation_time: '25:00' },
      { recommendation_time: '7pm' },
      { timezone: 'Mars/Olympus' },
      { preferred_languages: [] },
      { preferred_languages: ['Klingon'] },
      { ott_subscriptions: ['NotAPlatform'] },
      { full_name: 5 },
      { unknown_field: true },
    ];
    for (const b of bad) {
      const r = await rawRequest(server.url, '/api/settings/profile', { method: 'PUT', body: JSON.stringify(b), token: u.store.token! });
      expect(r.status, JSON.stringify(b)).toBe(400);
      expect(typeof r.body.detail).toBe('string');
    }
    expect(await u.api.settings.profile()).toEqual(before);
  });
});
