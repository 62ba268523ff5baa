// Scheduled deliveries at one minute (issue 38): DUE users (default 100,000) with realistic
// histories (growth-users.ts) all scheduled for the same minute, and INSTANCES real server
// processes (default 2, server/dist/main.mjs, scheduler on) on one PostgreSQL database (DB=sqlite:
// one instance on a file), mailing to a local SMTP server that counts what it is given.
// The slot is set 20 minutes ahead, inside the half hour in which picks are chosen ahead
// (jobs/prepare-picks.ts): first measured is how long the instances take to claim every slot and
// choose every pick; then the slot is brought forward to now (each delivery's due_at, as if the
// minute had come: the benchmark does not wait the rest of the lead) and measured is how long until
// every delivery is sent, from that minute, including the wait for the instances' next pass.
// Every mail is counted by recipient: none may be missing, none twice.
// Prints a table and writes bench-results/deliveries.json (deliveries-sqlite.json).
//   npm run bench:deliveries   (env DUE=100000 INSTANCES=2 DB=postgres|sqlite)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../../server/src/config.js';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/connection.js';
import { writeTransaction } from '../../server/src/db/transaction.js';
import { catalogIds } from './api-users.js';
import { dropSchema } from './bench-server.js';
import { growUsers } from './growth-users.js';
import { cpuMsOf, startBundledServer, type BundledServer } from './server-process.js';

export interface DeliveryFigure {
  due: number;
  instances: number;
  /** From the instances' start until every slot was claimed and its pick chosen (or a minute before the slot). */
  prepare_s: number;
  /** Picks chosen ahead by then (the rest are chosen as they are sent). */
  prepared: number;
  picks_per_s: number;
  /** From the minute the slot came until the last delivery was sent (the next pass's wait included). */
  send_s: number;
  sends_per_s: number;
  /** Server CPU (all instances) per pick chosen ahead, and per delivery sent. */
  cpu_ms_per_pick: number;
  cpu_ms_per_send: number;
  mails: number;
  /** Users who got no mail, and mails beyond one per user. */
  missing: number;
  duplicates: number;
}

/** A local SMTP server that takes everything and counts the mails by recipient. */
async function countingSmtp() {
  const byRecipient = new Map<string, number>();
  let mails = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('end', () => {
        mails++;
        for (const r of session.envelope.rcptTo) byRecipient.set(r.address.toLowerCase(), (byRecipient.get(r.address.toLowerCase()) ?? 0) + 1);
        callback();
      });
      stream.resume();
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  return { url: `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`, byRecipient, mails: () => mails, close: () => new Promise<void>((ok) => server.close(() => ok())) };
}

/**
 * `due` users of the database (all by default) scheduled in UTC at `slot`, every day, on the
 * lifetime plan (the pick is measured, not a refusal); nobody else is scheduled.
 */
async function scheduleAt(handle: DatabaseHandle, slot: Date, due?: number): Promise<string[]> {
  let q = handle.db.selectFrom('users').select(['id', 'email']).orderBy('id');
  if (due !== undefined) q = q.limit(due);
  const users = await q.execute();
  const at = new Date().toISOString();
  await writeTransaction(handle, async (tx) => {
    await tx.deleteFrom('delivery_schedule').execute();
    await tx.updateTable('users').set({ email_delivery: 0 }).execute();
    for (let i = 0; i < users.length; i += 5000) {
      const ids = users.slice(i, i + 5000).map((u) => u.id);
      await tx
        .updateTable('users')
        .set({ timezone: 'UTC', selected_days: '[1,2,3,4,5,6,7]', recommendation_time: slot.toISOString().slice(11, 16), email_delivery: 1, email_verified: 1, is_onboarded: 1, subscription_tier: 'paid_lifetime' })
        .where('id', 'in', ids)
        .execute();
      await tx.insertInto('delivery_schedule').values(ids.map((user_id) => ({ user_id, next_at: slot.toISOString(), updated_at: at }))).execute();
    }
  });
  return users.map((u) => u.email.toLowerCase());
}

const count = async (handle: DatabaseHandle, localDate: string, what: 'prepared' | 'sent') => {
  let q = handle.db.selectFrom('deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('local_date', '=', localDate);
  q = what === 'prepared' ? q.where('recommendation_id', 'is not', null) : q.where('status', '=', 'sent');
  return Number((await q.executeTakeFirstOrThrow()).n);
};

/** Polls `check` each second; false when the deadline passed first. */
async function waitFor(check: () => Promise<boolean>, deadlineMs: number): Promise<boolean> {
  const end = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > end) return false;
    await new Promise((ok) => setTimeout(ok, 1000));
  }
  return true;
}

/**
 * The measurement on a database that holds its users and catalog already (`env`: the servers'
 * environment, no instance running on it). `due` users (every user by default) are scheduled for
 * one minute; see the file's head.
 */
export async function measureDeliveries(env: Record<string, string>, instances: number, log: (line: string) => void = () => {}, dueUsers?: number): Promise<DeliveryFigure> {
  const handle = await openDatabase(loadConfig(env).database);
  const smtp = await countingSmtp();
  const servers: BundledServer[] = [];
  try {
    const slot = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 20 * 60_000);
    const localDate = slot.toISOString().slice(0, 10);
    const emails = await scheduleAt(handle, slot, dueUsers);
    const due = emails.length;
    const cpu = () => servers.reduce((s, p) => s + cpuMsOf(p.pid), 0);
    const t0 = performance.now();
    for (let i = 0; i < instances; i++) servers.push(await startBundledServer({ ...env, SCHEDULER: 'on', SMTP_URL: smtp.url, LOG_LEVEL: 'warn' }));
    let last = 0;
    // Until a minute before the slot: what is not chosen by then is chosen when it is sent.
    await waitFor(async () => {
      const n = await count(handle, localDate, 'prepared');
      if (n - last >= due / 10) log(`  ${(last = n).toLocaleString('en-US')} picks chosen`);
      return n === due;
    }, slot.getTime() - Date.now() - 60_000);
    const prepare_s = (performance.now() - t0) / 1000;
    const prepared = await count(handle, localDate, 'prepared');
    const cpuPrepared = cpu();
    // The minute comes.
    const t1 = performance.now();
    await handle.db.updateTable('deliveries').set({ due_at: new Date().toISOString() }).where('local_date', '=', localDate).where('status', '=', 'pending').execute();
    if (!(await waitFor(async () => (await count(handle, localDate, 'sent')) === due, 3_600_000))) throw new Error('not every delivery was sent within an hour');
    const send_s = (performance.now() - t1) / 1000;
    const cpuSent = cpu() - cpuPrepared;
    const missing = emails.filter((e) => !smtp.byRecipient.has(e)).length;
    const duplicates = [...smtp.byRecipient.values()].reduce((s, n) => s + n - 1, 0);
    return {
      due,
      instances,
      prepare_s,
      prepared,
      picks_per_s: prepared / prepare_s,
      send_s,
      sends_per_s: due / send_s,
      cpu_ms_per_pick: cpuPrepared / Math.max(1, prepared),
      cpu_ms_per_send: cpuSent / due,
      mails: smtp.mails(),
      missing,
      duplicates,
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await smtp.close();
    await handle.close();
  }
}

async function main() {
  const DB = process.env.DB === 'sqlite' ? 'sqlite' : 'postgres';
  const DUE = Number(process.env.DUE ?? 100_000);
  const INSTANCES = DB === 'sqlite' ? 1 : Number(process.env.INSTANCES ?? 2);
  const PG_URL = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : 'postgres://tp_dev:tpdev@127.0.0.1:5432/tp_dev';
  if (!Number.isInteger(DUE) || DUE < 10 || DUE > 1_000_000) throw new Error('DUE: a number of users from 10 to 1,000,000');
  const dataDir = mkdtempSync(join(tmpdir(), 'tp-bench-deliveries-'));
  const schema = `deliveries_${randomBytes(3).toString('hex')}`;
  const env: Record<string, string> = { DATA_DIR: dataDir, JWT_SECRET: randomBytes(24).toString('hex'), LOG_LEVEL: 'warn' };
  Object.assign(env, DB === 'sqlite' ? { DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}` } : { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema });
  const log = (line: string) => console.error(line);
  try {
    // A first start: the migrations and the catalog pack, as on a new install.
    await (await startBundledServer({ ...env, SMTP_URL: '' })).stop();
    const handle = await openDatabase(loadConfig(env).database);
    try {
      const grown = await growUsers(handle, await catalogIds(handle), DUE, new Date(), log);
      log(`${DUE.toLocaleString('en-US')} users, ${grown.history_rows.toLocaleString('en-US')} history rows in ${(grown.build_ms / 1000).toFixed(0)} s`);
    } finally {
      await handle.close();
    }
    const load = loadavg()[0];
    const r = await measureDeliveries(env, INSTANCES, log);
    console.log(`\nbench:deliveries on ${DB} (${cpus().length} cores, node ${process.version}, load ${load.toFixed(1)} at the start)`);
    const head = ['due in one minute', 'instances', 'chosen ahead', 'picks chosen ahead in (s)', 'picks/s', 'all sent in (s)', 'sent/s', 'CPU per pick (ms)', 'CPU per send (ms)', 'missing', 'twice'];
    console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---:').join('|')}|`);
    console.log(
      `| ${[r.due.toLocaleString('en-US'), r.instances, r.prepared.toLocaleString('en-US'), r.prepare_s.toFixed(0), r.picks_per_s.toFixed(0), r.send_s.toFixed(0), r.sends_per_s.toFixed(0), r.cpu_ms_per_pick.toFixed(1), r.cpu_ms_per_send.toFixed(1), r.missing, r.duplicates].join(' | ')} |`,
    );
    const goal = { all_sent_within_10_minutes: r.send_s <= 600, none_missing: r.missing === 0, none_twice: r.duplicates === 0 };
    for (const [k, v] of Object.entries(goal)) console.log(`${k}: ${v ? 'yes' : 'NO'}`);
    const file = `bench-results/deliveries${DB === 'sqlite' ? '-sqlite' : ''}.json`;
    mkdirSync('bench-results', { recursive: true });
    writeFileSync(file, `${JSON.stringify({ db: DB, date: new Date().toISOString(), machine: { cpus: cpus().length, node: process.version, load_1m_at_start: load }, goal, ...r }, null, 2)}\n`);
    console.log(`wrote ${file}`);
    if (Object.values(goal).includes(false)) process.exitCode = 1;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (DB === 'postgres') await dropSchema(PG_URL, schema);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
