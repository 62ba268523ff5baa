// The sign-in bridge: runs only on the configured server's pages. It passes the web app's
// hand-off message to the background (which checks the one-time nonce) and tells the page when
// the extension is connected. It reads nothing else from the page.
import browser from 'webextension-polyfill';
import { EXTENSION_HANDOFF } from '../lib/shared';
import { acceptWindowMessage } from '../lib/handoff';
import type { MessageResponse } from '../lib/messages';
import { createTypedStorage, storageDefaults } from '../lib/storage';

// No default server here: until the background has stored one, nothing is accepted.
const storage = createTypedStorage({ local: browser.storage.local }, storageDefaults(''));

window.addEventListener('message', (event: MessageEvent) => {
  // Captured now: the checks below are async and the event's fields must be the ones that came.
  const incoming = { source: event.source, origin: event.origin, data: event.data as unknown };
  void (async () => {
    const configured = (await storage.get('serverUrl')) || null;
    const message = acceptWindowMessage(incoming, window, configured);
    if (!message || !configured) return;
    const reply = (await browser.runtime.sendMessage({ name: 'auth/hand-off', payload: message })) as MessageResponse<'auth/hand-off'>;
    if (reply?.accepted) window.postMessage({ type: EXTENSION_HANDOFF.connectedMessage, nonce: message.nonce }, configured);
  })();
});
