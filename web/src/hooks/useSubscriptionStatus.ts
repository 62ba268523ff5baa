import useSWR from 'swr';
import type { SubscriptionStatus } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { useUserKey } from './useUserKey';

export function useSubscriptionStatus() {
  const api = useApi();
  return useSWR<SubscriptionStatus>(useUserKey('subscription'), () => api.subscription.status());
}

/**
 * What replacing a pick the user could not use (Already Watched, or after a Dislike) costs now
 * (docs/product-decisions.md): nothing counted on a plan without a weekly limit (or a paused one), a free replacement while
 * the week's last, else one of the week's picks. null while the status is unknown.
 */
export type ReplacementCost =
  | { kind: 'uncounted' }
  | { kind: 'free'; left: number }
  | { kind: 'counts'; picksLeft: number };

export function replacementCost(s: SubscriptionStatus | undefined): ReplacementCost | null {
  if (!s) return null;
  if (s.free_replacements_left === null || s.recommendations_left === null) return { kind: 'uncounted' };
  if (s.free_replacements_left > 0) return { kind: 'free', left: s.free_replacements_left };
  return { kind: 'counts', picksLeft: s.recommendations_left };
}
