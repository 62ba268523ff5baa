// One handler per entry of the message table, each checking who may send it.
import browser from 'webextension-polyfill';
import { EXTENSION_HANDOFF } from '../lib/shared';
import type { MessageName, MessageRequest, MessageResponse } from '../lib/messages';
import type { TypedStorage } from '../lib/storage';
import { checkNonce, createNonce, parseHandoffMessage, senderIsServerPage } from '../lib/handoff';
import { connectPageUrl } from '../lib/server-url';
import { syncBridge } from './bridge-registration';
import { activeSites, syncBadges } from './badge-registration';
import { askFit, askWhyNot, parseFitAsk, rateTitle, parseTitleId, saveTitle } from '../lib/badge-requests';
import { browseSiteOf } from '../lib/browse-sites';
import { createApiClient, type ApiClient } from '../lib/shared';
import { storageTokenStore } from '../lib/token-store';
import { markWatched, parseWatchedAsk, parseWatchedMode, titleEnded } from '../lib/watched-requests';
import { viewerLocale } from '../lib/locale';
import { badgeAnswerTexts, badgeWords } from '../lib/badge-i18n';

type Sender = browser.Runtime.MessageSender;
export type Handlers = { [K in MessageName]: (payload: MessageRequest<K>, sender: Sender) => Promise<MessageResponse<K>> };

/** Extension pages (popup, options), never a content script or a web page. */
function fromExtensionPage(sender: Sender): boolean {
  return typeof sender.url === 'string' && sender.url.startsWith(browser.runtime.getURL(''));
}

/**
 * The badge's content script on a site the user turned on (and the browser still grants), in a
 * tab's top frame: never a web page, an extension page or another site.
 */
async function fromBadge(storage: TypedStorage, sender: Sender): Promise<boolean> {
  if (!sender.tab || sender.frameId !== 0 || typeof sender.url !== 'string') return false;
  const site = browseSiteOf(sender.url);
  return site !== null && (await activeSites(storage)).includes(site.id);
}

export function createHandlers(storage: TypedStorage): Handlers {
  /** The API as the signed-in user, or null when signed out. */
  async function signedIn(): Promise<ApiClient | null> {
    if (!(await storage.get('token'))) return null;
    return createApiClient({ baseUrl: await storage.get('serverUrl'), fetch: (input, init) => fetch(input, init), tokenStore: storageTokenStore(storage) });
  }

  /** The badge's language: the signed-in person's choice as the popup last read it, else the browser's. */
  async function locale() {
    return viewerLocale(!!(await storage.get('token')), await storage.get('locale'));
  }
  /** The background's own answers to the badge, in its language. */
  const texts = async () => badgeAnswerTexts(await locale());

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
    async 'browse/sync'(_payload, sender) {
      if (!fromExtensionPage(sender)) return { sites: [] };
      return { sites: await syncBadges(storage) };
    },
    async 'badge/fit'(payload, sender) {
      const ask = parseFitAsk(payload);
      if (!ask || !(await fromBadge(storage, sender))) return { ok: false };
      // Only the name and year go to the server: the request is built here, from `ask` alone.
      const answer = await askFit(await signedIn(), ask);
      return answer.ok ? { ...answer, words: badgeWords(await locale()) } : answer;
    },
    async 'badge/like'(payload, sender) {
      const id = parseTitleId(payload);
      if (!id || !(await fromBadge(storage, sender))) return { ok: false, message: (await texts()).failed };
      return rateTitle(await signedIn(), id, true, await texts());
    },
    async 'badge/dislike'(payload, sender) {
      const id = parseTitleId(payload);
      if (!id || !(await fromBadge(storage, sender))) return { ok: false, message: (await texts()).failed };
      return rateTitle(await signedIn(), id, false, await texts());
    },
    async 'badge/save'(payload, sender) {
      const id = parseTitleId(payload);
      if (!id || !(await fromBadge(storage, sender))) return { ok: false, message: (await texts()).failed };
      return saveTitle(await signedIn(), id, await texts());
    },
    async 'badge/why-not'(payload, sender) {
      const id = parseTitleId(payload);
      if (!id || !(await fromBadge(storage, sender))) return { ok: false, message: (await texts()).failed };
      return askWhyNot(await signedIn(), id, await texts());
    },
    async 'badge/watched'(payload, sender) {
      const ask = parseWatchedAsk(payload);
      if (!ask || !(await fromBadge(storage, sender))) return { ok: false, message: (await texts()).failed };
      return markWatched(await signedIn(), ask.title_id, ask.event, await texts());
    },
    async 'badge/ended'(payload, sender) {
      const id = parseTitleId(payload);
      if (!id || !(await fromBadge(storage, sender))) return { action: 'none' };
      return titleEnded(parseWatchedMode(await storage.get('watchedMode')), await signedIn(), id, await texts());
    },
  };
}
