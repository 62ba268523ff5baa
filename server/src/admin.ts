// Operator commands, run from the repository root: `npm run admin -- <command> [args]`.
// They use the same configuration as the server (environment, DATA_DIR, DATABASE_URL), so they
// act on the database the server uses. Each prints one line; failures exit with code 1.
import { ConfigError, loadConfig } from './config.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/connection.js';
import { grantLifetime, revokeLifetime, type PlanChange } from './features/payments/lifetime.admin.js';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  grant-lifetime EMAIL    give the account with this email the lifetime plan (no payment)
  revoke-lifetime EMAIL   move a lifetime account back to the free plan (refunds are done in Stripe)
  help                    show this help

The database is the server's: DATABASE_URL, or the SQLite file in DATA_DIR (default ./data).`;

type Command = (db: DatabaseHandle, args: string[]) => Promise<{ line: string; ok: boolean }>;

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
  const config = loadConfig();
  const handle = await openDatabase(config.database);
  try {
    await migrateToLatest(handle);
    const { line, ok } = await command(handle, args);
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
