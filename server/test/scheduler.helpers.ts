// Shared steps of the scheduler tests: users with a schedule set through the real API, a pass
// of the scheduler at a chosen instant (the same call the in-process ticker makes), and what the
// database and the local SMTP server hold afterwards.
import type { TestServer, TestClock } from './support/test-server.js';
import type { ReceivedMail } from './support/mailbox.js';
import { onboardedUser, setPlan, type Onboarded } from './recommendations.helpers.js';
import { runDueDeliveries, type DeliveryRunSummary } from '../src/jobs/run-deliveries.js';

export interface ScheduleOptions {
  timezone: string;
  days: number[];
  time: string;
  tier?: 'free_trial' | 'paid_lifetime';
}

export async function scheduledUser(server: TestServer, opts: ScheduleOptions): Promise<Onboarded> {
  const u = await onboardedUser(server);
  await u.api.settings.updateProfile({ timezone: opts.timezone, selected_days: opts.days, recommendation_time: opts.time, email_delivery: true });
  if ((opts.tier ?? 'paid_lifetime') !== 'free_trial') await setPlan(server, u.userId, opts.tier ?? 'paid_lifetime');
  return u;
}

/** One scheduler pass with the server's clock at `iso`. */
export async function runAt(server: TestServer, clock: TestClock, iso: string): Promise<DeliveryRunSummary> {
  clock.set(iso);
  return runDueDeliveries(server.running.ctx, server.running.services, clock.now());
}

export function deliveriesOf(server: TestServer, userId: string) {
  return server.running.ctx.db.selectFrom('deliveries').selectAll().where('user_id', '=', userId).orderBy('local_date').execute();
}

/** Scheduled mail (not verification codes) received for this address. */
export function scheduledMailTo(server: TestServer, email: string): ReceivedMail[] {
  return server.mailbox.messages.filter((m) => m.to.includes(email.toLowerCase()) && !/verification code/i.test(m.subject));
}

/** Stops every user's schedule, so a test's users are not delivered during the next test's passes. */
export async function pauseEveryone(server: TestServer): Promise<void> {
  await server.running.ctx.db.updateTable('users').set({ email_delivery: 0 }).execute();
}
