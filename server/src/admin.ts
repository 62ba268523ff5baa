// Operator commands, run from the repository root: `npm run admin -- <command> [args]`.
// They use the same configuration as the server (environment, DATA_DIR, DATABASE_URL), so they
// act on the database the server uses. Each prints one line (users: a table; export-user without
// a file: the JSON); failures exit with code 1.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, loadConfig, type Config } from './config.js';
import { loadEnvFile } from './env-file.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/connection.js';
import { grantLifetime, revokeLifetime, type PlanChange } from './features/payments/lifetime.admin.js';
import { deleteAccountByEmail, exportAccountByEmail, formatAccounts, listAccounts } from './features/account/account.admin.js';
import { createMailer } from './integrations/mail.js';
import { createLogger } from './logger.js';
import { systemClock } from './context.js';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  grant-lifetime EMAIL    give the account with this email the lifetime plan (no payment)
  revoke-lifetime EMAIL   move a lifetime account back to the free plan (refunds are done in Stripe)
  users                   list the accounts: email, plan, created, last active
  export-user EMAIL [FILE]
                          the account's data as JSON (what Settings > Export my data downloads),
                          to FILE or else to standard output
  delete-user EMAIL       delete the account and its data for good, as Settings > Delete my account
                          does: Google Calendar access revoked, payments kept without the user,
                          a confirmation mailed to the address
  help                    show this help

The database is the server's: DATABASE_URL, or the SQLite file in DATA_DIR (default ./data).`;

type Command = (db: DatabaseHandle, args: string[], config: Config) => Promise<{ line: string; ok: boolean }>;

const needsEmail = (name: string, args: string[], max = 1) => args.length < 1 || args.length > max || !args[0].includes('@') ? `${name} needs one email address. Try: npm run admin -- help` : null;
const unknown = (email: string) => ({ line: `No account with the email ${email}. Nothing changed.`, ok: false });

function describeChange(c: PlanChange, verb: 'grant' | 'revoke'): { line: string; ok: boolean } {
  if (c.kind === 'unknown_email') return { line: `No account with the email ${c.email}. Nothing changed.`, ok: false };
  if (c.kind === 'unchanged') {
    return verb === 'grant'
      ? { line: `${c.email} already has the lifetime plan. Nothing changed.`, ok: true }
      : { line: `${c.email} is not on the lifetime plan (plan: ${c.tier}). Nothing changed.`, ok: true };
  }
  return verb === 'grant'
    ? { line: `Granted the lifetime plan to ${c.email} (was ${c.from}).`, ok: true }
    : { line: `Revoked the lifetime plan of ${c.email}; the account is now on ${c.to}.`, ok: true };
}

function planCommand(verb: 'grant' | 'revoke'): Command {
  return async (handle, args) => {
    if (args.length !== 1 || !args[0].includes('@')) return { line: `${verb}-lifetime needs exactly one email address. Try: npm run admin -- help`, ok: false };
    const change = verb === 'grant' ? await grantLifetime(handle.db, args[0], new Date()) : await revokeLifetime(handle.db, args[0], new Date());
    return describeChange(change, verb);
  };
}

const COMMANDS: Record<string, Command> = {
  'grant-lifetime': planCommand('grant'),
  'revoke-lifetime': planCommand('revoke'),
  users: async (handle, args) => {
    if (args.length > 0) return { line: 'users takes no arguments. Try: npm run admin -- help', ok: false };
    return { line: formatAccounts(await listAccounts(handle.db)), ok: true };
  },
  'export-user': async (handle, args) => {
    const problem = needsEmail('export-user', args, 2);
    if (problem) return { line: problem, ok: false };
    const data = await exportAccountByEmail(handle.db, args[0], new Date());
    if (!data) return { line: `No account with the email ${args[0]}.`, ok: false };
    const json = JSON.stringify(data, null, 1);
    if (args.length === 1) return { line: json, ok: true };
    // npm run starts in the repository root; a relative path means the operator's own folder.
    const file = resolve(process.env.INIT_CWD ?? process.cwd(), args[1]);
    writeFileSync(file, `${json}\n`, { mode: 0o600 });
    return { line: `Wrote the data of ${data.profile.email} to ${file} (${data.history.length} recommendations).`, ok: true };
  },
  'delete-user': async (handle, args, config) => {
    const problem = needsEmail('delete-user', args);
    if (problem) return { line: problem, ok: false };
    // Logs go to standard error: standard output carries the one result line.
    const logger = createLogger(config.logLevel === 'silent' ? 'silent' : 'warn', process.stderr);
    const mailer = createMailer(config.smtpUrl, config.mailFrom, logger);
    try {
      const email = await deleteAccountByEmail({ config, database: handle, db: handle.db, logger, mailer, clock: systemClock }, args[0]);
      if (!email) return unknown(args[0]);
      return { line: `Deleted the account of ${email} and its data; a confirmation was mailed to the address.`, ok: true };
    } finally {
      mailer.close();
    }
  },
};

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    process.stderr.write(`${name ? `Unknown command: ${name}` : 'No command given.'}\n\n${USAGE}\n`);
    return 1;
  }
  loadEnvFile();
  const config = loadConfig();
  const handle = await openDatabase(config.database);
  try {
    await migrateToLatest(handle);
    const { line, ok } = await command(handle, args, config);
    (ok ? process.stdout : process.stderr).write(`${line}\n`);
    return ok ? 0 : 1;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`${err instanceof ConfigError ? err.message : `admin failed: ${err instanceof Error ? err.message : String(err)}`}\n`);
    process.exitCode = 1;
  },
);
