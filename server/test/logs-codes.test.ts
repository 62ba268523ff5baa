// Without SMTP an operator signs up by reading the code from the log: every emailed code is on its
// own marked line (readable format) and a top-level field (JSON format). With SMTP, codes never
// reach the log.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dialects } from './support/dialects.js';
import { Browser } from './support/browser.js';
import { startTestServer, uniqueEmail, rawRequest, GOOD_PASSWORD, TestClock, type TestServer } from './support/test-server.js';
import { captureLogs, type LogCapture } from './support/log-capture.js';
import { spawnServer, freePort, waitReady } from './support/server-process.js';
import { createLogger } from '../src/logger.js';
import { createMailer, type MailMessage } from '../src/integrations/mail.js';
import { verificationEmail, unlockEmail } from '../src/features/auth/auth.emails.js';
import { passwordResetEmail, emailChangeCodeEmail, passwordChangedEmail } from '../src/features/credentials/credentials.emails.js';
import { deletionCodeEmail } from '../src/features/account/account.emails.js';

const CODE_LINE = (what: string, email: string, code: string) => `==> ${what} for ${email}: ${code} (no SMTP configured: codes are printed here)`;

describe('every emailed code, without SMTP', () => {
  const mails: Array<[string, string, MailMessage]> = [
    ['sign-up', 'Sign-up code', verificationEmail('http://x', 'a@b.test', 'K7Q2XZ')],
    ['password-reset', 'Password reset code', passwordResetEmail('http://x', 'a@b.test', 'K7Q2XZ')],
    ['email-change', 'Email change code', emailChangeCodeEmail('http://x', 'a@b.test', 'K7Q2XZ')],
    ['sign-in', 'Sign-in code', unlockEmail('http://x', 'a@b.test', 'K7Q2XZ')],
    ['account-deletion', 'Account deletion code', deletionCodeEmail('a@b.test', 'K7Q2XZ')],
  ];

  it('is one JSON line with the code, its purpose and the address as fields, at warn (shown at LOG_LEVEL=warn)', async () => {
    const logs = captureLogs('warn');
    const mailer = createMailer(null, 'x', logs.logger);
    for (const [, , m] of mails) await mailer.send(m);
    expect(logs.entries().map(({ level, purpose, email, code, msg }) => ({ level, purpose, email, code, msg }))).toEqual(
      mails.map(([purpose, what]) => ({ level: 40, purpose, email: 'a@b.test', code: 'K7Q2XZ', msg: CODE_LINE(what, 'a@b.test', 'K7Q2XZ') })),
    );
  });

  it('is a line of its own in the readable format; other mails keep their log line', async () => {
    const out: string[] = [];
    const logger = createLogger('info', { write: (s: string) => void out.push(s) }, 'pretty');
    const mailer = createMailer(null, 'x', logger);
    for (const [, , m] of mails) await mailer.send(m);
    await mailer.send(passwordChangedEmail('http://x', 'a@b.test'));
    expect(out.slice(0, mails.length)).toEqual(mails.map(([, what]) => `${CODE_LINE(what, 'a@b.test', 'K7Q2XZ')}\n`));
    expect(out[mails.length]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}mail \(SMTP_URL not set\) to a@b\.test: Your Tonight's Pick password was changed\n/);
  });
});

describe.each(dialects)('codes in the log of a running server on %s', (dialect) => {
  let noSmtp: TestServer;
  let withSmtp: TestServer;
  let plain: LogCapture;
  let mailed: LogCapture;
  const clock = new TestClock(new Date('2026-03-01T12:00:00Z'));
  beforeAll(async () => {
    plain = captureLogs();
    mailed = captureLogs();
    noSmtp = await startTestServer(dialect, { clock, logger: plain.logger, env: { SMTP_URL: '' } });
    withSmtp = await startTestServer(dialect, { clock, logger: mailed.logger });
  });
  afterAll(async () => {
    await noSmtp?.close();
    await withSmtp?.close();
  });

  const loggedCode = (logs: LogCapture, purpose: string, email: string) => logs.entries().filter((e) => e.purpose === purpose && e.email === email).at(-1)?.code as string | undefined;

  it('without SMTP: the sign-up and reset codes from the log verify the account and reset its password', async () => {
    const email = uniqueEmail('nosmtp');
    // One browser throughout: a code works in the browser that asked for it.
    const b = new Browser(noSmtp.url);
    expect((await b.post('/api/auth/register', { email, password: GOOD_PASSWORD, full_name: 'Op' })).status).toBe(201);
    const code = loggedCode(plain, 'sign-up', email);
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    expect(plain.entries().find((e) => e.code === code)!.msg).toBe(CODE_LINE('Sign-up code', email, code!));
    expect((await b.post('/api/auth/verify-email', { email, verification_code: code })).status).toBe(200);

    clock.advance(120_000);
    expect((await b.post('/api/auth/forgot-password', { email })).status).toBe(200);
    const reset = loggedCode(plain, 'password-reset', email);
    expect(reset).toMatch(/^[A-Z0-9]{6}$/);
    const done = await b.post('/api/auth/reset-password', { email, code: reset, new_password: 'An0ther-pass!' });
    expect(done.status).toBe(200);
  });

  it('with SMTP: the codes are mailed and never logged', async () => {
    const email = uniqueEmail('smtp');
    expect((await rawRequest(withSmtp.url, '/api/auth/register', { body: JSON.stringify({ email, password: GOOD_PASSWORD, full_name: 'Op' }) })).status).toBe(201);
    const code = await withSmtp.mailbox.codeFor(email);
    clock.advance(120_000);
    const before = withSmtp.mailbox.messages.length;
    expect((await rawRequest(withSmtp.url, '/api/auth/forgot-password', { body: JSON.stringify({ email }) })).status).toBe(200);
    const resetMail = await withSmtp.mailbox.waitFor((m) => m.to.includes(email) && /reset code/.test(m.subject) && withSmtp.mailbox.messages.indexOf(m) >= before);
    const reset = /code: ([A-Z0-9]{6})/.exec(resetMail.subject)![1];
    expect(mailed.lines.length).toBeGreaterThan(0);
    expect(mailed.text()).not.toContain(code);
    expect(mailed.text()).not.toContain(reset);
    expect(mailed.entries().filter((e) => 'code' in e || 'purpose' in e)).toEqual([]);
  });
});

describe('the started server with LOG_FORMAT=pretty and no SMTP', () => {
  it('prints readable lines, and the sign-up code on a line of its own', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tp-logs-'));
    const proc = spawnServer({ DATA_DIR: dataDir, DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}`, SMTP_URL: '', LOG_FORMAT: 'pretty' }, await freePort());
    try {
      await waitReady(proc);
      const email = uniqueEmail('pretty');
      expect((await rawRequest(proc.url, '/api/auth/register', { body: JSON.stringify({ email, password: GOOD_PASSWORD, full_name: 'Op' }) })).status).toBe(201);
      // The request line is written when the response ends: wait for it to come through the pipe.
      for (let i = 0; i < 100 && !proc.output().stdout.includes('-> 201'); i++) await new Promise((ok) => setTimeout(ok, 50));
      const lines = proc.output().stdout.split('\n');
      expect(lines).toContainEqual(expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}Tonight's Pick is listening on http:\/\/127\.0\.0\.1:\d+ \(database: sqlite\)$/));
      expect(lines).toContainEqual(expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}POST \/api\/auth\/register -> 201 \(\d+ ms\)/));
      const codeLine = lines.find((l) => l.startsWith('==> '));
      expect(codeLine).toMatch(new RegExp(`^==> Sign-up code for ${email.replace(/[.+]/g, '\\$&')}: [A-Z0-9]{6} \\(no SMTP configured: codes are printed here\\)$`));
      expect(lines.filter((l) => l.startsWith('{'))).toEqual([]);
    } finally {
      proc.child.kill('SIGTERM');
      await proc.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
