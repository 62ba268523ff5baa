// Choosing a scheduled delivery's pick ahead of its slot. A pass claims the slots that come within
// PREPARE_LEAD_MS (deliveries rows, not due yet) and chooses their picks, so that when the minute
// comes the senders only render and send: a pick is most of a delivery's cost, and a popular time
// (19:00) is many deliveries in one minute. The pick is chosen under the same rules as at the slot
// (pickForDay), and it is the user's current pick from then on: the dashboard shows it, and a
// rating or a replacement before the slot is respected at send time (deliver.ts). A refusal (the
// plan's limit) or an empty catalog is left for the slot, which decides again: a free plan at its
// limit late on Sunday gets the new week's pick at 00:10, not the upgrade email.
import type { AppContext } from '../context.js';
import type { AppServices } from '../services.js';
import { findUserById } from '../features/users/users.repository.js';
import { usableTimezone } from '../time/zoned-time.js';
import { leaseForPreparing, updateDelivery } from './deliveries.repository.js';
import { channelsFor, pickForDay } from './delivery-parts.js';
import { deliveryTime } from './schedule.js';

/** How long before its slot a delivery's pick may be chosen (docs/product-decisions.md, "Scheduled picks"). */
export const PREPARE_LEAD_MS = 30 * 60_000;
/** Longer than a pick takes; a preparer that died leaves the delivery to the slot. */
const PREPARE_LEASE_MS = 2 * 60_000;

export type PrepareOutcome = 'prepared' | 'left' | 'held';

export async function preparePick(ctx: AppContext, services: Pick<AppServices, 'history'>, deliveryId: string, now: Date): Promise<PrepareOutcome> {
  const lease = await leaseForPreparing(ctx.db, deliveryId, now, PREPARE_LEASE_MS);
  if (!lease) return 'held';
  // Released, or left to its slot: held until then, so no later pass tries it again (each try is
  // writes, and a plan's refusal or a user without a channel would be tried every minute).
  const release = () => updateDelivery(ctx.db, lease.id, { lease_until: null }, ctx.clock.now());
  const leaveToSlot = () => updateDelivery(ctx.db, lease.id, { lease_until: lease.due_at }, ctx.clock.now());
  try {
    const user = await findUserById(ctx.db, lease.user_id);
    const timeZone = usableTimezone(user?.timezone ?? null);
    const channels = user ? channelsFor(ctx, user) : null;
    if (!user || !user.email_delivery || !user.is_onboarded || !(channels?.email || channels?.calendar)) {
      await leaveToSlot();
      return 'left';
    }
    const pick = await pickForDay(ctx, services.history, user, { localDate: lease.local_date, timeZone, time: deliveryTime(user), dueAt: new Date(lease.due_at) });
    if (pick.kind !== 'pick') {
      await leaveToSlot();
      return 'left';
    }
    await updateDelivery(ctx.db, lease.id, { kind: 'recommendation', recommendation_id: pick.row.id, lease_until: null }, ctx.clock.now());
    return 'prepared';
  } catch (err) {
    ctx.logger.warn({ err, userId: lease.user_id, localDate: lease.local_date }, 'scheduled pick could not be chosen ahead; it is chosen at its slot');
    await release().catch(() => undefined);
    return 'left';
  }
}
