// One pass of the scheduler: every user whose slot is due today and not yet delivered gets it,
// including slots missed earlier today while no instance was running (catch-up). Safe to run on
// several instances at once: the claim (UNIQUE user + local date) and the lease (a conditional
// UPDATE) let exactly one of them deliver each slot.
import type { AppContext } from '../context.js';
import type { AppServices } from '../services.js';
import { claimDelivery, deliveriesOn, leaseDelivery, scheduledUsers } from './deliveries.repository.js';
import { LEASE_MS, MAX_ATTEMPTS, deliverOne, type DeliveryOutcome } from './deliver.js';
import { dueSlot, possibleLocalDates, type DueSlot } from './schedule.js';

export type DeliveryRunSummary = Record<'due' | 'claimed' | DeliveryOutcome | 'errors', number>;

/** Deliveries handled at once per instance: SMTP and Google calls overlap, the database is not flooded. */
const CONCURRENCY = 4;

interface DueItem {
  userId: string;
  slot: DueSlot;
  claimed: boolean;
}

export async function runDueDeliveries(ctx: AppContext, services: Pick<AppServices, 'history'>, now: Date = ctx.clock.now()): Promise<DeliveryRunSummary> {
  const summary: DeliveryRunSummary = { due: 0, claimed: 0, sent: 0, upgrades: 0, skipped: 0, retrying: 0, failed: 0, errors: 0 };
  const at = now.toISOString();
  const [users, existing] = await Promise.all([scheduledUsers(ctx.db), deliveriesOn(ctx.db, possibleLocalDates(now))]);
  const known = new Map(existing.map((d) => [`${d.user_id}|${d.local_date}`, d]));
  const due: DueItem[] = [];
  for (const u of users) {
    const slot = dueSlot(u, now);
    if (!slot) continue;
    const d = known.get(`${u.id}|${slot.localDate}`);
    // Done, given up, or held by a sender or a retry wait: nothing to write this tick.
    if (d && (d.status !== 'pending' || d.attempts >= MAX_ATTEMPTS || (d.lease_until !== null && d.lease_until > at))) continue;
    due.push({ userId: u.id, slot, claimed: d !== undefined });
  }
  summary.due = due.length;

  await eachWithConcurrency(due, CONCURRENCY, async (item) => {
    try {
      if (!item.claimed) await claimDelivery(ctx.db, item.userId, item.slot.localDate, item.slot.dueAt, now);
      const lease = await leaseDelivery(ctx.db, item.userId, item.slot.localDate, now, LEASE_MS, MAX_ATTEMPTS);
      if (!lease) return; // another instance holds it
      summary.claimed++;
      summary[await deliverOne(ctx, services, lease, now)]++;
    } catch (err) {
      summary.errors++;
      ctx.logger.error({ err, userId: item.userId, localDate: item.slot.localDate }, 'scheduled delivery could not be claimed');
    }
  });
  return summary;
}

async function eachWithConcurrency<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
