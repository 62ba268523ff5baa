// Plans and the weekly quota as the rest of the server uses them.
import type { SubscriptionStatus, SubscriptionTier, SubscriptionWarning } from '@app/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/transaction.js';
import { forbidden, paymentRequired } from '../../http/errors.js';
import type { UserRow } from '../users/users.repository.js';
import { issueLimit, planOf, refusal, subscriptionStatus, subscriptionWarning, type Plan, type PlanUser } from './plan.js';
import { quotaUsed, spendQuota } from './quota.repository.js';
import { weeklyWindow, type WeeklyWindow } from './weekly-window.js';
import { usableTimezone } from '../../time/zoned-time.js';

export interface PlanState {
  plan: Plan;
  window: WeeklyWindow;
  timeZone: string;
  used: number;
}

type QuotaUser = PlanUser & { id: string; timezone: string };

export async function planState(ctx: AppContext, user: QuotaUser, db: AppContext['db'] | Tx = ctx.db): Promise<PlanState> {
  const now = ctx.clock.now();
  const timeZone = usableTimezone(user.timezone);
  const window = weeklyWindow(now, timeZone);
  const plan = planOf(user, now, ctx.config.freeWeeklyLimit);
  return { plan, window, timeZone, used: await quotaUsed(db, user.id, window.weekStart) };
}

/** The plan without this week's count: enough to refuse an expired plan or to issue unlimited. */
function planOnly(ctx: AppContext, user: QuotaUser): PlanState {
  const now = ctx.clock.now();
  const timeZone = usableTimezone(user.timezone);
  return { plan: planOf(user, now, ctx.config.freeWeeklyLimit), window: weeklyWindow(now, timeZone), timeZone, used: 0 };
}

/** A refusal that needs no lock is answered before taking one; only a limited plan reads its count. */
export async function precheckIssue(ctx: AppContext, user: QuotaUser): Promise<void> {
  const state = planOnly(ctx, user);
  assertCanIssue(state.plan.kind === 'limited' ? await planState(ctx, user) : state);
}

/** Refuses with the spec's 402 when the plan cannot issue now (nothing is written). */
export function assertCanIssue(state: PlanState): void {
  const r = refusal(state.plan, state.used);
  if (r) throw paymentRequired(r.detail, r.expired, r.limitReached);
}

/**
 * Spends one issue of this week inside the caller's transaction, or throws the 402 (the caller's
 * transaction then rolls back, so a refused request changes nothing).
 */
export async function spendIssue(ctx: AppContext, tx: Tx, user: QuotaUser): Promise<PlanState> {
  const state = planOnly(ctx, user);
  assertCanIssue(state);
  // The conditional upsert is the check: it returns no row when the limit is already spent.
  const used = await spendQuota(tx, user.id, state.window.weekStart, issueLimit(state.plan));
  if (used === null) {
    const r = refusal(state.plan, Number.MAX_SAFE_INTEGER);
    throw paymentRequired(r?.detail ?? '', r?.expired ?? false, r?.limitReached ?? true);
  }
  return { ...state, used };
}

export function warningOf(state: PlanState): SubscriptionWarning | null {
  return subscriptionWarning(state.plan, state.used, state.window, state.timeZone);
}

/** The banner data for a card shown again (no issue): only a limited plan needs its count. */
export async function currentWarning(ctx: AppContext, user: QuotaUser): Promise<SubscriptionWarning | null> {
  const state = planOnly(ctx, user);
  return warningOf(state.plan.kind === 'limited' ? await planState(ctx, user) : state);
}

export async function statusOf(ctx: AppContext, user: UserRow): Promise<SubscriptionStatus> {
  const s = await planState(ctx, user);
  return subscriptionStatus(s.plan, s.used, s.window, user, Boolean(ctx.config.stripe.secretKey));
}

export const PLAN_CHANGE_REFUSED =
  'Plan changes go through payment or support: upgrade to lifetime from Settings, or contact support to change an existing plan.';

/** PUT /api/settings/subscription upgrades nobody (decisions.md): only staying on free is accepted. */
export async function requestPlanChange(ctx: AppContext, user: UserRow, tier: SubscriptionTier): Promise<SubscriptionStatus> {
  if (user.subscription_tier === 'free_trial' && tier === 'free_trial') return statusOf(ctx, user);
  throw forbidden(PLAN_CHANGE_REFUSED);
}
