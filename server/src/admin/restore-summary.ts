// What a restore brings back that the operator may not expect: accounts deleted since the backup,
// sessions and connected browsers ended since (valid again), passwords changed since (the old one
// works again). Compared by id with the database it replaces, read through ATTACH; and, on request,
// every session of the restored file ended so everyone signs in again (docs/operations.md).
import BetterSqlite3 from 'better-sqlite3';

type Db = BetterSqlite3.Database;

const has = (db: Db, schema: string, table: string) =>
  Boolean(db.prepare(`select 1 from ${schema}.sqlite_master where type = 'table' and name = ?`).get(table));
const count = (db: Db, query: string) => (db.prepare(query).get() as { n: number }).n;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const ACTIVE_BROWSERS = 'extension_tokens where revoked_at is null';

/** Sentences for the restore's output; `current` is the database it replaces, or null. */
export function restoreSummary(backupPath: string, current: string | null): string[] {
  const db = new BetterSqlite3(backupPath, { fileMustExist: true });
  try {
    const tables = ['users', 'sessions', 'extension_tokens'];
    if (!tables.every((t) => has(db, 'main', t))) return [];
    const users = count(db, 'select count(*) n from users');
    const sessions = count(db, 'select count(*) n from sessions');
    const browsers = count(db, `select count(*) n from ${ACTIVE_BROWSERS}`);
    const holds = `${plural(users, 'account')}, ${plural(sessions, 'web session')} and ${plural(browsers, 'connected browser')}`;
    if (current === null) return [`The backup holds ${holds}.`];
    db.prepare('attach database ? as now').run(current);
    if (!tables.every((t) => has(db, 'now', t))) return [`The backup holds ${holds}; the database it replaces has no accounts to compare with.`];
    const usersNow = count(db, 'select count(*) n from now.users');
    const deleted = count(db, 'select count(*) n from users where id not in (select id from now.users)');
    const made = count(db, 'select count(*) n from now.users where id not in (select id from users)');
    const sessionsNow = count(db, 'select count(*) n from now.sessions');
    const ended = count(db, 'select count(*) n from sessions where id not in (select id from now.sessions)');
    const browsersNow = count(db, `select count(*) n from now.${ACTIVE_BROWSERS}`);
    const disconnected = count(db, `select count(*) n from ${ACTIVE_BROWSERS} and id not in (select id from now.${ACTIVE_BROWSERS})`);
    const passwords = count(db, 'select count(*) n from users u join now.users v on v.id = u.id where u.password_hash is not null and u.password_hash is not v.password_hash');
    return [
      'Compared with the database it replaces:',
      `  accounts: ${users} in the backup, ${usersNow} now; ${plural(deleted, 'account')} deleted since come${deleted === 1 ? 's' : ''} back, ${plural(made, 'account')} made since ${made === 1 ? 'is' : 'are'} lost`,
      `  web sessions: ${sessions} in the backup, ${sessionsNow} now; ${plural(ended, 'session')} ended since (signed out, revoked or deleted) work${ended === 1 ? 's' : ''} again`,
      `  connected browsers: ${browsers} in the backup, ${browsersNow} now; ${plural(disconnected, 'browser')} disconnected since ${disconnected === 1 ? 'is' : 'are'} connected again`,
      `  passwords: ${plural(passwords, 'account')} changed ${passwords === 1 ? 'its' : 'their'} password since; the old ${passwords === 1 ? 'one works' : 'ones work'} again`,
    ];
  } finally {
    db.close();
  }
}

/** Ends every web session and connected browser in the file, and every token issued before now. */
export function revokeEverySession(path: string, now: Date): { sessions: number; browsers: number } {
  const db = new BetterSqlite3(path, { fileMustExist: true });
  try {
    return db.transaction(() => {
      const sessions = db.prepare('delete from sessions').run().changes;
      const browsers = db.prepare('update extension_tokens set revoked_at = ? where revoked_at is null').run(now.toISOString()).changes;
      // As "sign out everywhere" does: a token whose session row somehow survived is refused too.
      db.prepare('update users set tokens_valid_after = ?, updated_at = ? where tokens_valid_after < ?').run(now.getTime(), now.toISOString(), now.getTime());
      return { sessions, browsers };
    })();
  } finally {
    db.close();
  }
}
