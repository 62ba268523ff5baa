// One pass of the scheduler. First the claim: users whose stored next slot comes within the lead
// time are read by the delivery_schedule index in batches, each batch in one short transaction
// that inserts the deliveries row of a slot due today (catch-up after downtime included) or coming
// within PREPARE_LEAD_MS, and moves the user's next slot on; nothing reads the users who are not
// due. Then the sends: deliveries due and waiting for a sender (new, or a retry whose wait is
// over), each leased by a conditional UPDATE so that exactly one instance delivers it. Last, with
// what is left of the pass's budget, the picks of the slots claimed ahead are chosen
// (prepare-picks.ts), so the minute a slot comes costs a send, not a pick. Safe on several
// instances at once: PostgreSQL's SKIP LOCKED gives concurrent claims different users, SQLite's
// single writer serialises them, and the deliveries row (UNIQUE user + local date) and its lease
// keep each slot to one delivery.
import type { AppContext } from '../context.js';
import type { AppServices } from '../services.js';
import { writeTransaction } from '../db/transaction.js';
import { CLAIM_BATCH, claimBatchOf, claimDelivery, dueSchedules, leaseDelivery, moveSchedule, unpreparedDeliveries, waitingDeliveries } from './deliveries.repository.js';
import { LEASE_MS, MAX_ATTEMPTS, deliverOne, type DeliveryOutcome } from './deliver.js';
import { dueSlot, nextDeliveryAt } from './schedule.js';
import { PREPARE_LEAD_MS, preparePick, type PrepareOutcome } from './prepare-picks.js';
import { localToday, usableTimezone } from '../time/zoned-time.js';

export type DeliveryRunSummary = Record<'due' | 'claimed' | DeliveryOutcome | 'errors' | Exclude<PrepareOutcome, 'held'>, number>;

/**
 * Deliveries handled at once per instance: SMTP and Google calls overlap (the mailer keeps as many
 * connections, integrations/mail.ts), the database is not flooded.
 */
const CONCURRENCY = 8;
/** Picks chosen ahead stop after this long in a pass, so the next minute's sends are not held up. */
const PREPARE_BUDGET_MS = 40_000;
/** Batches per pass at most (a bound on one pass's work; the next tick goes on). */
const MAX_CLAIM_BATCHES = 200;
/** Schedule rows claimed per pass at most: 100,000 (on SQLite's smaller transactions, more of them). */
const MAX_CLAIMED = CLAIM_BATCH * MAX_CLAIM_BATCHES;

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function runDueDeliveries(ctx: AppContext, services: Pick<AppServices, 'history'>, now: Date = ctx.clock.now()): Promise<DeliveryRunSummary> {
  const summary: DeliveryRunSummary = { due: 0, claimed: 0, sent: 0, upgrades: 0, skipped: 0, retrying: 0, failed: 0, errors: 0, prepared: 0, left: 0 };
  const until = new Date(now.getTime() + PREPARE_LEAD_MS);
  const claimSize = claimBatchOf(ctx.database.dialect);
  for (let claimed = 0; claimed < MAX_CLAIMED; ) {
    const read = await claimBatch(ctx, now, until);
    claimed += read;
    await yieldToRequests();
    if (read < claimSize) break;
  }
  // Read a batch at a time: what a batch leased or finished is not waiting any more, so the next
  // read starts with what is left (a hundred thousand rows in one read would hold the event loop).
  for (let b = 0; b < MAX_CLAIM_BATCHES; b++) {
    const waiting = await waitingDeliveries(ctx.db, now, MAX_ATTEMPTS, CLAIM_BATCH);
    summary.due += waiting.length;
    await eachWithConcurrency(waiting, CONCURRENCY, async (item) => {
      try {
        const lease = await leaseDelivery(ctx.db, item.user_id, item.local_date, now, LEASE_MS, MAX_ATTEMPTS);
        if (!lease) return; // another instance holds it
        summary.claimed++;
        summary[await deliverOne(ctx, services, lease, now)]++;
      } catch (err) {
        summary.errors++;
        ctx.logger.error({ err, userId: item.user_id, localDate: item.local_date }, 'scheduled delivery could not be claimed');
      }
    });
    if (waiting.length < CLAIM_BATCH) break;
  }
  const stopAt = performance.now() + PREPARE_BUDGET_MS;
  for (let after = null as { due_at: string; id: string } | null; performance.now() < stopAt; ) {
    const batch = await unpreparedDeliveries(ctx.db, ctx.clock.now(), until, after);
    await eachWithConcurrency(batch, CONCURRENCY, async ({ id }) => {
      if (performance.now() >= stopAt) return;
      const outcome = await preparePick(ctx, services, id, ctx.clock.now());
      if (outcome !== 'held') summary[outcome]++;
    });
    if (batch.length < CLAIM_BATCH) break;
    after = batch[batch.length - 1];
  }
  return summary;
}

/**
 * One batch of users whose next slot comes by `until`: a slot due today, and the one coming within
 * the lead time, get their deliveries rows, and the slot after them is stored (none when the user
 * can no longer be due). Returns the rows read.
 */
async function claimBatch(ctx: AppContext, now: Date, until: Date): Promise<number> {
  return writeTransaction(ctx.database, async (tx) => {
    const rows = await dueSchedules(tx, ctx.database.dialect, until);
    for (const u of rows) {
      const eligible = u.is_onboarded === 1 && u.email_verified === 1 && u.email_delivery === 1;
      const slot = eligible ? dueSlot(u, now) : null;
      if (slot) await claimDelivery(tx, u.id, slot.localDate, slot.dueAt, now);
      let next = eligible ? nextDeliveryAt(u, now) : null;
      if (next && next.getTime() <= until.getTime()) {
        await claimDelivery(tx, u.id, localToday(next, usableTimezone(u.timezone)), next, now);
        next = nextDeliveryAt(u, next);
      }
      await moveSchedule(tx, u.id, next, now);
    }
    return rows.length;
  });
}

/**
 * `fn` over `items`, `limit` at a time, each started after a turn of the event loop: on SQLite a
 * delivery's statements never wait, so without it a batch would be one blocking stretch.
 */
async function eachWithConcurrency<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      await yieldToRequests();
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
