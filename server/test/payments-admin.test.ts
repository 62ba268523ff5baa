// The operator's command, spawned as an operator runs it (`npm run admin -- ...` from the
// repository root) against the database of a running server.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { ApiError } from '@app/shared';
import { dialects } from './support/dialects.js';
import { startTestServer, signUp, type TestServer } from './support/test-server.js';

const ROOT = resolve(__dirname, '../..');
// Each spawn starts npm and tsx: seconds apiece on a busy machine.
const SPAWNS_TIMEOUT = 120_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function admin(server: TestServer, args: string[]): Promise<Run> {
  const env: Record<string, string> = { ...(process.env as Record<string, string>), DATA_DIR: server.env.DATA_DIR, DATABASE_URL: server.env.DATABASE_URL };
  if (server.env.DATABASE_SCHEMA) env.DATABASE_SCHEMA = server.env.DATABASE_SCHEMA;
  const child = spawn('npm', ['run', '--silent', 'admin', '--', ...args], { cwd: ROOT, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((ok) => child.on('exit', (code) => ok({ code, stdout, stderr: stderr.replace(/^npm warn .*\n/gm, '') })));
}

describe.each(dialects)('npm run admin on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('grant-lifetime and revoke-lifetime change the plan of the account with that email', async () => {
    const u = await signUp(server);
    const granted = await admin(server, ['grant-lifetime', u.email.toUpperCase()]);
    expect(granted).toEqual({ code: 0, stdout: `Granted the lifetime plan to ${u.email} (was free_trial).\n`, stderr: '' });
    expect((await u.api.subscription.status()).subscription_tier).toBe('paid_lifetime');
    // Payments are off on this server, and a lifetime user has nothing to buy anyway.
    const buy = await u.api.payments.createOrder({ billing_period: 'lifetime' }).catch((e: ApiError) => e);
    expect((buy as ApiError).status).toBe(409);

    const twice = await admin(server, ['grant-lifetime', u.email]);
    expect(twice.code).toBe(0);
    expect(twice.stdout).toBe(`${u.email} already has the lifetime plan. Nothing changed.\n`);

    const revoked = await admin(server, ['revoke-lifetime', u.email]);
    expect(revoked).toEqual({ code: 0, stdout: `Revoked the lifetime plan of ${u.email}; the account is now on free_trial.\n`, stderr: '' });
    expect((await u.api.subscription.status())).toMatchObject({ subscription_tier: 'free_trial', recommendations_limit: 3 });
  }, SPAWNS_TIMEOUT);

  it('an unknown email, a missing argument or an unknown command: exit 1 (refused) or 2 (bad argument) with one clear line', async () => {
    const [unknown, noArg, bad, help] = await Promise.all([
      admin(server, ['grant-lifetime', 'nobody@example.test']),
      admin(server, ['revoke-lifetime']),
      admin(server, ['make-me-rich']),
      admin(server, ['help']),
    ]);
    expect(unknown).toEqual({ code: 1, stdout: '', stderr: 'No account with the email nobody@example.test. Nothing changed.\n' });
    expect(noArg.code).toBe(2);
    expect(noArg.stderr).toMatch(/needs one email address/);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('Unknown command: make-me-rich. Try: npm run admin -- help\n');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('grant-lifetime EMAIL');
    expect(help.stdout).toContain('revoke-lifetime EMAIL');
  }, SPAWNS_TIMEOUT);
});
