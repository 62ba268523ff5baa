// `npm run admin -- backup FILE [--force]`: a consistent copy of the SQLite database while the
// server keeps writing, through SQLite's online backup API (better-sqlite3's db.backup). The copy
// is made in one step, inside one read transaction: in WAL mode writers carry on meanwhile, and
// the copy is the database as of the moment that transaction began.
import BetterSqlite3 from 'better-sqlite3';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { createPrivateFile } from '../db/private-files.js';
import { checkOurDatabase, fsyncDirectory, fsyncFile, postgresRefusal, removeSidecars } from './sqlite-files.js';
import { done, formatBytes, parseArgs, refused, UsageError, userPath, type Command } from './cli.js';

export const backup: Command = {
  database: false,
  async run({ args, config }) {
    const { flags, positional } = parseArgs('backup', args, { flags: ['--force'], min: 1, max: 1, what: 'one FILE to write the copy to' });
    if (config.database.dialect === 'postgres') return refused(postgresRefusal('backup', config.database));
    const source = config.database.path;
    if (source === ':memory:') throw new UsageError('backup: DATABASE_URL is sqlite::memory:, there is no file to copy.');
    const file = userPath(positional[0]);
    if (file === source) throw new UsageError('backup: FILE is the database itself; name another file.');
    if (!existsSync(source)) return refused(`No database at ${source}: nothing to back up. Check DATA_DIR or DATABASE_URL.`);
    if (!existsSync(dirname(file))) return refused(`The folder ${dirname(file)} does not exist. Nothing written.`);
    if (existsSync(file) && !flags.has('--force')) return refused(`${file} already exists. Add --force to replace it. Nothing written.`);

    const started = performance.now();
    const tmp = `${file}.tmp-${process.pid}`;
    rmSync(tmp, { force: true });
    // The copy holds password hashes and tokens: readable by its owner only from its first byte
    // (SQLite writes into the file it finds, and gives its journal the file's mode).
    createPrivateFile(tmp);
    const db = new BetterSqlite3(source, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      // After better-sqlite3's first (empty) step, all pages in one: one snapshot, so writes by
      // the server cannot restart the copy (SQLite restarts a backup whose source changed
      // between steps).
      await db.backup(tmp, { progress: () => 0x7fffffff });
    } catch (err) {
      rmSync(tmp, { force: true });
      throw err;
    } finally {
      db.close();
    }
    const checked = checkOurDatabase(tmp);
    removeSidecars(tmp);
    if (!checked.ok) {
      rmSync(tmp, { force: true });
      return refused(`The copy failed its check (${checked.why}). Nothing written.`);
    }
    fsyncFile(tmp);
    renameSync(tmp, file);
    fsyncDirectory(file);
    const ms = performance.now() - started;
    const size = statSync(file).size;
    return done(`Backed up ${source} to ${file}: ${formatBytes(size)} in ${ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`} (integrity check ok, schema ${checked.check.migrations.at(-1) ?? 'empty'}).`);
  },
};
