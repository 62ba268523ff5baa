// A pick for two: the household (members, the invite you sent, the newest together pick) and the
// changes to it, each answering the new state, which replaces the cached one.
import useSWR from 'swr';
import type { HouseholdState, TogetherPick } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { useUserKey } from './useUserKey';

export function useHousehold() {
  const api = useApi();
  const swr = useSWR<HouseholdState>(useUserKey('household'), () => api.household.get());
  const { mutate } = swr;
  const withPick = (pick: TogetherPick) => mutate((s) => (s ? { ...s, pick } : s), { revalidate: false });
  return {
    ...swr,
    invite: async (email: string) => mutate(await api.household.invite({ email }), { revalidate: false }),
    leave: async () => mutate(await api.household.leave(), { revalidate: false }),
    pick: async () => withPick(await api.household.pick()),
    rate: async (id: string, rating: boolean) => withPick(await api.household.rate(id, { rating })),
  };
}
