import { useSession } from '../api/ServicesContext';

export type UserKey = readonly [name: string, userId: string, ...rest: Array<string | number>];

/**
 * SWR keys of signed-in data carry the user id, so one user's cached data is never shown to
 * the next user who signs in on the same browser. null (no session) disables the fetch.
 */
export function useUserKey(name: string, ...rest: Array<string | number>): UserKey | null {
  const { token, user } = useSession();
  if (!token) return null;
  return [name, user?.id ?? token.slice(-16), ...rest];
}
