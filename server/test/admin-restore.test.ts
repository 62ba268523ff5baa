// `npm run admin -- restore FILE`: a backup put back into a fresh folder starts a server where a
// user made before the backup signs in with their data; refused (nothing changed) while a server
// uses the database, and for files that are not a database of ours.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import BetterSqlite3 from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { GOOD_PASSWORD, rawRequest, signUp, startTestServer, type TestServer } from './support/test-server.js';
import { connectExtension } from './support/credentials.js';
import { onboardedUser } from './recommendations.helpers.js';
import { databaseEnv, runAdmin } from './support/admin-cli.js';

describe('npm run admin -- restore (SQLite)', () => {
  let server: TestServer;
  const dir = mkdtempSync(join(tmpdir(), 'tp-restore-'));
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('backup, restore into a fresh folder, start a server there: the user signs in and their picks are there', async () => {
    const user = await onboardedUser(server);
    const pick = await user.api.recommendations.current();
    const file = join(dir, 'backup.db');
    const made = await runAdmin(databaseEnv(server.env), ['backup', file]);
    expect(made.code).toBe(0);

    // While the server runs, its database is marked as in use by this process.
    const dbPath = server.env.DATABASE_URL.slice('sqlite:'.length);
    expect(JSON.parse(readFileSync(`${dbPath}.lock`, 'utf8')).pid).toBe(process.pid);

    const fresh = join(dir, 'fresh-data');
    const restored = await runAdmin({ DATA_DIR: fresh, LOG_LEVEL: 'silent' }, ['restore', file]);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(new RegExp(`^Restored ${join(fresh, 'app.db').replace(/[.]/g, '\\.')} from .*backup\\.db \\([\\d.]+ (KB|MB), schema \\d{4}_\\w+;`));
    expect(readdirSync(fresh)).toEqual(['app.db']);

    const second = await startTestServer('sqlite', { env: { DATA_DIR: fresh } });
    try {
      const { api } = second.client();
      const signedIn = await api.auth.login({ email: user.email, password: GOOD_PASSWORD });
      expect(signedIn.user?.email).toBe(user.email);
      expect(signedIn.user?.is_onboarded).toBe(true);
      const history = await api.recommendations.history();
      expect(history.recommendations.map((h) => h.id)).toContain(pick.id);
      expect(existsSync(join(fresh, 'app.db.lock'))).toBe(true);
    } finally {
      await second.close();
    }
    // A stopped server leaves no mark.
    expect(existsSync(join(fresh, 'app.db.lock'))).toBe(false);
  }, 180_000);

  it('refuses while a server uses the database, and changes nothing', async () => {
    const file = join(dir, 'for-refusal.db');
    expect((await runAdmin(databaseEnv(server.env), ['backup', file])).code).toBe(0);
    const data = server.env.DATA_DIR;
    const dbPath = join(data, 'app.db');
    const before = { files: readdirSync(data).sort(), ino: statSync(dbPath).ino };
    const run = await runAdmin(databaseEnv(server.env), ['restore', file]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(new RegExp(`^A server \\(process ${process.pid}, started [\\dT:.Z-]+\\) is using ${dbPath.replace(/[.]/g, '\\.')}\\. Stop it first, then run restore again\\. Nothing changed\\.\\n$`));
    expect({ files: readdirSync(data).sort(), ino: statSync(dbPath).ino }).toEqual(before);
    // The running server still writes to its own file.
    expect((await rawRequest(server.url, '/healthz')).status).toBe(200);
  }, 120_000);

  it('a mark left by a server that died does not block; the replaced database is kept aside', async () => {
    const target = join(dir, 'stale-data');
    const file = join(dir, 'backup.db');
    expect((await runAdmin({ DATA_DIR: target, LOG_LEVEL: 'silent' }, ['restore', file])).code).toBe(0);
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(join(target, 'app.db.lock'), JSON.stringify({ pid: Number(dead.stdout), started_at: '2026-01-01T00:00:00.000Z' }));
    const again = await runAdmin({ DATA_DIR: target, LOG_LEVEL: 'silent' }, ['restore', file]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/\nThe database it replaced is kept as .*app\.db\.before-restore-[\dT-]+Z; delete it once the restore is confirmed\.\n$/);
    const kept = readdirSync(target).find((f) => f.startsWith('app.db.before-restore-'))!;
    const old = new BetterSqlite3(join(target, kept), { readonly: true });
    expect(old.pragma('integrity_check', { simple: true })).toBe('ok');
    old.close();
  }, 120_000);

  it('says what the backup brings back (deleted accounts, ended sessions, old passwords); --revoke-sessions signs everyone out of it', async () => {
    // The database outside the servers' DATA_DIR (a test server removes its folder when it
    // stops) and one signing key for all of them, so a token from before the backup can be tried.
    const data = join(dir, 'brings-back');
    mkdirSync(data);
    const env = { DATABASE_URL: `sqlite:${join(data, 'app.db')}`, JWT_SECRET: randomBytes(36).toString('base64url') };
    const own = await startTestServer('sqlite', { env });
    const [a, b, c] = [await signUp(own), await signUp(own), await signUp(own)];
    const aToken = a.store.token!;
    const browser = await connectExtension(a);
    const file = join(dir, 'before-changes.db');
    expect((await runAdmin(databaseEnv(own.env), ['backup', file])).code).toBe(0);
    // After the backup: a signs out everywhere (session and browser end), b's account is deleted,
    // c changes password, d signs up.
    await a.api.auth.signOutEverywhere();
    expect((await runAdmin(databaseEnv(own.env), ['delete-user', b.email])).code).toBe(0);
    await c.api.credentials.changePassword({ current_password: GOOD_PASSWORD, new_password: `${GOOD_PASSWORD}2` });
    await signUp(own);
    await own.close();
    const profile = (url: string, token: string) => rawRequest(url, '/api/settings/profile', { token }).then((r) => r.status);

    const restored = await runAdmin({ DATABASE_URL: env.DATABASE_URL, LOG_LEVEL: 'silent' }, ['restore', file]);
    expect([restored.code, restored.stderr]).toEqual([0, '']);
    expect(restored.stdout.split('\n').slice(1, 7)).toEqual([
      'Compared with the database it replaces:',
      '  accounts: 3 in the backup, 3 now; 1 account deleted since comes back, 1 account made since is lost',
      '  web sessions: 3 in the backup, 2 now; 2 sessions ended since (signed out, revoked or deleted) work again',
      '  connected browsers: 1 in the backup, 0 now; 1 browser disconnected since is connected again',
      '  passwords: 1 account changed its password since; the old one works again',
      'To end every session and connected browser it brought back (everyone signs in again), run restore again with --revoke-sessions.',
    ]);
    let again = await startTestServer('sqlite', { env });
    try {
      // Just as it said: a's ended session and browser work again, b's deleted account is back.
      expect([await profile(again.url, aToken), await profile(again.url, browser)]).toEqual([200, 200]);
      expect((await again.client().api.auth.login({ email: b.email, password: GOOD_PASSWORD })).user?.email).toBe(b.email);
    } finally {
      await again.close();
    }

    const revoked = await runAdmin({ DATABASE_URL: env.DATABASE_URL, LOG_LEVEL: 'silent' }, ['restore', file, '--revoke-sessions']);
    expect([revoked.code, revoked.stderr]).toEqual([0, '']);
    expect(revoked.stdout).toContain('\nEnded every web session (3) and connected browser (1) in the restored database: everyone signs in again.\n');
    again = await startTestServer('sqlite', { env });
    try {
      expect([await profile(again.url, aToken), await profile(again.url, browser)]).toEqual([401, 401]);
      expect((await again.client().api.auth.login({ email: a.email, password: GOOD_PASSWORD })).user?.email).toBe(a.email);
    } finally {
      await again.close();
    }
    expect(statSync(join(data, 'app.db')).mode & 0o777).toBe(0o600);
  }, 180_000);

  it('refuses files that are not a database of ours, a missing file and bad arguments; nothing changes', async () => {
    const target = join(dir, 'untouched');
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'not a database at all, just some text that is long enough to have a header');
    const foreign = join(dir, 'foreign.db');
    const f = new BetterSqlite3(foreign);
    f.exec('create table t (x integer); insert into t values (1)');
    f.close();
    const env = { DATA_DIR: target, LOG_LEVEL: 'silent' };
    const [notDb, notOurs, missing, none, extra] = await Promise.all([
      runAdmin(env, ['restore', text]),
      runAdmin(env, ['restore', foreign]),
      runAdmin(env, ['restore', join(dir, 'nope.db')]),
      runAdmin(env, ['restore']),
      runAdmin(env, ['restore', text, '--force']),
    ]);
    expect(notDb).toEqual({ code: 1, stdout: '', stderr: `${text} cannot be restored: it is not a SQLite database. Nothing changed.\n` });
    expect(notOurs).toEqual({ code: 1, stdout: '', stderr: `${foreign} cannot be restored: it is a SQLite database but not one of Tonight's Pick (no kysely_migration table). Nothing changed.\n` });
    expect(missing).toEqual({ code: 1, stdout: '', stderr: `No file at ${join(dir, 'nope.db')}. Nothing changed.\n` });
    expect(none).toEqual({ code: 2, stdout: '', stderr: 'restore needs one FILE, a backup made by npm run admin -- backup. Try: npm run admin -- help\n' });
    expect(extra).toEqual({ code: 2, stdout: '', stderr: 'restore does not take --force. Try: npm run admin -- help\n' });
    expect(existsSync(target) ? readdirSync(target) : []).toEqual([]);
  }, 120_000);
});
