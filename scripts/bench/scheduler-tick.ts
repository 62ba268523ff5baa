// The scheduler pass's look for due work, at 1,000 / 10,000 / 100,000 scheduled users (SIZES=) in a
// fresh SQLite file each: every user scheduled later today, yesterday's delivery sent. Times, in one
// run, the pass's reads as they are now (the delivery_schedule index claim and the waiting
// deliveries read) beside the read the pass made before the index (every scheduled user and every
// delivery of three days, then each user's slot in JS). SQLite answers synchronously, so each time
// is also how long the event loop is held. Prints a table and writes bench-results/scheduler-tick.json.
//   npm run bench:tick   (env SIZES=1000,10000,100000 RUNS=7)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../server/src/db/connection.js';
import { writeTransaction } from '../../server/src/db/transaction.js';
import { insertUser } from '../../server/src/features/users/users.repository.js';
import { dueSchedules, waitingDeliveries } from '../../server/src/jobs/deliveries.repository.js';
import { dueSlot } from '../../server/src/jobs/schedule.js';

const SIZES = (process.env.SIZES ?? '1000,10000,100000').split(',').map(Number);
const RUNS = Number(process.env.RUNS ?? 7);
const NOW = new Date('2026-04-06T12:00:00Z');

async function fill(h: DatabaseHandle, users: number): Promise<void> {
  const at = NOW.toISOString();
  await writeTransaction(h, async (tx) => {
    for (let i = 0; i < users; i++) {
      const u = await insertUser(tx, { email: `u${i}@example.com`, passwordHash: null, fullName: null, emailVerified: true, googleSub: null, timezone: 'UTC', now: new Date('2026-01-01T00:00:00Z') });
      await tx.updateTable('users').set({ is_onboarded: 1, email_delivery: 1 }).where('id', '=', u.id).execute();
      await tx.insertInto('delivery_schedule').values({ user_id: u.id, next_at: '2026-04-06T19:00:00.000Z', updated_at: at }).execute();
      await tx
        .insertInto('deliveries')
        .values({ id: u.id, user_id: u.id, local_date: '2026-04-05', due_at: '2026-04-05T19:00:00.000Z', status: 'sent', attempts: 1, created_at: at, updated_at: at })
        .execute();
    }
  });
}

/** What a pass read before delivery_schedule: every scheduled user and three days of deliveries. */
async function readEveryone(h: DatabaseHandle): Promise<void> {
  const users = await h.db
    .selectFrom('users')
    .select(['id', 'selected_days', 'recommendation_frequency', 'recommendation_day', 'recommendation_time', 'timezone', 'created_at'])
    .where('is_onboarded', '=', 1)
    .where('email_verified', '=', 1)
    .where('email_delivery', '=', 1)
    .execute();
  await h.db.selectFrom('deliveries').select(['user_id', 'local_date', 'status', 'attempts', 'lease_until']).where('local_date', 'in', ['2026-04-05', '2026-04-06', '2026-04-07']).execute();
  for (const u of users) dueSlot(u, NOW);
}

async function readDue(h: DatabaseHandle): Promise<void> {
  await writeTransaction(h, (tx) => dueSchedules(tx, 'sqlite', NOW));
  await waitingDeliveries(h.db, NOW, 3);
}

async function median(fn: () => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
}

const rows: Array<{ users: number; index_ms: number; every_user_ms: number }> = [];
for (const users of SIZES) {
  const dir = mkdtempSync(join(tmpdir(), 'tick-bench-'));
  const h = await openDatabase({ dialect: 'sqlite', path: join(dir, 'app.db') });
  try {
    await migrateToLatest(h);
    await fill(h, users);
    rows.push({ users, index_ms: await median(() => readDue(h)), every_user_ms: await median(() => readEveryone(h)) });
  } finally {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(`scheduler pass, nobody due (SQLite, median of ${RUNS}; the event loop is held as long)`);
console.log('| scheduled users | by the index (ms) | every user, as before (ms) |');
console.log('|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.users.toLocaleString('en-US')} | ${r.index_ms.toFixed(2)} | ${r.every_user_ms.toFixed(1)} |`);
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/scheduler-tick.json', JSON.stringify({ runs: RUNS, rows }, null, 2));
console.log('wrote bench-results/scheduler-tick.json');
