// What the popup shows for a failed call. Pure, so every branch is unit-tested.
import { ApiError, NetworkError, PlanLimitError, PLAN_LIMIT_TEXTS } from './shared';

export type PickProblem =
  | { kind: 'signed-out' }
  | { kind: 'limit'; title: string; message: string }
  | { kind: 'offline'; message: string }
  | { kind: 'onboarding'; message: string }
  | { kind: 'empty'; message: string }
  | { kind: 'error'; message: string };

export const OFFLINE_TEXT = "You're offline, or the server can't be reached. Check your connection and try again.";
export const ONBOARDING_TEXT = 'Finish setting up your taste in the web app to get your first pick.';

/** The popup's own words for a problem, English by default (the popup passes them in its language). */
export interface ProblemTexts {
  limitTitle: string;
  limitReached: string;
  expired: string;
  offline: string;
  onboarding: string;
}

export const PROBLEM_TEXTS: ProblemTexts = {
  limitTitle: PLAN_LIMIT_TEXTS.title,
  limitReached: PLAN_LIMIT_TEXTS.limitReached,
  expired: PLAN_LIMIT_TEXTS.expired,
  offline: OFFLINE_TEXT,
  onboarding: ONBOARDING_TEXT,
};

export function describeProblem(err: unknown, fallback: string, online = true, texts: ProblemTexts = PROBLEM_TEXTS): PickProblem {
  if (err instanceof PlanLimitError) {
    const message = err.detail || (err.expired ? texts.expired : texts.limitReached);
    return { kind: 'limit', title: texts.limitTitle, message };
  }
  if (err instanceof ApiError) {
    if (err.status === 401) return { kind: 'signed-out' };
    if (err.status === 403 && /onboarding/i.test(err.detail)) return { kind: 'onboarding', message: texts.onboarding };
    if (err.status === 404 || err.status === 409) return { kind: 'empty', message: err.detail };
    return { kind: 'error', message: err.status >= 500 ? fallback : err.detail || fallback };
  }
  if (err instanceof NetworkError || !online) return { kind: 'offline', message: texts.offline };
  return { kind: 'error', message: fallback };
}
