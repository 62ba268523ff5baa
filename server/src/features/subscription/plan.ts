// What a user's plan allows, as pure functions of the user row, the clock and this week's count
// (docs/product-decisions.md: free_trial is limited per week, with a few free replacements, and
// never expires; lifetime is unlimited; legacy monthly/yearly are unlimited until
// subscription_end_date, then "Expired").
import { FREE_REPLACEMENTS_WEEKLY_DEFAULT, PLAN_LIMIT_TEXTS, zonedFormat, type SubscriptionStatus, type SubscriptionTier, type SubscriptionWarning } from '@app/shared';
import type { WeekCounts } from './quota.repository.js';
import type { WeeklyWindow } from './weekly-window.js';

export type Plan =
  /** limit: picks that count per week; freeReplacements: replacements per week that do not. */
  | { kind: 'limited'; tier: SubscriptionTier; limit: number; freeReplacements: number }
  | { kind: 'unlimited'; tier: SubscriptionTier; endsAt: string | null }
  | { kind: 'expired'; tier: SubscriptionTier; endedAt: string };

export interface PlanUser {
  subscription_tier: string;
  subscription_end_date: string | null;
}

const LEGACY_TIERS = new Set(['paid_monthly', 'paid_yearly']);

export function planOf(user: PlanUser, now: Date, freeWeeklyLimit: number, freeReplacements = FREE_REPLACEMENTS_WEEKLY_DEFAULT): Plan {
  const tier = user.subscription_tier as SubscriptionTier;
  if (tier === 'paid_lifetime') return { kind: 'unlimited', tier, endsAt: null };
  if (LEGACY_TIERS.has(tier)) {
    const end = user.subscription_end_date;
    // A legacy row without an end date has nothing that ends it: honour it.
    if (end && Date.parse(end) <= now.getTime()) return { kind: 'expired', tier, endedAt: end };
    return { kind: 'unlimited', tier, endsAt: end };
  }
  // free_trial, and anything unknown, gets the free plan.
  return { kind: 'limited', tier: 'free_trial', limit: freeWeeklyLimit, freeReplacements };
}

/** The quota a new issue may use: null when the plan does not count against a limit. */
export function issueLimit(plan: Plan): number | null {
  return plan.kind === 'limited' ? plan.limit : null;
}

/** The 402 body's fields when this plan cannot issue with `used` already spent this week. */
export function refusal(plan: Plan, used: number): { detail: string; expired: boolean; limitReached: boolean } | null {
  if (plan.kind === 'expired') return { detail: PLAN_LIMIT_TEXTS.expired, expired: true, limitReached: false };
  if (plan.kind === 'limited' && used >= plan.limit) return { detail: PLAN_LIMIT_TEXTS.limitReached, expired: false, limitReached: true };
  return null;
}

const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'long' };

/** The weekday's name in the zone; its formatter is built once per zone (shared/src/intl-cache.ts). */
function weekday(instant: Date, timeZone: string): string {
  return zonedFormat('weekday-long', 'en-US', timeZone, WEEKDAY).format(instant);
}

/**
 * The banner data that travels with a recommendation: one left, or none left, this week;
 * the paused access of an expired legacy plan; otherwise null.
 */
export function subscriptionWarning(plan: Plan, used: number, window: WeeklyWindow, timeZone: string): SubscriptionWarning | null {
  if (plan.kind === 'expired') return { message: PLAN_LIMIT_TEXTS.expired, expired: true, limit_reached: false };
  if (plan.kind !== 'limited') return null;
  const left = plan.limit - used;
  // Only a banner names the reset day: most requests show none and need no formatter at all.
  if (left > 1) return null;
  const resets = weekday(window.end, timeZone);
  if (left === 1) {
    return {
      message: `You have 1 free recommendation left this week. Your free picks reset on ${resets}, or upgrade to lifetime for unlimited picks.`,
      expired: false,
      limit_reached: false,
    };
  }
  if (left <= 0) {
    return {
      message: `That was your last free recommendation this week. New picks unlock on ${resets}, or upgrade to lifetime to keep watching.`,
      expired: false,
      limit_reached: true,
    };
  }
  return null;
}

/** What a limited plan has left this week: picks that count, and free replacements. */
export function remaining(plan: Plan & { kind: 'limited' }, counts: WeekCounts): { picks: number; freeReplacements: number } {
  return {
    picks: Math.max(0, plan.limit - counts.used),
    freeReplacements: Math.max(0, plan.freeReplacements - counts.freeReplacements),
  };
}

export function subscriptionStatus(
  plan: Plan,
  counts: WeekCounts,
  window: WeeklyWindow,
  user: PlanUser,
  paymentsEnabled: boolean,
): SubscriptionStatus {
  const used = counts.used;
  const base = {
    subscription_tier: plan.tier,
    recommendations_used: used,
    subscription_end_date: user.subscription_end_date,
    payments_enabled: paymentsEnabled,
    recommendations_left: null,
    free_replacements_used: counts.freeReplacements,
    free_replacements_limit: null,
    free_replacements_left: null,
  };
  if (plan.kind === 'expired') {
    return { ...base, is_active: false, status: 'Expired', expiry_reason: 'subscription_expired', limit_reached: false, recommendations_limit: null, week_resets_at: null };
  }
  if (plan.kind === 'unlimited') {
    return { ...base, is_active: true, status: 'Active', expiry_reason: null, limit_reached: false, recommendations_limit: null, week_resets_at: null };
  }
  const reached = used >= plan.limit;
  const left = remaining(plan, counts);
  return {
    ...base,
    recommendations_left: left.picks,
    free_replacements_used: Math.min(counts.freeReplacements, plan.freeReplacements),
    free_replacements_limit: plan.freeReplacements,
    free_replacements_left: left.freeReplacements,
    recommendations_used: Math.min(used, plan.limit),
    is_active: !reached,
    status: reached ? 'Limit Reached' : 'Active',
    expiry_reason: reached ? 'trial_limit' : null,
    limit_reached: reached,
    recommendations_limit: plan.limit,
    week_resets_at: window.end.toISOString(),
  };
}
