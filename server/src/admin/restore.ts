// `npm run admin -- restore FILE`: puts a backup in place of the SQLite database. Refused while a
// server uses the database (its `<db>.lock` names a live process: db/server-lock.ts). The file is
// checked first (SQLite, integrity_check ok, our migrations table), copied beside the database,
// and renamed over it: the database is the old one or the new one, never half of each. The
// database it replaces is kept beside it as `<db>.before-restore-<time>`. Before the rename it says
// what the backup brings back (restore-summary.ts); --revoke-sessions signs everyone out of it.
import BetterSqlite3 from 'better-sqlite3';
import { chmodSync, copyFileSync, existsSync, linkSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { serverUsing } from '../db/server-lock.js';
import { ensurePrivateDir } from '../db/private-files.js';
import { restoreSummary, revokeEverySession } from './restore-summary.js';
import { checkOurDatabase, fsyncDirectory, fsyncFile, postgresRefusal, removeSidecars } from './sqlite-files.js';
import { done, formatBytes, parseArgs, refused, UsageError, userPath, type Command } from './cli.js';

const REVOKE = '--revoke-sessions';

export const restore: Command = {
  database: false,
  async run({ args, config }) {
    const { flags, positional } = parseArgs('restore', args, { flags: [REVOKE], min: 1, max: 1, what: 'one FILE, a backup made by npm run admin -- backup' });
    if (config.database.dialect === 'postgres') return refused(postgresRefusal('restore', config.database));
    const target = config.database.path;
    if (target === ':memory:') throw new UsageError('restore: DATABASE_URL is sqlite::memory:, there is no file to restore into.');
    const file = userPath(positional[0]);
    if (file === target) throw new UsageError('restore: FILE is the database itself; name a backup.');
    if (!existsSync(file) || !statSync(file).isFile()) return refused(`No file at ${file}. Nothing changed.`);

    const server = serverUsing(target);
    if (server) {
      return refused(`A server (process ${server.pid}, started ${server.started_at}) is using ${target}. Stop it first, then run restore again. Nothing changed.`);
    }

    ensurePrivateDir(dirname(target));
    const tmp = `${target}.restore-${process.pid}`;
    rmSync(tmp, { force: true });
    copyFileSync(file, tmp);
    // The database is its user's alone whatever mode the backup file was given (private-files.ts).
    chmodSync(tmp, 0o600);
    const checked = checkOurDatabase(tmp);
    removeSidecars(tmp);
    if (!checked.ok) {
      rmSync(tmp, { force: true });
      return refused(`${file} cannot be restored: ${checked.why}. Nothing changed.`);
    }
    let notes: string[];
    try {
      notes = restoreSummary(tmp, existsSync(target) ? target : null);
      if (flags.has(REVOKE)) {
        const ended = revokeEverySession(tmp, new Date());
        notes.push(`Ended every web session (${ended.sessions}) and connected browser (${ended.browsers}) in the restored database: everyone signs in again.`);
      } else if (notes.length) notes.push(`To end every session and connected browser it brought back (everyone signs in again), run restore again with ${REVOKE}.`);
    } catch (err) {
      rmSync(tmp, { force: true });
      throw err;
    } finally {
      removeSidecars(tmp);
    }
    fsyncFile(tmp);

    let kept: string | null = null;
    if (existsSync(target)) {
      // Fold the old database's WAL into it (the last connection to close checkpoints and
      // removes it), so the copy kept aside is whole and no stale WAL meets the restored file.
      const old = new BetterSqlite3(target, { fileMustExist: true });
      try {
        old.pragma('busy_timeout = 5000');
        old.pragma('wal_checkpoint(TRUNCATE)');
      } finally {
        old.close();
      }
      kept = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      try {
        linkSync(target, kept);
      } catch {
        copyFileSync(target, kept);
      }
    }
    removeSidecars(target);
    renameSync(tmp, target);
    fsyncDirectory(target);
    const size = statSync(target).size;
    return done(
      `Restored ${target} from ${file} (${formatBytes(size)}, schema ${checked.check.migrations.at(-1) ?? 'empty'}; the server applies newer migrations when it starts).` +
        notes.map((n) => `\n${n}`).join('') +
        (kept ? `\nThe database it replaced is kept as ${kept}; delete it once the restore is confirmed.` : ''),
    );
  },
};
