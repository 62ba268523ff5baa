// The background worker's one typed table of messages: every request name with its payload and
// its answer. Senders and the background's router both type-check against it.
import type { BrowseSiteId } from './browse-sites';
import type { ActionAnswer, FitAnswer, FitAsk, WhyNotAnswer } from './badge-requests';
import type { EndedAnswer, WatchedEvent } from './watched';

export interface MessageTable {
  /** Popup -> background: create a one-time nonce and open the web app's connect page. */
  'auth/start-sign-in': { request: Record<string, never>; response: { opened: boolean; error?: string } };
  /** Sign-in bridge -> background: the token the web page handed over, with the nonce it came with. */
  'auth/hand-off': { request: { nonce: string; token: string }; response: { accepted: boolean } };
  /** Options page -> background: the server URL changed; re-register the bridge for it. */
  'bridge/sync': { request: Record<string, never>; response: { registeredFor: string | null } };
  /** Options page -> background: the badge's sites changed; re-register the badge where it is on. */
  'browse/sync': { request: Record<string, never>; response: { sites: BrowseSiteId[] } };
  /** Badge (a content script on a site the user turned on) -> background: the fit of the title the page shows. */
  'badge/fit': { request: FitAsk; response: FitAnswer };
  /** Badge -> background: Like the title the fit found. */
  'badge/like': { request: { title_id: string }; response: ActionAnswer };
  /** Badge -> background: Dislike the title the fit found. */
  'badge/dislike': { request: { title_id: string }; response: ActionAnswer };
  /** Badge -> background: save the title the fit found for later. */
  'badge/save': { request: { title_id: string }; response: ActionAnswer };
  /** Badge -> background: why the title the fit found is not the user's pick. */
  'badge/why-not': { request: { title_id: string }; response: WhyNotAnswer };
  /** Badge -> background: the title the fit found was watched ("Watched it", or the ask after its end). */
  'badge/watched': { request: { title_id: string; event: WatchedEvent }; response: ActionAnswer };
  /** Badge -> background: the page's video of that title played to the end; the user's choice says what now. */
  'badge/ended': { request: { title_id: string }; response: EndedAnswer };
}

export type MessageName = keyof MessageTable;
export type MessageRequest<K extends MessageName> = MessageTable[K]['request'];
export type MessageResponse<K extends MessageName> = MessageTable[K]['response'];

export interface Envelope<K extends MessageName = MessageName> {
  name: K;
  payload: MessageRequest<K>;
}

const NAMES: readonly MessageName[] = ['auth/start-sign-in', 'auth/hand-off', 'bridge/sync', 'browse/sync', 'badge/fit', 'badge/like', 'badge/dislike', 'badge/save', 'badge/why-not', 'badge/watched', 'badge/ended'];

export function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.name === 'string' && (NAMES as readonly string[]).includes(v.name) && typeof v.payload === 'object' && v.payload !== null;
}

export type SendMessage = (message: unknown) => Promise<unknown>;

/** Sends one typed message; `send` is runtime.sendMessage. */
export async function sendToBackground<K extends MessageName>(send: SendMessage, name: K, payload: MessageRequest<K>): Promise<MessageResponse<K>> {
  return (await send({ name, payload } satisfies Envelope<K>)) as MessageResponse<K>;
}
