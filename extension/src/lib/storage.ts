// The one typed wrapper over extension storage. Every key the extension keeps is declared here
// with its area and default; nothing else calls storage.get/set with string keys.
import type { PendingNonce } from './handoff';
import type { BrowseSiteId } from './browse-sites';
import type { WatchedMode } from './watched';
import type { Locale } from '@app/shared/i18n';

/** The subset of browser.storage.StorageArea the wrapper uses (lets tests pass a memory area). */
export interface StorageAreaLike {
  get(keys: string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

export interface StoredValues {
  /** The server's origin, e.g. http://localhost:8080. */
  serverUrl: string;
  /** This browser's extension token (tpx_...), or null when signed out. */
  token: string | null;
  /** The one-time nonce of a hand-off in progress. */
  pendingNonce: PendingNonce | null;
  /** Which platform the popup already asked a pick for, for which pick (one ask each). */
  platformAsk: { recommendationId: string; platform: string } | null;
  /** The sites where the user turned the badge on (off by default: docs/security.md). */
  browseSites: BrowseSiteId[];
  /** What happens when a title ends on a streaming site (options page; Ask by default). */
  watchedMode: WatchedMode;
  /** The signed-in person's language (the profile's ui_language, as last read), or null: the browser's then. */
  locale: Locale | null;
}

export type StorageKey = keyof StoredValues;

/** local: survives restarts. session: memory only, gone when the browser closes (the nonce). */
export const STORAGE_LAYOUT: { [K in StorageKey]: 'local' | 'session' } = {
  serverUrl: 'local',
  token: 'local',
  pendingNonce: 'session',
  platformAsk: 'session',
  browseSites: 'local',
  watchedMode: 'local',
  locale: 'local',
};

export function storageDefaults(defaultServerUrl: string): StoredValues {
  return { serverUrl: defaultServerUrl, token: null, pendingNonce: null, platformAsk: null, browseSites: [], watchedMode: 'ask', locale: null };
}

export interface TypedStorage {
  get<K extends StorageKey>(key: K): Promise<StoredValues[K]>;
  set<K extends StorageKey>(key: K, value: StoredValues[K]): Promise<void>;
  remove(key: StorageKey): Promise<void>;
  /** Whether a value is stored (not just the default). */
  has(key: StorageKey): Promise<boolean>;
}

export function createTypedStorage(
  areas: { local: StorageAreaLike; session?: StorageAreaLike | null },
  defaults: StoredValues,
): TypedStorage {
  // Browsers without storage.session keep session keys in local; they still expire (nonce) or are harmless.
  const area = (key: StorageKey) => (STORAGE_LAYOUT[key] === 'session' && areas.session ? areas.session : areas.local);
  return {
    async get(key) {
      const got = await area(key).get([key]);
      return (key in got && got[key] !== undefined ? got[key] : defaults[key]) as StoredValues[typeof key];
    },
    async set(key, value) {
      if (value === null) await area(key).remove([key]);
      else await area(key).set({ [key]: value });
    },
    async remove(key) {
      await area(key).remove([key]);
    },
    async has(key) {
      const got = await area(key).get([key]);
      return key in got && got[key] !== undefined;
    },
  };
}

/** A Map-backed area for tests and for contexts without extension storage. */
export function memoryArea(): StorageAreaLike & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    async get(keys) {
      const out: Record<string, unknown> = {};
      for (const k of keys) if (data.has(k)) out[k] = structuredClone(data.get(k));
      return out;
    },
    async set(items) {
      for (const [k, v] of Object.entries(items)) data.set(k, structuredClone(v));
    },
    async remove(keys) {
      for (const k of keys) data.delete(k);
    },
  };
}
