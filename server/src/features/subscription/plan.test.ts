import { describe, expect, it } from 'vitest';
import { PLAN_LIMIT_TEXTS, SubscriptionStatus } from '@app/shared';
import { planOf, refusal, subscriptionStatus, subscriptionWarning } from './plan.js';
import { weeklyWindow } from './weekly-window.js';

const now = new Date('2025-06-11T12:00:00Z');
const user = (tier: string, end: string | null = null) => ({ subscription_tier: tier, subscription_end_date: end });
const week = weeklyWindow(now, 'UTC');

describe('plans', () => {
  it('free is limited, lifetime unlimited, legacy unlimited until its end date', () => {
    expect(planOf(user('free_trial'), now, 3)).toEqual({ kind: 'limited', tier: 'free_trial', limit: 3, freeReplacements: 5 });
    expect(planOf(user('paid_lifetime'), now, 3).kind).toBe('unlimited');
    expect(planOf(user('paid_monthly', '2025-06-11T12:00:01Z'), now, 3).kind).toBe('unlimited');
    expect(planOf(user('paid_yearly', '2025-06-11T12:00:00Z'), now, 3).kind).toBe('expired');
    expect(planOf(user('paid_yearly', null), now, 3).kind).toBe('unlimited');
    expect(planOf(user('something_else'), now, 5)).toMatchObject({ kind: 'limited', limit: 5 });
  });

  it('refuses with the plan-limit texts', () => {
    const free = planOf(user('free_trial'), now, 3);
    expect(refusal(free, 2)).toBeNull();
    expect(refusal(free, 3)).toEqual({ detail: PLAN_LIMIT_TEXTS.limitReached, expired: false, limitReached: true });
    expect(refusal(planOf(user('paid_monthly', '2020-01-01T00:00:00Z'), now, 3), 0)).toEqual({ detail: PLAN_LIMIT_TEXTS.expired, expired: true, limitReached: false });
    expect(refusal(planOf(user('paid_lifetime'), now, 3), 10_000)).toBeNull();
  });

  it('warns when one is left and when the limit is reached, naming the reset day', () => {
    const free = planOf(user('free_trial'), now, 3);
    expect(subscriptionWarning(free, 1, week, 'UTC')).toBeNull();
    expect(subscriptionWarning(free, 2, week, 'UTC')).toMatchObject({ limit_reached: false, expired: false, message: expect.stringMatching(/1 free recommendation left.*Monday/) });
    expect(subscriptionWarning(free, 3, week, 'UTC')).toMatchObject({ limit_reached: true, expired: false });
    expect(subscriptionWarning(planOf(user('paid_lifetime'), now, 3), 3, week, 'UTC')).toBeNull();
  });

  it('status follows the contract', () => {
    const free = planOf(user('free_trial'), now, 3);
    const s = SubscriptionStatus.parse(subscriptionStatus(free, { used: 3, freeReplacements: 2 }, week, user('free_trial'), false));
    expect(s).toMatchObject({ status: 'Limit Reached', expiry_reason: 'trial_limit', is_active: false, recommendations_used: 3, recommendations_limit: 3 });
    expect(s).toMatchObject({ recommendations_left: 0, free_replacements_used: 2, free_replacements_limit: 5, free_replacements_left: 3 });
    expect(s.week_resets_at).toBe('2025-06-16T00:00:00.000Z');
    const expired = SubscriptionStatus.parse(subscriptionStatus(planOf(user('paid_monthly', '2020-01-01T00:00:00Z'), now, 3), { used: 0, freeReplacements: 0 }, week, user('paid_monthly', '2020-01-01T00:00:00Z'), true));
    expect(expired).toMatchObject({ status: 'Expired', expiry_reason: 'subscription_expired', is_active: false, payments_enabled: true, recommendations_left: null, free_replacements_left: null });
  });
});
