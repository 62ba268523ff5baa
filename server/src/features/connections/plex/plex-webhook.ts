// Plex's webhooks (support.plex.tv, "Webhooks"): multipart/form-data with a `payload` part of JSON
// and, for some events, a `thumb` JPEG we ignore. media.scrobble (played past 90%) is a watch,
// media.rate a rating on Plex's 0-10 scale, library.new an item now in the user's library.
import { plexRatingKey } from '../../../integrations/plex/client.js';
import type { PlexMetadata } from '../../../integrations/plex/types.js';
import { WebhookPayloadError, type WebhookResult } from '../adapter.js';
import type { LibraryItem, SyncEvent } from '../../sync/sync-event.js';
import { parseMultipart } from './multipart.js';
import { libraryItem, plexAppUrl, ratingEvent, seconds, showOf, titleOf, watchedKey } from './plex-titles.js';

/** The JSON payload is a few KB; the thumbnail beside it is not read. */
const MAX_PAYLOAD_BYTES = 256 * 1024;

export function parsePlexWebhook(body: Buffer, contentType: string | undefined, now: Date = new Date()): WebhookResult {
  const part = parseMultipart(body, contentType).find((p) => p.name === 'payload');
  if (!part) throw new WebhookPayloadError('A Plex webhook has a "payload" part');
  if (part.data.length > MAX_PAYLOAD_BYTES) throw new WebhookPayloadError('The Plex webhook payload is too large');
  let payload: unknown;
  try {
    payload = JSON.parse(part.data.toString('utf8'));
  } catch {
    throw new WebhookPayloadError('The Plex webhook payload is not JSON');
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) throw new WebhookPayloadError('The Plex webhook payload is not an object');
  const p = payload as Record<string, unknown>;
  if (typeof p.event !== 'string') throw new WebhookPayloadError('The Plex webhook payload has no event');
  const account = accountOf(p.Account);
  const result: WebhookResult = { events: [], ...(account ? { account } : {}) };
  // `user` is set when the event is the account's own (its webhook); `owner` alone means another
  // account played on a server this account owns, which says nothing of this account's taste.
  const metadata = metadataOf(p.Metadata);
  if (!metadata) return result;
  if (p.event === 'library.new') {
    const item = libraryItemOf(metadata, serverIdOf(p.Server));
    return item ? { ...result, libraryAdded: [item] } : result;
  }
  if (p.user !== true) return result;
  const event = p.event === 'media.scrobble' ? scrobbleOf(metadata, now) : p.event === 'media.rate' ? rateOf(metadata, now) : null;
  return event ? { ...result, events: [event] } : result;
}

function scrobbleOf(m: PlexMetadata, now: Date): SyncEvent | null {
  const lastViewedAt = seconds(m.lastViewedAt);
  const at = lastViewedAt !== null ? new Date(lastViewedAt * 1000) : now;
  const title = titleOf(m);
  if (title) return { key: watchedKey(m.ratingKey, lastViewedAt, m.viewCount), title, at, watched: true, playedToEnd: true };
  // An episode played to the end: the show is watched (keyed by the show, as the pull keys it), not finished.
  const show = m.type === 'episode' ? showOf(m) : null;
  if (!show) return null;
  const key = lastViewedAt !== null ? watchedKey(show.ratingKey, lastViewedAt, null) : `plex:watched:${show.ratingKey}:e${m.ratingKey}`;
  return { key, title: show.title, at, watched: true };
}

/** A movie's or a show's rating; an episode's or a season's rates the episode, not the show. */
function rateOf(m: PlexMetadata, now: Date): SyncEvent | null {
  const title = titleOf(m);
  return title ? ratingEvent(m, title, now) : null;
}

/** A new movie or show, or the show of a new episode or season. */
function libraryItemOf(m: PlexMetadata, serverId: string | null): LibraryItem | null {
  const title = titleOf(m);
  const show = title ? null : showOf(m);
  const ratingKey = title ? m.ratingKey : show?.ratingKey;
  if (!ratingKey || !(title ?? show)) return null;
  return libraryItem(title ?? show!.title, ratingKey, serverId ? plexAppUrl(serverId, ratingKey) : null);
}

function metadataOf(v: unknown): PlexMetadata | null {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const ratingKey = plexRatingKey(o.ratingKey);
  if (!ratingKey || typeof o.type !== 'string') return null;
  return {
    ...(o as unknown as PlexMetadata),
    ratingKey,
    grandparentRatingKey: plexRatingKey(o.grandparentRatingKey) ?? undefined,
    parentRatingKey: plexRatingKey(o.parentRatingKey) ?? undefined,
  };
}

function accountOf(v: unknown): WebhookResult['account'] | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  const id = typeof o.id === 'number' || typeof o.id === 'string' ? String(o.id) : null;
  const name = typeof o.title === 'string' ? o.title.slice(0, 200) : null;
  return id !== null || name !== null ? { id, name } : null;
}

function serverIdOf(v: unknown): string | null {
  const uuid = v && typeof v === 'object' ? (v as Record<string, unknown>).uuid : null;
  return typeof uuid === 'string' && /^[A-Za-z0-9-]{1,64}$/.test(uuid) ? uuid : null;
}
