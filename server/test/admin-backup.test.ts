// `npm run admin -- backup FILE` against a running server that keeps writing: the copy is a whole
// database (integrity_check ok) holding every write acknowledged before the backup began.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import BetterSqlite3 from 'better-sqlite3';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GOOD_PASSWORD, startTestServer, uniqueEmail, type TestServer } from './support/test-server.js';
import { databaseEnv, runAdmin } from './support/admin-cli.js';

describe('npm run admin -- backup (SQLite)', () => {
  let server: TestServer;
  const outDir = mkdtempSync(join(tmpdir(), 'tp-backup-'));
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await server?.close();
    rmSync(outDir, { recursive: true, force: true });
  });

  it('copies a consistent database while sign-ups keep arriving; every sign-up acknowledged before it began is in the copy', async () => {
    // In the order their answers arrived: a count taken at a moment splits them exactly (two
    // timestamps in the same millisecond could not say which came first).
    const acked: string[] = [];
    let writing = true;
    const writer = async () => {
      while (writing) {
        const email = uniqueEmail('backup');
        await server.client().api.auth.register({ email, password: GOOD_PASSWORD, full_name: 'Backup Test' });
        acked.push(email);
      }
    };
    const writers = [writer(), writer(), writer()];
    // Some writes before the backup, then the backup while they continue.
    while (acked.length < 15) await new Promise((r) => setTimeout(r, 20));
    const file = join(outDir, 'copy.db');
    const ackedBefore = acked.length;
    const run = await runAdmin(databaseEnv(server.env), ['backup', file]);
    const during = acked.length - ackedBefore;
    // Keep writing a little after, then stop.
    await new Promise((r) => setTimeout(r, 200));
    writing = false;
    await Promise.all(writers);

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^Backed up .*app\\.db to ${file.replace(/[.]/g, '\\.')}: [\\d.]+ (B|KB|MB) in \\d+ ms \\(integrity check ok, schema \\d{4}_\\w+\\)\\.\\n$`));
    expect(during).toBeGreaterThan(0); // the server really was writing while the copy was made
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(outDir)).toEqual(['copy.db']); // no temporary file left

    const copy = new BetterSqlite3(file, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const inCopy = new Set((copy.prepare('select email from users').all() as { email: string }[]).map((r) => r.email));
      const before = acked.slice(0, ackedBefore);
      expect(before.length).toBeGreaterThanOrEqual(15);
      expect(before.filter((email) => !inCopy.has(email))).toEqual([]);
      // The copy is a snapshot, not the end state: nothing beyond what the server had.
      expect(inCopy.size).toBeLessThanOrEqual(acked.length);
      // It is a whole database of ours: the catalog came along too.
      expect((copy.prepare('select count(*) n from titles').get() as { n: number }).n).toBeGreaterThan(100);
    } finally {
      copy.close();
    }
  }, 120_000);

  it('refuses to overwrite a file without --force, replaces it with --force; a bad argument exits 2', async () => {
    const file = join(outDir, 'existing.db');
    writeFileSync(file, 'precious');
    const env = databaseEnv(server.env);
    const refused = await runAdmin(env, ['backup', file]);
    expect(refused).toEqual({ code: 1, stdout: '', stderr: `${file} already exists. Add --force to replace it. Nothing written.\n` });
    expect(readFileSync(file, 'utf8')).toBe('precious');

    const forced = await runAdmin(env, ['backup', file, '--force']);
    expect(forced.code).toBe(0);
    const copy = new BetterSqlite3(file, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();

    const [none, two, flag, missingDir] = await Promise.all([
      runAdmin(env, ['backup']),
      runAdmin(env, ['backup', 'a.db', 'b.db']),
      runAdmin(env, ['backup', 'a.db', '--overwrite']),
      runAdmin(env, ['backup', join(outDir, 'no-such-folder', 'x.db')]),
    ]);
    for (const r of [none, two, flag]) {
      expect(r.code).toBe(2);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
    expect(none.stderr).toBe('backup needs one FILE to write the copy to. Try: npm run admin -- help\n');
    expect(flag.stderr).toBe('backup does not take --overwrite. Try: npm run admin -- help\n');
    expect(missingDir.code).toBe(1);
    expect(missingDir.stderr).toMatch(/^The folder .*no-such-folder does not exist\. Nothing written\.\n$/);
    expect(existsSync(join(outDir, 'a.db'))).toBe(false);
  }, 120_000);

  it('the temporary copy is readable by its owner only from the moment it exists', async () => {
    // A database of its own, held under an exclusive lock: the backup creates its temporary file
    // and then waits for the lock, so the file can be looked at before any page is copied.
    const data = join(outDir, 'locked-data');
    mkdirSync(data);
    expect((await runAdmin(databaseEnv(server.env), ['backup', join(data, 'app.db')])).code).toBe(0);
    const hold = new BetterSqlite3(join(data, 'app.db'));
    hold.pragma('journal_mode = DELETE');
    hold.exec('begin exclusive');
    const file = join(outDir, 'locked.db');
    const run = runAdmin({ DATA_DIR: data, LOG_LEVEL: 'silent' }, ['backup', file]);
    try {
      let tmp: string | undefined;
      for (let i = 0; i < 3000 && !tmp; i++) {
        tmp = readdirSync(outDir).find((f) => f.startsWith('locked.db.tmp-'));
        if (!tmp) await new Promise((r) => setTimeout(r, 10));
      }
      expect(tmp).toBeDefined();
      expect(statSync(join(outDir, tmp!)).mode & 0o777).toBe(0o600);
    } finally {
      hold.exec('rollback');
      hold.close();
    }
    const done = await run;
    expect([done.code, done.stderr]).toEqual([0, '']);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(outDir).filter((f) => f.startsWith('locked.db'))).toEqual(['locked.db']);
  }, 120_000);

  it('on PostgreSQL it refuses and names pg_dump, without the password', async () => {
    const run = await runAdmin({ DATABASE_URL: 'postgres://operator:s3cret-pw@db.example.test:6543/tonight', LOG_LEVEL: 'silent' }, ['backup', join(outDir, 'pg.db')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'backup copies the SQLite file; this server uses PostgreSQL (tonight on db.example.test:6543). Use pg_dump: pg_dump -Fc "$DATABASE_URL" > backup.dump (README, "Backups").\n',
    );
    expect(run.stderr + run.stdout).not.toContain('s3cret');
    expect(existsSync(join(outDir, 'pg.db'))).toBe(false);
  }, 60_000);
});
