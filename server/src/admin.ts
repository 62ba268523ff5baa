// Operator commands, run from the repository root: `npm run admin -- <command> [args]`.
// They use the same configuration as the server (environment, DATA_DIR, DATABASE_URL), so they
// act on the database the server uses. One module per command in admin/. Exit codes: 0 done,
// 1 refused or failed (the reason on standard error), 2 a bad argument (one line).
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from './config.js';
import { loadEnvFile } from './env-file.js';
import { migrateToLatest, openDatabase } from './db/connection.js';
import { UsageError, HINT, type Command, type Outcome } from './admin/cli.js';
import { backup } from './admin/backup.js';
import { restore } from './admin/restore.js';
import { status } from './admin/status.js';
import { deleteUser, exportUser, grantLifetimeCommand, revokeLifetimeCommand, users } from './admin/accounts.js';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  status [--json]         version, database, schema, catalog, users, plans, catalog sync, scheduler
  users [--json]          list the accounts: email, plan, created, last active
  grant-lifetime EMAIL    give the account with this email the lifetime plan (no payment)
  revoke-lifetime EMAIL   move a lifetime account back to the free plan (refunds are done in Stripe)
  export-user EMAIL [FILE]
                          the account's data as JSON (what Settings > Export my data downloads),
                          to FILE or else to standard output
  delete-user EMAIL       delete the account and its data for good, as Settings > Delete my account
                          does: Google Calendar access revoked, payments kept without the user,
                          a confirmation mailed to the address
  backup FILE [--force]   SQLite: a consistent copy of the database to FILE while the server runs
                          (--force replaces an existing FILE). PostgreSQL: use pg_dump (README, "Backups")
  restore FILE [--revoke-sessions]
                          SQLite: replace the database with the backup FILE; the server must be
                          stopped. The replaced database is kept beside it as <db>.before-restore-<time>.
                          It says which accounts, sessions and browsers the backup brings back;
                          --revoke-sessions ends every session in it (everyone signs in again)
  help                    show this help

The database is the server's: DATABASE_URL, or the SQLite file in DATA_DIR (default ./data).
Exit codes: 0 done, 1 refused or failed, 2 bad arguments.`;

const COMMANDS: Record<string, Command> = {
  status,
  users,
  'grant-lifetime': grantLifetimeCommand,
  'revoke-lifetime': revokeLifetimeCommand,
  'export-user': exportUser,
  'delete-user': deleteUser,
  backup,
  restore,
};

const HELP = new Set(['help', '--help', '-h']);

async function run(argv: string[]): Promise<Outcome> {
  const [name, ...args] = argv;
  if (name === undefined) throw new UsageError(`No command given. ${HINT}`);
  if (HELP.has(name) || args.some((a) => HELP.has(a))) return { out: USAGE, code: 0 };
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`Unknown command: ${name}. ${HINT}`);
  loadEnvFile();
  const config = loadConfig();
  if (!command.database) return command.run({ args, config, handle: undefined as never });
  const db = config.database;
  // Reading commands do not create an empty database where none is.
  if (command.database === 'as-is' && db.dialect === 'sqlite' && db.path !== ':memory:' && !existsSync(db.path)) {
    return { err: `No database at ${db.path}. Check DATA_DIR or DATABASE_URL (the server creates it when it first starts).`, code: 1 };
  }
  const handle = await openDatabase(db);
  try {
    if (command.database === 'migrated') await migrateToLatest(handle);
    return await command.run({ args, config, handle });
  } finally {
    await handle.close();
  }
}

run(process.argv.slice(2)).then(
  ({ out, err, code }) => {
    if (out !== undefined) process.stdout.write(`${out}\n`);
    if (err !== undefined) process.stderr.write(`${err}\n`);
    process.exitCode = code;
  },
  (err) => {
    if (err instanceof UsageError) {
      process.stderr.write(`${err.message}\n`);
      process.exitCode = 2;
      return;
    }
    process.stderr.write(`${err instanceof ConfigError ? err.message : `admin failed: ${err instanceof Error ? err.message : String(err)}`}\n`);
    process.exitCode = 1;
  },
);
