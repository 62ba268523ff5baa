// One connected app's side of a connection (issue 37): how it connects, pulls and reads its
// webhooks. connections.service.ts runs every kind through this, so a kind is one folder here
// (jellyfin/, plex/, trakt/) above its HTTP client in integrations/<kind>/.
import type { ConnectionKind } from '@app/shared';
import type { LibraryItem, SyncEvent } from '../sync/sync-event.js';

/** A refusal by the app (bad key, server unreachable, 401 after refresh): worded for the user. */
export class ConnectionError extends Error {
  constructor(
    message: string,
    /** auth: the credentials no longer work (the user must reconnect); unreachable / refused: try later. */
    readonly reason: 'auth' | 'unreachable' | 'refused' | 'rate_limited',
    /** Seconds the app asked us to wait (429 Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ConnectionError';
  }
}

/** A webhook body that is not the app's event: 400, nothing written. */
export class WebhookPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookPayloadError';
  }
}

/** What a connection keeps between pulls (stored sealed: token-cipher.ts). JSON-serialisable. */
export type Credentials = Record<string, unknown>;

export interface Connected {
  credentials: Credentials;
  /** Who we are connected as, shown in Settings ("alice on Living room"). */
  accountName: string;
  /** The app's id of that account (a media server's user id), as its webhooks name it (WebhookResult.account). */
  accountId?: string;
}

export interface PullResult {
  events: SyncEvent[];
  /** The whole library when the pull read it (replaces what we held for this kind); undefined when it did not. */
  library?: LibraryItem[];
  /** Where the next pull starts (opaque to the service), null to start over. */
  cursor: string | null;
  /** Credentials changed by the pull (a refreshed token): stored sealed again. */
  credentials?: Credentials;
  /** True when the pull stopped early (a page budget, a 429) and should continue soon from `cursor`. */
  more?: boolean;
  /**
   * Library items read by a pull that resumed a pass over the library (added to what we hold):
   * the pass's first pull replaces the library with `library`, the pulls that go on from its
   * cursor add theirs, so a library too big for one pull is whole once the pass ends (Plex).
   */
  libraryAdded?: LibraryItem[];
}

export interface WebhookResult {
  events: SyncEvent[];
  /** Items newly in the user's library (ItemAdded, library.new). */
  libraryAdded?: LibraryItem[];
  /** The app's account the events are of, when its payload says (Plex's Account: id and title). */
  account?: { id: string | null; name: string | null };
}

export interface PullContext {
  now: Date;
  signal?: AbortSignal;
}

export interface DeviceCode {
  deviceCode: string;
  userCode: string;
  verificationUrl: string;
  /** Seconds the code stays valid, and between polls. */
  expiresIn: number;
  interval: number;
}

/** One of our history's facts sent back to an app (Trakt push-back). */
export interface PushItem {
  kind: 'movie' | 'series';
  tmdbId: number | null;
  imdbId: string | null;
  watchedAt: Date | null;
  /** true like, false dislike, null no rating. */
  liked: boolean | null;
}

export interface ConnectionAdapter {
  kind: ConnectionKind;
  /** Jellyfin/Emby: the server's users for {server_url, api_key}, to choose one before connecting (connections_users). */
  serverUsers?(body: { server_url: string; api_key: string }, ctx: PullContext): Promise<Array<{ id: string; name: string }>>;
  /** Checks the body of a connect request against the app and returns what to keep. */
  connect(body: unknown, ctx: PullContext): Promise<Connected>;
  /** Reads what changed since `cursor` (null: everything). Bounded: pages and items per pull are capped. */
  pull(credentials: Credentials, cursor: string | null, ctx: PullContext): Promise<PullResult>;
  /** OAuth device flow (Trakt): starts it; the user enters `userCode` at `verificationUrl`. */
  deviceStart?(ctx: PullContext): Promise<DeviceCode>;
  /** Polls a started device flow: 'pending' until the user approved it; throws ConnectionError when refused or expired. */
  devicePoll?(deviceCode: string, ctx: PullContext): Promise<Connected | 'pending'>;
  /** Sends likes, dislikes and watched titles back to the app (Trakt, opt-in); returns changed credentials if refreshed. */
  push?(credentials: Credentials, items: readonly PushItem[], ctx: PullContext): Promise<{ credentials?: Credentials }>;
  /** What the person pastes in the app's webhook settings beside the address (Jellyfin's plugin takes a JSON template). */
  webhookTemplate?: string;
  /** Parses one webhook request (raw body bytes and its content type); absent when the app has none. */
  webhook?(body: Buffer, contentType: string | undefined): WebhookResult;
}
