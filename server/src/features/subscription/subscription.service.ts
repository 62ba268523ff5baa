// Plans and the weekly quota as the rest of the server uses them.
import type { SubscriptionStatus, SubscriptionTier, SubscriptionWarning } from '@app/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/transaction.js';
import { forbidden, paymentRequired } from '../../http/errors.js';
import type { UserRow } from '../users/users.repository.js';
import { issueLimit, planOf, refusal, subscriptionStatus, subscriptionWarning, type Plan, type PlanUser } from './plan.js';
import { spendFreeReplacement, spendQuota, weekCounts, type WeekCounts } from './quota.repository.js';
import { weeklyWindow, type WeeklyWindow } from './weekly-window.js';
import { usableTimezone } from '../../time/zoned-time.js';

export interface PlanState {
  plan: Plan;
  window: WeeklyWindow;
  timeZone: string;
  counts: WeekCounts;
}

export interface SpentIssue extends PlanState {
  cost: IssueCost;
  /** The banner of the card the pick is shown on. */
  warning: SubscriptionWarning | null;
}

/** What one issue cost: a pick against the limit, a free replacement, or nothing (no limit). */
export type IssueCost = 'counted' | 'free_replacement' | 'unlimited';

type QuotaUser = PlanUser & { id: string; timezone: string };

/** The plan without this week's counts: enough to refuse an expired plan or to issue unlimited. */
function planOnly(ctx: AppContext, user: QuotaUser): PlanState {
  const now = ctx.clock.now();
  const timeZone = usableTimezone(user.timezone);
  const plan = planOf(user, now, ctx.config.freeWeeklyLimit, ctx.config.freeReplacementsWeekly);
  return { plan, window: weeklyWindow(now, timeZone), timeZone, counts: { used: 0, freeReplacements: 0 } };
}

export function planState(ctx: AppContext, user: QuotaUser, db: AppContext['db'] | Tx = ctx.db): Promise<PlanState> {
  return withCounts(db, user.id, planOnly(ctx, user));
}

/** The plan with this week's counts read. */
async function withCounts(db: AppContext['db'] | Tx, userId: string, state: PlanState): Promise<PlanState> {
  return { ...state, counts: await weekCounts(db, userId, state.window.weekStart) };
}

/** Refuses with the plan-limit 402 (docs/screens.md, "User-visible texts") when the plan cannot issue a counted pick now (nothing is written). */
export function assertCanIssue(state: PlanState): void {
  const r = refusal(state.plan, state.counts.used);
  if (r) throw paymentRequired(r.detail, r.expired, r.limitReached);
}

/**
 * Spends one issue of this week inside the caller's transaction, or throws the 402 (the caller's
 * transaction then rolls back, so a refused request changes nothing). The plan is computed here
 * once per pick, from the row the pick has locked, and the answer carries the card's banner. A replacement of a pick the
 * user could not use is free while the week's free replacements last (docs/product-decisions.md);
 * each counter is one conditional upsert, so the check and the count are one statement.
 */
export async function spendIssue(ctx: AppContext, tx: Tx, user: QuotaUser, replacement: boolean): Promise<SpentIssue> {
  const state = planOnly(ctx, user);
  if (state.plan.kind === 'expired') assertCanIssue(state);
  const { weekStart } = state.window;
  let cost: IssueCost = state.plan.kind === 'limited' ? 'counted' : 'unlimited';
  if (state.plan.kind === 'limited' && replacement && (await spendFreeReplacement(tx, user.id, weekStart, state.plan.freeReplacements)) !== null) {
    cost = 'free_replacement';
  } else if ((await spendQuota(tx, user.id, weekStart, issueLimit(state.plan))) === null) {
    const r = refusal(state.plan, Number.MAX_SAFE_INTEGER);
    throw paymentRequired(r?.detail ?? '', r?.expired ?? false, r?.limitReached ?? true);
  }
  const spent = await withCounts(tx, user.id, state);
  return { ...spent, cost, warning: warningOf(spent) };
}

export function warningOf(state: PlanState): SubscriptionWarning | null {
  return subscriptionWarning(state.plan, state.counts.used, state.window, state.timeZone);
}

/** The banner data for a card shown again (no issue): only a limited plan needs its count; the plan is computed once. */
export async function currentWarning(ctx: AppContext, user: QuotaUser): Promise<SubscriptionWarning | null> {
  const state = planOnly(ctx, user);
  return warningOf(state.plan.kind === 'limited' ? await withCounts(ctx.db, user.id, state) : state);
}

export async function statusOf(ctx: AppContext, user: UserRow): Promise<SubscriptionStatus> {
  const s = await planState(ctx, user);
  return subscriptionStatus(s.plan, s.counts, s.window, user, Boolean(ctx.config.stripe.secretKey));
}

export const PLAN_CHANGE_REFUSED =
  'Plan changes go through payment or support: upgrade to lifetime from Settings, or contact support to change an existing plan.';

/** PUT /api/settings/subscription upgrades nobody (docs/product-decisions.md, "Plans"): only staying on free is accepted. */
export async function requestPlanChange(ctx: AppContext, user: UserRow, tier: SubscriptionTier): Promise<SubscriptionStatus> {
  if (user.subscription_tier === 'free_trial' && tier === 'free_trial') return statusOf(ctx, user);
  throw forbidden(PLAN_CHANGE_REFUSED);
}
