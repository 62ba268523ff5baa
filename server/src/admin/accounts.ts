// Account commands: grant-lifetime, revoke-lifetime, users, export-user, delete-user.
import { writeFileSync } from 'node:fs';
import { grantLifetime, revokeLifetime, type PlanChange } from '../features/payments/lifetime.admin.js';
import { deleteAccountByEmail, exportAccountByEmail, formatAccounts, listAccounts } from '../features/account/account.admin.js';
import { createMailer } from '../integrations/mail.js';
import { createLogger } from '../logger.js';
import { systemClock } from '../context.js';
import { done, parseArgs, refused, userPath, type Command } from './cli.js';

const EMAIL = 'one email address';

function email(command: string, args: string[], max = 1): string[] {
  const { positional } = parseArgs(command, args, { min: 1, max, what: max === 1 ? EMAIL : `${EMAIL} (and optionally a FILE)` });
  if (!positional[0].includes('@')) parseArgs(command, [], { min: 1, max, what: `${EMAIL}, not ${JSON.stringify(positional[0])}` });
  return positional;
}

function describeChange(c: PlanChange, verb: 'grant' | 'revoke') {
  if (c.kind === 'unknown_email') return refused(`No account with the email ${c.email}. Nothing changed.`);
  if (c.kind === 'unchanged') {
    return verb === 'grant'
      ? done(`${c.email} already has the lifetime plan. Nothing changed.`)
      : done(`${c.email} is not on the lifetime plan (plan: ${c.tier}). Nothing changed.`);
  }
  return verb === 'grant'
    ? done(`Granted the lifetime plan to ${c.email} (was ${c.from}).`)
    : done(`Revoked the lifetime plan of ${c.email}; the account is now on ${c.to}.`);
}

function planCommand(verb: 'grant' | 'revoke'): Command {
  return {
    database: 'migrated',
    async run({ args, handle }) {
      const [address] = email(`${verb}-lifetime`, args);
      const change = verb === 'grant' ? await grantLifetime(handle.db, address, new Date()) : await revokeLifetime(handle.db, address, new Date());
      return describeChange(change, verb);
    },
  };
}

export const grantLifetimeCommand = planCommand('grant');
export const revokeLifetimeCommand = planCommand('revoke');

export const users: Command = {
  database: 'migrated',
  async run({ args, handle }) {
    const { flags } = parseArgs('users', args, { flags: ['--json'] });
    const list = await listAccounts(handle.db);
    return done(flags.has('--json') ? JSON.stringify(list, null, 2) : formatAccounts(list));
  },
};

export const exportUser: Command = {
  database: 'migrated',
  async run({ args, handle }) {
    const [address, file] = email('export-user', args, 2);
    const data = await exportAccountByEmail(handle.db, address, new Date());
    if (!data) return refused(`No account with the email ${address}.`);
    const json = JSON.stringify(data, null, 1);
    if (!file) return done(json);
    const path = userPath(file);
    writeFileSync(path, `${json}\n`, { mode: 0o600 });
    return done(`Wrote the data of ${data.profile.email} to ${path} (${data.history.length} recommendations).`);
  },
};

export const deleteUser: Command = {
  database: 'migrated',
  async run({ args, config, handle }) {
    const [address] = email('delete-user', args);
    // Logs go to standard error: standard output carries the one result line.
    const logger = createLogger(config.logLevel === 'silent' ? 'silent' : 'warn', process.stderr);
    const mailer = createMailer(config.smtpUrl, config.mailFrom, logger);
    try {
      const deleted = await deleteAccountByEmail({ config, database: handle, db: handle.db, logger, mailer, clock: systemClock }, address);
      if (!deleted) return refused(`No account with the email ${address}. Nothing changed.`);
      return done(`Deleted the account of ${deleted} and its data; a confirmation was mailed to the address.`);
    } finally {
      mailer.close();
    }
  },
};
