// The browser's token store: the storage keys 'token' and 'user' in localStorage (docs/screens.md), plus a
// subscription so React re-renders when a sign-in, sign-out or 401 changes them.
import { STORAGE_KEYS, type TokenStore, type User } from '@app/shared';

export interface Session {
  token: string | null;
  user: User | null;
}

export interface SessionStore extends TokenStore {
  snapshot(): Session;
  subscribe(listener: () => void): () => void;
  /** Replaces the stored user (a fresh profile, or onboarding finished) and keeps the token. */
  setUser(user: User): void;
}

function readUser(storage: Storage): User | null {
  const raw = storage.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as User;
  } catch {
    return null;
  }
}

export function createSessionStore(storage: Storage, win?: Pick<Window, 'addEventListener'>): SessionStore {
  const listeners = new Set<() => void>();
  let current: Session = { token: storage.getItem(STORAGE_KEYS.token), user: readUser(storage) };

  function changed() {
    current = { token: storage.getItem(STORAGE_KEYS.token), user: readUser(storage) };
    for (const l of listeners) l();
  }

  // Another tab signing in or out changes this tab's session too.
  win?.addEventListener('storage', (e) => {
    const key = (e as StorageEvent).key;
    if (key === null || key === STORAGE_KEYS.token || key === STORAGE_KEYS.user) changed();
  });

  return {
    getToken: () => storage.getItem(STORAGE_KEYS.token),
    setSession(token, user) {
      storage.setItem(STORAGE_KEYS.token, token);
      if (user) storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
      else storage.removeItem(STORAGE_KEYS.user);
      changed();
    },
    clear() {
      storage.removeItem(STORAGE_KEYS.token);
      storage.removeItem(STORAGE_KEYS.user);
      changed();
    },
    setUser(user) {
      storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
      changed();
    },
    snapshot: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
