// One handler per entry of the message table, each checking who may send it.
import browser from 'webextension-polyfill';
import { EXTENSION_HANDOFF } from '../lib/shared';
import type { MessageName, MessageRequest, MessageResponse } from '../lib/messages';
import type { TypedStorage } from '../lib/storage';
import { checkNonce, createNonce, parseHandoffMessage, senderIsServerPage } from '../lib/handoff';
import { connectPageUrl } from '../lib/server-url';
import { syncBridge } from './bridge-registration';

type Sender = browser.Runtime.MessageSender;
export type Handlers = { [K in MessageName]: (payload: MessageRequest<K>, sender: Sender) => Promise<MessageResponse<K>> };

/** Extension pages (popup, options), never a content script or a web page. */
function fromExtensionPage(sender: Sender): boolean {
  return typeof sender.url === 'string' && sender.url.startsWith(browser.runtime.getURL(''));
}

export function createHandlers(storage: TypedStorage): Handlers {
  // Hand-offs are handled one at a time, so two messages with one nonce cannot both pass.
  let handoffs: Promise<unknown> = Promise.resolve();

  async function acceptHandOff(payload: unknown, sender: Sender): Promise<{ accepted: boolean }> {
    const origin = await storage.get('serverUrl');
    if (!senderIsServerPage(sender, origin)) return { accepted: false };
    const message = parseHandoffMessage({ type: EXTENSION_HANDOFF.tokenMessage, ...(payload as object) });
    if (!message) return { accepted: false };
    const pending = await storage.get('pendingNonce');
    const verdict = checkNonce(pending, message.nonce, Date.now());
    if (verdict === 'expired') await storage.remove('pendingNonce');
    if (verdict !== 'ok') return { accepted: false };
    await storage.remove('pendingNonce');
    await storage.set('token', message.token);
    await storage.remove('platformAsk');
    return { accepted: true };
  }

  return {
    async 'auth/start-sign-in'(_payload, sender) {
      if (!fromExtensionPage(sender)) return { opened: false, error: 'not allowed' };
      const origin = await storage.get('serverUrl');
      const nonce = createNonce((b) => crypto.getRandomValues(b), Date.now());
      await storage.set('pendingNonce', nonce);
      await browser.tabs.create({ url: connectPageUrl(origin, EXTENSION_HANDOFF.connectPath, nonce.value) });
      return { opened: true };
    },
    'auth/hand-off'(payload, sender) {
      const run = handoffs.then(() => acceptHandOff(payload, sender));
      handoffs = run.catch(() => undefined);
      return run;
    },
    async 'bridge/sync'(_payload, sender) {
      if (!fromExtensionPage(sender)) return { registeredFor: null };
      return { registeredFor: await syncBridge(storage) };
    },
  };
}
