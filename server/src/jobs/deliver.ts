// One leased delivery: the day's pick (or the upgrade note), then the calendar and/or the email.
// Progress is written to the row as it happens (recommendation, event, email), so a retry after
// a failure redoes only what is missing and never spends a second pick or sends a second email.
import type { AppContext } from '../context.js';
import type { AppServices } from '../services.js';
import { HttpError } from '../http/errors.js';
import { addRecommendationToCalendar } from '../features/calendar/calendar.events.js';
import { recommendationEmail, upgradeEmail } from '../features/delivery/delivery.emails.js';
import { ratingLink } from '../features/recommendations/rating-link.js';
import { findRecommendation } from '../features/history/history.repository.js';
import { present } from '../features/recommendations/present.js';
import { usableTimezone } from '../time/zoned-time.js';
import { weeklyWindow } from '../features/subscription/weekly-window.js';
import { findUserById, type UserRow } from '../features/users/users.repository.js';
import { finishDelivery, updateDelivery, upgradeSentSince, type DeliveryRow } from './deliveries.repository.js';
import { channelsFor, eventTime, mailContext, pickForDay, type Slot } from './delivery-parts.js';
import { deliveryTime } from './schedule.js';
import { say, type Message } from '../i18n/messages.js';

/** A refusal as the delivery log keeps it: in English. */
const english = (detail: string | Message) => (typeof detail === 'string' ? detail : say('en', detail));

export const MAX_ATTEMPTS = 3;
/** Wait before attempt 2 and attempt 3. */
export const RETRY_DELAYS_MS = [5 * 60_000, 15 * 60_000];
/**
 * Longer than an attempt can take, so a live sender never loses its lease: the mailer's timeouts
 * end an SMTP send within about 4 minutes at worst (integrations/mail.ts), a Google call within
 * 10 s. Short enough that what an instance killed mid-send held is retried by another soon.
 */
export const LEASE_MS = 5 * 60_000;

export type DeliveryOutcome = 'sent' | 'upgrades' | 'skipped' | 'retrying' | 'failed';

type Services = Pick<AppServices, 'history'>;

export async function deliverOne(ctx: AppContext, services: Services, lease: DeliveryRow, now: Date): Promise<DeliveryOutcome> {
  try {
    return await attempt(ctx, services, lease, now);
  } catch (err) {
    const detail = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    const where = { userId: lease.user_id, localDate: lease.local_date, attempt: lease.attempts };
    if (lease.attempts >= MAX_ATTEMPTS) {
      ctx.logger.error({ err, ...where }, 'scheduled delivery failed for good');
      await finishDelivery(ctx.db, lease.id, 'failed', now, { last_error: detail });
      return 'failed';
    }
    const retryAt = new Date(now.getTime() + RETRY_DELAYS_MS[Math.min(lease.attempts, RETRY_DELAYS_MS.length) - 1]);
    ctx.logger.warn({ err, ...where, retryAt }, 'scheduled delivery failed; will retry');
    await updateDelivery(ctx.db, lease.id, { last_error: detail, lease_until: retryAt.toISOString() }, now);
    return 'retrying';
  }
}

async function attempt(ctx: AppContext, services: Services, lease: DeliveryRow, now: Date): Promise<DeliveryOutcome> {
  const user = await findUserById(ctx.db, lease.user_id);
  if (!user || !user.email_delivery || !user.is_onboarded) {
    await finishDelivery(ctx.db, lease.id, 'skipped', now, { last_error: 'scheduled delivery was turned off' });
    return 'skipped';
  }
  const channels = channelsFor(ctx, user);
  if (!channels.calendar && !channels.email) {
    await finishDelivery(ctx.db, lease.id, 'skipped', now, { last_error: 'no channel: SMTP_URL is not set and the calendar is not in use' });
    return 'skipped';
  }
  const slot: Slot = { localDate: lease.local_date, timeZone: usableTimezone(user.timezone), time: deliveryTime(user), dueAt: new Date(lease.due_at) };
  let row = lease.recommendation_id ? await findRecommendation(ctx.db, user.id, lease.recommendation_id) : undefined;
  // A pick chosen ahead (prepare-picks.ts) that the user rated or replaced before anything was sent
  // is not sent: the day's pick is worked out again (it may be the replacement).
  if (row && !lease.email_sent_at && !lease.calendar_event_id && (row.user_rating !== null || row.status !== 'active')) row = undefined;
  if (!row) {
    const pick = await pickForDay(ctx, services.history, user, slot);
    if (pick.kind === 'refused') {
      if (channels.mailable) return sendUpgrade(ctx, user, lease, slot, pick.detail, pick.expired, now);
      await finishDelivery(ctx.db, lease.id, 'skipped', now, { kind: 'upgrade', last_error: english(pick.detail) });
      return 'skipped';
    }
    if (pick.kind === 'nothing_left') {
      await finishDelivery(ctx.db, lease.id, 'skipped', now, { last_error: english(pick.detail) });
      return 'skipped';
    }
    row = pick.row;
    await updateDelivery(ctx.db, lease.id, { kind: 'recommendation', recommendation_id: row.id }, now);
  }
  const rec = await present(services.history.catalog, row, null, user);
  let email = channels.email;
  if (channels.calendar && !lease.calendar_event_id) {
    try {
      const added = await addRecommendationToCalendar(ctx, user, {
        recommendation: rec,
        date: slot.localDate,
        time: eventTime(slot, now),
        timezone: slot.timeZone,
        idempotencyKey: `scheduled:${rec.id}:${slot.localDate}`,
      });
      await updateDelivery(ctx.db, lease.id, { calendar_event_id: added.event_id }, now);
    } catch (err) {
      // Reconnect needed (409) or no longer allowed (403): waiting will not help, mail it.
      // A passing failure is retried, and the last attempt mails it rather than send nothing.
      const settled = err instanceof HttpError && (err.status === 409 || err.status === 403 || err.status === 400);
      if ((!settled && lease.attempts < MAX_ATTEMPTS) || !channels.mailable) throw err;
      ctx.logger.warn({ err, userId: user.id }, 'calendar delivery failed; sending the email instead');
      email = true;
    }
  }
  if (email && !lease.email_sent_at) {
    const mail = recommendationEmail(mailContext(ctx, user, slot), {
      rec,
      likeUrl: ratingLink(ctx, rec.id, user.id, 'like'),
      dislikeUrl: ratingLink(ctx, rec.id, user.id, 'dislike'),
    });
    await ctx.mailer.send(mail);
    await updateDelivery(ctx.db, lease.id, { email_sent_at: now.toISOString() }, now);
  }
  await finishDelivery(ctx.db, lease.id, 'sent', now, { last_error: null });
  return 'sent';
}

/** The plan refused a pick: the upgrade note, at most once a week (a nudge, not a daily nag). */
async function sendUpgrade(ctx: AppContext, user: UserRow, lease: DeliveryRow, slot: Slot, detail: string | Message, expired: boolean, now: Date): Promise<DeliveryOutcome> {
  const window = weeklyWindow(now, slot.timeZone);
  if (await upgradeSentSince(ctx.db, user.id, window.weekStart)) {
    await finishDelivery(ctx.db, lease.id, 'skipped', now, { kind: 'upgrade', last_error: 'plan limit; the upgrade email went out earlier this week' });
    return 'skipped';
  }
  // The day the week's free picks come back, named in the email's language.
  const resetsOn = expired ? null : window.end;
  await updateDelivery(ctx.db, lease.id, { kind: 'upgrade' }, now);
  await ctx.mailer.send(upgradeEmail(mailContext(ctx, user, slot), detail, resetsOn));
  await finishDelivery(ctx.db, lease.id, 'sent', now, { kind: 'upgrade', email_sent_at: now.toISOString(), last_error: null });
  return 'upgrades';
}
