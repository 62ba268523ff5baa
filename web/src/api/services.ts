// The one API client of the web app and the session it signs in with. main.tsx builds it with the
// browser's fetch and localStorage; tests build it with a scripted fetch and a fresh storage.
import { createApiClient, type ApiClient, type PublicConfig } from '@app/shared';
import { i18n } from '@lingui/core';
import { createSessionStore, type SessionStore } from './sessionStore';

export interface AppServices {
  api: ApiClient;
  session: SessionStore;
  /** localStorage: the pending-verification and pending-payment keys live here too (docs/screens.md, "Browser storage"). */
  storage: Storage;
  /** Called on any 401 after the token and user were removed; returns an unsubscribe. */
  onUnauthorized(listener: () => void): () => void;
  /** GET /api/public/config, fetched once per page load (a failure is retried on the next call). */
  publicConfig(): Promise<PublicConfig>;
  /**
   * Resolves FIRST_VIEW_MS after the app started. What no page's first view shows (the page-view
   * count, the footer's notice) waits for it, so that on a slow phone it does not compete with that
   * view for the network and the main thread (docs/performance.md, "Web").
   */
  afterFirstView: Promise<void>;
}

/** How long after the app starts its first view has the page to itself. */
export const FIRST_VIEW_MS = 1000;

export function createAppServices(opts: { fetch: typeof fetch; storage: Storage; baseUrl?: string; win?: Window; firstViewMs?: number }): AppServices {
  const session = createSessionStore(opts.storage, opts.win);
  const listeners = new Set<() => void>();
  const api = createApiClient({
    baseUrl: opts.baseUrl ?? '',
    fetch: opts.fetch,
    tokenStore: session,
    // The page's language, not only the browser's: a detail the app shows is in the language it speaks.
    language: () => i18n.locale || undefined,
    onUnauthorized: () => {
      for (const l of listeners) l();
    },
  });
  let config: Promise<PublicConfig> | null = null;
  const afterFirstView = new Promise<void>((resolve) => setTimeout(resolve, opts.firstViewMs ?? FIRST_VIEW_MS));
  return {
    afterFirstView,
    api,
    publicConfig() {
      config ??= api.public.config().catch((err: unknown) => {
        config = null;
        throw err;
      });
      return config;
    },
    session,
    storage: opts.storage,
    onUnauthorized(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
