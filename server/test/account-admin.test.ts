// The operator's account commands, spawned as an operator runs them (`npm run admin -- ...` from
// the repository root) against the database of a running server.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { AccountExport } from '@app/shared';
import { dialects } from './support/dialects.js';
import { rawRequest, startTestServer, type TestServer } from './support/test-server.js';
import { startFakeGoogleOAuth, type FakeGoogleOAuth } from './support/fake-google-oauth.js';
import { connect } from './support/calendar-flow.js';
import { placesHolding } from './support/account-scan.js';
import { onboardedUser, setPlan } from './recommendations.helpers.js';

const ROOT = resolve(__dirname, '../..');
// Each spawn starts npm and tsx: seconds apiece on a busy machine.
const SPAWNS_TIMEOUT = 180_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function admin(server: TestServer, args: string[], cwd = ROOT): Promise<Run> {
  const env: Record<string, string> = { ...(process.env as Record<string, string>) };
  // The server's own configuration: its database, key folder, mail and Google endpoints.
  for (const k of ['DATA_DIR', 'DATABASE_URL', 'DATABASE_SCHEMA', 'SMTP_URL', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'GOOGLE_REVOKE_URL', 'GOOGLE_TOKEN_URL', 'GOOGLE_AUTH_URL', 'GOOGLE_USERINFO_URL']) {
    if (server.env[k]) env[k] = server.env[k];
  }
  const child = spawn('npm', ['run', '--silent', '--prefix', ROOT, 'admin', '--', ...args], { cwd, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((ok) => child.on('exit', (code) => ok({ code, stdout, stderr: stderr.replace(/^npm warn .*\n/gm, '') })));
}

describe.each(dialects)('npm run admin account commands on %s', (dialect) => {
  let server: TestServer;
  let google: FakeGoogleOAuth;
  const outDir = mkdtempSync(join(tmpdir(), 'tp-admin-export-'));
  beforeAll(async () => {
    google = await startFakeGoogleOAuth();
    server = await startTestServer(dialect, { env: google.env() });
  });
  afterAll(async () => {
    await server?.close();
    await google?.close();
    rmSync(outDir, { recursive: true, force: true });
  });

  it('users lists every account; export-user writes the same JSON as the API, to stdout or a file', async () => {
    const a = await onboardedUser(server);
    const b = await onboardedUser(server);
    await setPlan(server, b.userId, 'paid_lifetime');
    const pick = await a.api.recommendations.current();

    const [list, toStdout, toFile, unknown, noArg] = await Promise.all([
      admin(server, ['users']),
      admin(server, ['export-user', a.email.toUpperCase()]),
      admin(server, ['export-user', a.email, 'a-export.json'], outDir),
      admin(server, ['export-user', 'nobody@example.test']),
      admin(server, ['delete-user']),
    ]);
    expect(list.code).toBe(0);
    const lines = list.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^EMAIL\s+PLAN\s+CREATED\s+LAST ACTIVE$/);
    expect(lines.find((l) => l.startsWith(a.email))).toMatch(/^\S+\s+free_trial\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(lines.find((l) => l.startsWith(b.email))).toMatch(/\spaid_lifetime\s/);
    expect(lines.at(-1)).toMatch(/^\d+ accounts$/);

    expect(toStdout.code).toBe(0);
    const data = AccountExport.parse(JSON.parse(toStdout.stdout));
    expect(data.profile.email).toBe(a.email);
    expect(data.history.map((h) => h.id)).toEqual([pick.id]);
    // The API's export holds the same data (its time of export aside).
    const api = AccountExport.parse(JSON.parse((await a.api.account.exportData()).text));
    expect({ ...api, exported_at: '' }).toEqual({ ...data, exported_at: '' });

    expect(toFile.code).toBe(0);
    const file = join(outDir, 'a-export.json');
    expect(toFile.stdout).toBe(`Wrote the data of ${a.email} to ${file} (1 recommendations).\n`);
    expect(AccountExport.parse(JSON.parse(readFileSync(file, 'utf8'))).profile.id).toBe(a.userId);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    expect(unknown).toMatchObject({ code: 1, stdout: '', stderr: 'No account with the email nobody@example.test.\n' });
    expect(noArg.code).toBe(2);
    expect(noArg.stderr).toMatch(/delete-user needs one email address/);
  }, SPAWNS_TIMEOUT);

  it('delete-user deletes like the API: every row, Google revoked, tokens refused, a confirmation mailed', async () => {
    const u = await onboardedUser(server);
    await setPlan(server, u.userId, 'paid_lifetime');
    await connect(Object.assign(u, { id: u.userId }), google, { email: 'operator.case@gmail.test' });
    const [refresh] = google.refreshTokensOf('operator.case@gmail.test');

    const run = await admin(server, ['delete-user', u.email]);
    // Standard error may carry the server's own warnings (e.g. PostgreSQL with a key file); the result is on standard output.
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`Deleted the account of ${u.email} and its data; a confirmation was mailed to the address.\n`);
    expect(google.revocations).toContain(refresh);
    expect(await placesHolding(server.running.ctx.db, dialect, [u.userId, u.email])).toEqual([]);
    expect((await rawRequest(server.url, '/api/settings/profile', { token: u.store.token! })).status).toBe(401);
    await server.mailbox.waitFor((m) => m.to.includes(u.email) && /has been deleted/.test(m.subject));

    const again = await admin(server, ['delete-user', u.email]);
    expect(again).toMatchObject({ code: 1, stderr: `No account with the email ${u.email}. Nothing changed.\n` });
  }, SPAWNS_TIMEOUT);
});
