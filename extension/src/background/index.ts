// The background worker: answers the typed message table, keeps the sign-in bridge registered
// for the configured server origin, and holds the one-time nonce of a hand-off in progress.
import browser from 'webextension-polyfill';
import { isEnvelope } from '../lib/messages';
import { extensionStorage, DEFAULT_SERVER_URL } from '../lib/extension-storage';
import { createHandlers } from './handlers';
import { syncBridge } from './bridge-registration';
import { syncBadges } from './badge-registration';

const storage = extensionStorage();
const handlers = createHandlers(storage);

browser.runtime.onMessage.addListener((message: unknown, sender: browser.Runtime.MessageSender) => {
  if (sender.id !== browser.runtime.id || !isEnvelope(message)) return undefined;
  const handle = handlers[message.name] as (payload: unknown, s: browser.Runtime.MessageSender) => Promise<unknown>;
  return handle(message.payload, sender);
});

browser.runtime.onInstalled.addListener(async () => {
  if (!(await storage.has('serverUrl'))) await storage.set('serverUrl', DEFAULT_SERVER_URL);
  await syncBridge(storage);
  await syncBadges(storage);
});
browser.runtime.onStartup.addListener(() => void syncBridge(storage));
browser.permissions.onAdded.addListener(() => {
  void syncBridge(storage);
  void syncBadges(storage);
});
// A site's origins withdrawn in the browser's own settings: its badge stops at once.
browser.permissions.onRemoved.addListener(() => {
  void syncBridge(storage);
  void syncBadges(storage);
});
browser.storage.onChanged.addListener((changes, area) => {
  if (area === 'local' && 'serverUrl' in changes) void syncBridge(storage);
});
