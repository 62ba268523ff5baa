import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { UpdateProfileRequest, User } from '@app/shared';
import { useApi, useServices } from '../api/ServicesContext';
import { chooseLocale, i18n } from '../i18n/i18n';
import { useUserKey } from './useUserKey';

/** The profile's language, once chosen, is this browser's too (docs/i18n.md): on every device the person signs in on. */
function followLanguage(user: User, storage: Storage): void {
  if (user.ui_language && user.ui_language !== i18n.locale) void chooseLocale(user.ui_language, storage);
}

/** The signed-in user's profile; every fresh copy also refreshes the stored 'user'. */
export function useProfile() {
  const api = useApi();
  const { session, storage } = useServices();
  const key = useUserKey('profile');
  const swr = useSWR<User>(key, () => api.settings.profile(), {
    onSuccess: (user) => {
      session.setUser(user);
      followLanguage(user, storage);
    },
  });
  /**
   * A user the server just returned (onboarding, a save) replaces both the stored user and this
   * cache entry: the signed-in layout loads the profile before onboarding, and a page opened
   * later must not start from that copy.
   */
  async function remember(user: User): Promise<User> {
    session.setUser(user);
    followLanguage(user, storage);
    await swr.mutate(user, { revalidate: false });
    return user;
  }
  async function update(body: UpdateProfileRequest): Promise<User> {
    return remember(await api.settings.updateProfile(body));
  }
  return { ...swr, update, remember };
}

/**
 * True once the profile was fetched from the server after the calling page opened, so a form
 * never starts from a cached copy older than the page (Settings waits for it).
 */
export function useFreshProfile(): ReturnType<typeof useProfile> & { fresh: boolean } {
  const profile = useProfile();
  const [fresh, setFresh] = useState(false);
  const { mutate } = profile;
  useEffect(() => {
    let live = true;
    void mutate().finally(() => live && setFresh(true));
    return () => {
      live = false;
    };
  }, [mutate]);
  return { ...profile, fresh };
}
