// A pick for two: the household (members, the invite you sent, the newest together pick) and the
// changes to it, each answering the new state, which replaces the cached one.
import useSWR, { useSWRConfig } from 'swr';
import type { HouseholdState, TogetherPick } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { useUserKey } from './useUserKey';

export function useHousehold() {
  const api = useApi();
  const swr = useSWR<HouseholdState>(useUserKey('household'), () => api.household.get());
  const { mutate } = swr;
  const { mutate: mutateAll } = useSWRConfig();
  const withPick = (pick: TogetherPick) => mutate((s) => (s ? { ...s, pick } : s), { revalidate: false });
  return {
    ...swr,
    invite: async (email: string) => mutate(await api.household.invite({ email }), { revalidate: false }),
    leave: async () => mutate(await api.household.leave(), { revalidate: false }),
    pick: async () => {
      const picked = await withPick(await api.household.pick());
      // A pick for two counts against the asker's week and joins the history: both are read again.
      void mutateAll((k) => Array.isArray(k) && (k[0] === 'history' || k[0] === 'subscription'), undefined, { revalidate: true });
      return picked;
    },
    rate: async (id: string, rating: boolean) => withPick(await api.household.rate(id, { rating })),
  };
}
