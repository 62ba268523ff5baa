import { describe, it, expect } from 'vitest';
import { ApiError, NetworkError, PlanLimitError, PLAN_LIMIT_TEXTS } from './shared';
import { describeProblem, OFFLINE_TEXT, ONBOARDING_TEXT } from './pick-errors';

describe('describeProblem', () => {
  it('maps each failure to what the popup shows', () => {
    expect(describeProblem(new PlanLimitError('', null, false, true), 'x')).toEqual({ kind: 'limit', title: PLAN_LIMIT_TEXTS.title, message: PLAN_LIMIT_TEXTS.limitReached });
    expect(describeProblem(new PlanLimitError('', null, true, false), 'x')).toMatchObject({ message: PLAN_LIMIT_TEXTS.expired });
    expect(describeProblem(new PlanLimitError('Server text', null, false, true), 'x')).toMatchObject({ message: 'Server text' });
    expect(describeProblem(new ApiError(401, 'expired', null), 'x')).toEqual({ kind: 'signed-out' });
    expect(describeProblem(new ApiError(403, 'Finish onboarding first', null), 'x')).toEqual({ kind: 'onboarding', message: ONBOARDING_TEXT });
    expect(describeProblem(new ApiError(409, 'Nothing left', null), 'x')).toEqual({ kind: 'empty', message: 'Nothing left' });
    expect(describeProblem(new ApiError(500, 'Internal server error', null), 'Fallback')).toEqual({ kind: 'error', message: 'Fallback' });
    expect(describeProblem(new NetworkError('Failed to fetch'), 'x')).toEqual({ kind: 'offline', message: OFFLINE_TEXT });
    expect(describeProblem(new Error('weird'), 'x', false)).toEqual({ kind: 'offline', message: OFFLINE_TEXT });
    expect(describeProblem(new Error('weird'), 'Fallback')).toEqual({ kind: 'error', message: 'Fallback' });
  });
});
