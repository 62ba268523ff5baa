import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { ApiClient } from '@app/shared';
import type { AppServices } from './services';
import type { Session } from './sessionStore';

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const s = useContext(ServicesContext);
  if (!s) throw new Error('useServices outside ServicesProvider');
  return s;
}

export function useApi(): ApiClient {
  return useServices().api;
}

/** The stored session; re-renders on sign-in, sign-out and any 401. */
export function useSession(): Session {
  const { session } = useServices();
  return useSyncExternalStore(session.subscribe, session.snapshot, session.snapshot);
}
