import useSWR from 'swr';
import type { UpdateProfileRequest, User } from '@app/shared';
import { useApi, useServices } from '../api/ServicesContext';
import { useUserKey } from './useUserKey';

/** The signed-in user's profile; every fresh copy also refreshes the stored 'user'. */
export function useProfile() {
  const api = useApi();
  const { session } = useServices();
  const key = useUserKey('profile');
  const swr = useSWR<User>(key, () => api.settings.profile(), {
    onSuccess: (user) => session.setUser(user),
  });
  async function update(body: UpdateProfileRequest): Promise<User> {
    const user = await api.settings.updateProfile(body);
    session.setUser(user);
    await swr.mutate(user, { revalidate: false });
    return user;
  }
  return { ...swr, update };
}
