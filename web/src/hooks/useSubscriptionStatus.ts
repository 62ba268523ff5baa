import useSWR from 'swr';
import type { SubscriptionStatus } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { useUserKey } from './useUserKey';

export function useSubscriptionStatus() {
  const api = useApi();
  return useSWR<SubscriptionStatus>(useUserKey('subscription'), () => api.subscription.status());
}
