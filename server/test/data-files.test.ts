// The data folder and what the server writes in it (database, its WAL and shared memory, the
// secrets) are its user's alone: a fresh folder is made 0700 and every file 0600, so another
// account on the machine cannot read password hashes or session tokens. A folder the operator
// made is left as it is, and the log says so when others can open it.
import { describe, it, expect, afterAll } from 'vitest';
import BetterSqlite3 from 'better-sqlite3';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dialects } from './support/dialects.js';
import { captureLogs } from './support/log-capture.js';
import { signUp, startTestServer } from './support/test-server.js';
import { calendarCipher } from '../src/features/calendar/calendar.access.js';

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);
const modesIn = (dir: string) => Object.fromEntries(readdirSync(dir).sort().map((f) => [f, modeOf(join(dir, f))]));

describe.each(dialects)('the data folder on %s', (dialect) => {
  const root = mkdtempSync(join(tmpdir(), 'tp-files-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('a fresh DATA_DIR is created 0700 and every file the server writes in it is 0600', async () => {
    const data = join(root, 'fresh', 'data');
    const server = await startTestServer(dialect, { env: { DATA_DIR: data } });
    try {
      await signUp(server); // a write, so SQLite has its -wal and -shm
      calendarCipher(server.running.ctx); // the calendar key file, made on first use
      expect(modeOf(data)).toBe('700');
      const files = modesIn(data);
      const expected: Record<string, string> = { 'calendar-token-key': '600' };
      if (dialect === 'sqlite') Object.assign(expected, { 'app.db': '600', 'app.db-wal': '600', 'app.db-shm': '600', 'jwt-secret': '600' });
      expect(Object.fromEntries(Object.entries(files).filter(([f]) => f !== 'app.db.lock'))).toEqual(expected);
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe('a data folder that already exists (SQLite)', () => {
  const root = mkdtempSync(join(tmpdir(), 'tp-files-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("is left as the operator set it, said in the log; an older version's 0644 database files are made 0600", async () => {
    const data = join(root, 'data');
    mkdirSync(data);
    chmodSync(data, 0o755);
    // What earlier versions left: the database and its WAL readable by everyone.
    const old = new BetterSqlite3(join(data, 'app.db'));
    old.pragma('journal_mode = WAL');
    old.exec('create table t (x integer); insert into t values (1)');
    chmodSync(join(data, 'app.db'), 0o644);
    chmodSync(join(data, 'app.db-wal'), 0o644);
    chmodSync(join(data, 'app.db-shm'), 0o644);
    const logs = captureLogs('warn');
    // Open while the server starts, so its -wal and -shm are there too (the last close removes them).
    const server = await startTestServer('sqlite', { env: { DATA_DIR: data }, logger: logs.logger }).finally(() => old.close());
    try {
      await signUp(server);
      expect(modeOf(data)).toBe('755');
      const files = modesIn(data);
      expect([files['app.db'], files['app.db-wal'], files['app.db-shm'], files['jwt-secret']]).toEqual(['600', '600', '600', '600']);
      const messages = logs.entries().map((e) => e.msg);
      expect(messages).toContain(`the folder ${data} can be opened by other users (mode 0755); it is left as it is: chmod 700 it so only the server's user can list it`);
      expect(messages).toContain(`made ${['app.db', 'app.db-wal', 'app.db-shm'].map((f) => join(data, f)).join(', ')} readable by the server's user only (mode 0600)`);
    } finally {
      await server.close();
    }
  }, 120_000);
});
