// One pass of the scheduler. First the claim: users whose stored next slot has come are read by
// the delivery_schedule index in batches, each batch in one short transaction that inserts the
// deliveries row of a slot that is due today (catch-up after downtime included) and moves the
// user's next slot on; nothing reads the users who are not due. Then the sends: deliveries waiting
// for a sender (new, or a retry whose wait is over), each leased by a conditional UPDATE so that
// exactly one instance delivers it. Safe on several instances at once: PostgreSQL's SKIP LOCKED
// gives concurrent claims different users, SQLite's single writer serialises them, and the
// deliveries row (UNIQUE user + local date) and its lease keep each slot to one delivery.
import type { AppContext } from '../context.js';
import type { AppServices } from '../services.js';
import { writeTransaction } from '../db/transaction.js';
import { CLAIM_BATCH, claimDelivery, dueSchedules, leaseDelivery, moveSchedule, waitingDeliveries } from './deliveries.repository.js';
import { LEASE_MS, MAX_ATTEMPTS, deliverOne, type DeliveryOutcome } from './deliver.js';
import { dueSlot, nextDeliveryAt } from './schedule.js';

export type DeliveryRunSummary = Record<'due' | 'claimed' | DeliveryOutcome | 'errors', number>;

/** Deliveries handled at once per instance: SMTP and Google calls overlap, the database is not flooded. */
const CONCURRENCY = 4;
/** Batches claimed per pass at most (a bound on one pass's work; the next tick goes on). */
const MAX_CLAIM_BATCHES = 200;

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function runDueDeliveries(ctx: AppContext, services: Pick<AppServices, 'history'>, now: Date = ctx.clock.now()): Promise<DeliveryRunSummary> {
  const summary: DeliveryRunSummary = { due: 0, claimed: 0, sent: 0, upgrades: 0, skipped: 0, retrying: 0, failed: 0, errors: 0 };
  for (let b = 0; b < MAX_CLAIM_BATCHES; b++) {
    const read = await claimBatch(ctx, now);
    await yieldToRequests();
    if (read < CLAIM_BATCH) break;
  }
  const waiting = await waitingDeliveries(ctx.db, now, MAX_ATTEMPTS, CLAIM_BATCH * MAX_CLAIM_BATCHES);
  summary.due = waiting.length;
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
  return summary;
}

/**
 * One batch of users whose next slot has come: today's due slot gets its deliveries row, and the
 * next slot is stored (none when the user can no longer be due). Returns the rows read.
 */
async function claimBatch(ctx: AppContext, now: Date): Promise<number> {
  return writeTransaction(ctx.database, async (tx) => {
    const rows = await dueSchedules(tx, ctx.database.dialect, now);
    for (const u of rows) {
      const eligible = u.is_onboarded === 1 && u.email_verified === 1 && u.email_delivery === 1;
      const slot = eligible ? dueSlot(u, now) : null;
      if (slot) await claimDelivery(tx, u.id, slot.localDate, slot.dueAt, now);
      await moveSchedule(tx, u.id, eligible ? nextDeliveryAt(u, now) : null, now);
    }
    return rows.length;
  });
}

async function eachWithConcurrency<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
