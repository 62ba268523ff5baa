// The typed storage over the real extension storage areas (background, popup, options, bridge).
import browser from 'webextension-polyfill';
import { createTypedStorage, storageDefaults, type TypedStorage } from './storage';

export const DEFAULT_SERVER_URL: string = __DEFAULT_SERVER_URL__;

export function extensionStorage(): TypedStorage {
  const session = (browser.storage as { session?: typeof browser.storage.local }).session ?? null;
  return createTypedStorage({ local: browser.storage.local, session }, storageDefaults(DEFAULT_SERVER_URL));
}
