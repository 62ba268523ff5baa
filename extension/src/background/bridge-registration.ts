// The sign-in bridge runs only on the configured server's origin: it is registered at run time
// for that origin once its host permission is granted, and re-registered when either changes.
import browser from 'webextension-polyfill';
import bridgeScript from '../content/bridge.iife.ts?script';
import { hostPermissionPattern } from '../lib/server-url';
import type { TypedStorage } from '../lib/storage';

const BRIDGE_ID = 'tonights-pick-sign-in-bridge';
let queue: Promise<unknown> = Promise.resolve();

/** Serialised: several events (install, permission, storage) may ask at once. */
export function syncBridge(storage: TypedStorage): Promise<string | null> {
  const run = queue.then(() => register(storage));
  queue = run.catch(() => undefined);
  return run;
}

async function register(storage: TypedStorage): Promise<string | null> {
  const origin = await storage.get('serverUrl');
  const pattern = hostPermissionPattern(origin, __BROWSER__);
  const existing = await browser.scripting.getRegisteredContentScripts({ ids: [BRIDGE_ID] });
  if (existing.length) await browser.scripting.unregisterContentScripts({ ids: [BRIDGE_ID] });
  if (!(await browser.permissions.contains({ origins: [pattern] }))) return null;
  await browser.scripting.registerContentScripts([
    { id: BRIDGE_ID, matches: [pattern], js: [bridgeScript], runAt: 'document_start', persistAcrossSessions: true },
  ]);
  return pattern;
}
