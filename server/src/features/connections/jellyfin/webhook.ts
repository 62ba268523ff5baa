// Webhooks from Jellyfin's Webhook plugin (a "Generic" destination with the template below, or
// "Send All Properties") and from Emby (Settings > Webhooks, JSON). A played-to-the-end movie is
// watched; an episode played to the end is a mild positive for its series, which counts watched
// only when the server marks the series played (the pull reads that). Events we do not use are no
// events; a body that is not such a payload is a WebhookPayloadError (400, nothing written).
import type { MediaItem, MediaServerFlavour } from '../../../integrations/jellyfin/types.js';
import type { LibraryItem, SyncEvent, TitleRef } from '../../sync/sync-event.js';
import { WebhookPayloadError, type WebhookResult } from '../adapter.js';
import { dateOf, idKey, itemUrl, kindOf, providerIds, ratingOf, titleRef, whole } from './items.js';

/**
 * The template Settings shows to paste into the plugin (Notification type: Playback Stop, User
 * Data Saved, Item Added; Item types: Movies, Series, Episodes). Every value is quoted, since the
 * plugin writes True/False and leaves a missing one empty; names use {{{ }}} so the plugin's own
 * quote escaping is not HTML-escaped again.
 */
export const JELLYFIN_WEBHOOK_TEMPLATE = `{
  "NotificationType": "{{NotificationType}}",
  "UtcTimestamp": "{{UtcTimestamp}}",
  "ServerId": "{{ServerId}}",
  "ServerUrl": "{{ServerUrl}}",
  "UserId": "{{UserId}}",
  "NotificationUsername": "{{{NotificationUsername}}}",
  "Username": "{{{Username}}}",
  "ItemId": "{{ItemId}}",
  "ItemType": "{{ItemType}}",
  "Name": "{{{Name}}}",
  "Year": "{{Year}}",
  "SeriesId": "{{SeriesId}}",
  "SeriesName": "{{{SeriesName}}}",
  "RunTimeTicks": "{{RunTimeTicks}}",
  "Provider_tmdb": "{{Provider_tmdb}}",
  "Provider_imdb": "{{Provider_imdb}}",
  "Provider_tvdb": "{{Provider_tvdb}}",
  "PlayedToCompletion": "{{PlayedToCompletion}}",
  "SaveReason": "{{SaveReason}}",
  "Played": "{{Played}}",
  "PlayCount": "{{PlayCount}}",
  "Favorite": "{{Favorite}}",
  "Rating": "{{Rating}}",
  "LastPlayedDate": "{{LastPlayedDate}}"
}`;

/** A webhook body larger than this is not one of these payloads (Emby's carries the whole item). */
const BODY_MAX = 256 * 1024;
/** UserDataSaved fires on every progress report: only these reasons change what we hold. */
const DATA_REASONS = new Set(['togglePlayed', 'playbackFinished', 'updateUserRating', 'updateUserData', 'import'].map((r) => r.toLowerCase()));

type Json = Record<string, unknown>;

function readJson(body: Buffer, contentType: string | undefined): Json {
  if (!Buffer.isBuffer(body) || body.length > BODY_MAX) throw new WebhookPayloadError('The webhook body is missing or too large');
  let text = body.toString('utf8');
  // Emby's older webhooks post the JSON as a form field named data.
  if ((contentType ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) text = new URLSearchParams(text).get('data') ?? '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new WebhookPayloadError('The webhook body is not JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new WebhookPayloadError('The webhook body is not a JSON object');
  return parsed as Json;
}

/** true, "true" or "True" (the plugin's rendering of a C# bool). */
const yes = (v: unknown) => v === true || (typeof v === 'string' && v.trim().toLowerCase() === 'true');

function required(o: Json, field: string): string {
  const v = o[field];
  if ((typeof v !== 'string' && typeof v !== 'number') || String(v).trim() === '') throw new WebhookPayloadError(`The webhook has no ${field}`);
  return String(v).trim();
}

function idOf(o: Json, field: string): string {
  const id = idKey(required(o, field));
  if (!id) throw new WebhookPayloadError(`The webhook's ${field} is not an id`);
  return id;
}

function whenOf(o: Json, field: string): Date {
  const at = dateOf(required(o, field));
  if (!at) throw new WebhookPayloadError(`The webhook's ${field} is not a date`);
  return at;
}

function account(id: unknown, name: unknown): WebhookResult['account'] {
  return { id: idKey(id), name: typeof name === 'string' && name !== '' ? name.slice(0, 200) : null };
}

const none = (): WebhookResult => ({ events: [] });

// --- Jellyfin -----------------------------------------------------------------------------------

function jellyfinRef(o: Json, kind: 'movie' | 'series'): TitleRef | null {
  const ids = providerIds({ tmdb: o.Provider_tmdb, imdb: o.Provider_imdb, tvdb: o.Provider_tvdb });
  return titleRef({ kind, name: o.Name, year: o.Year, ids, runTimeTicks: o.RunTimeTicks });
}

/** An episode's series, by name and year only: the payload's provider ids are the episode's. */
function seriesOfEpisode(o: Json): TitleRef | null {
  const ref = titleRef({ kind: 'series', name: o.SeriesName, year: o.Year, ids: {} });
  return ref && { ...ref, libraryItemId: idKey(o.SeriesId) };
}

export function parseJellyfinWebhook(body: Buffer, contentType: string | undefined): WebhookResult {
  const o = readJson(body, contentType);
  const type = required(o, 'NotificationType');
  if (type !== 'PlaybackStop' && type !== 'UserDataSaved' && type !== 'ItemAdded') return none();
  const itemId = idOf(o, 'ItemId');
  const itemType = required(o, 'ItemType');
  const kind = kindOf(itemType);
  const episode = itemType.toLowerCase() === 'episode';
  if (type === 'ItemAdded') {
    const title = kind ? jellyfinRef(o, kind) : null;
    if (!title) return none();
    const server = typeof o.ServerUrl === 'string' && /^https?:\/\/[^\s"]+$/i.test(o.ServerUrl) ? o.ServerUrl.replace(/\/+$/, '') : null;
    const item: LibraryItem = { title, itemId, url: server ? itemUrl('jellyfin', server, itemId, o.ServerId) : null };
    return { events: [], libraryAdded: [item] };
  }
  // PlaybackStop names the user Username, UserDataSaved NotificationUsername: the template has both.
  const who = account(required(o, 'UserId'), o.NotificationUsername || o.Username);
  if (!who?.id) throw new WebhookPayloadError("The webhook's UserId is not an id");
  const at = whenOf(o, 'UtcTimestamp');
  if (type === 'PlaybackStop') {
    if (!yes(o.PlayedToCompletion)) return { events: [], account: who };
    const title = episode ? seriesOfEpisode(o) : kind === 'movie' ? jellyfinRef(o, 'movie') : null;
    if (!title) return { events: [], account: who };
    const watched = episode ? {} : { watched: true };
    return { events: [{ key: `jellyfin:stop:${itemId}:${at.toISOString()}`, title, at, playedToEnd: true, ...watched }], account: who };
  }
  // UserDataSaved: a movie or series marked played, favourite, or rated.
  const reason = typeof o.SaveReason === 'string' ? o.SaveReason.toLowerCase() : '';
  const title = kind ? jellyfinRef(o, kind) : null;
  if ((reason !== '' && !DATA_REASONS.has(reason)) || !title) return { events: [], account: who };
  const watched = yes(o.Played);
  const favourite = yes(o.Favorite);
  const rating = ratingOf(o.Rating);
  if (!watched && !favourite && !rating) return { events: [], account: who };
  const lastPlayed = dateOf(o.LastPlayedDate);
  const plays = whole(o.PlayCount, 0, 1e6) ?? 0;
  const event: SyncEvent = {
    key: `jellyfin:item:${itemId}:${lastPlayed?.toISOString() ?? '-'}:${plays}:${favourite ? 1 : 0}:${rating?.value ?? '-'}`,
    title,
    at: watched && lastPlayed ? lastPlayed : at,
    ...(watched ? { watched: true } : {}),
    ...(favourite ? { favourite: true } : {}),
    ...(rating ? { rating } : {}),
  };
  return { events: [event], account: who };
}

// --- Emby ---------------------------------------------------------------------------------------

const EMBY_EVENTS = new Set(['playback.stop', 'item.markplayed', 'item.rate', 'library.new']);

function embyItem(o: Json): MediaItem & Json {
  const item = o.Item;
  if (!item || typeof item !== 'object' || Array.isArray(item)) throw new WebhookPayloadError('The webhook has no Item');
  return item as MediaItem & Json;
}

function embyRef(item: MediaItem & Json, kind: 'movie' | 'series'): TitleRef | null {
  return titleRef({ kind, name: item.Name, originalName: item.OriginalTitle, year: item.ProductionYear, ids: providerIds(item.ProviderIds), runTimeTicks: item.RunTimeTicks });
}

export function parseEmbyWebhook(body: Buffer, contentType: string | undefined): WebhookResult {
  const o = readJson(body, contentType);
  const event = required(o, 'Event');
  if (!EMBY_EVENTS.has(event)) return none();
  const item = embyItem(o);
  const itemId = idOf(item, 'Id');
  const itemType = required(item, 'Type');
  const kind = kindOf(itemType);
  if (event === 'library.new') {
    const title = kind ? embyRef(item, kind) : null;
    // Emby's payload names the server but not its address: the next pull gives the link.
    return title ? { events: [], libraryAdded: [{ title, itemId, url: null }] } : none();
  }
  const user = o.User && typeof o.User === 'object' ? (o.User as Json) : {};
  const who = account(required(user, 'Id'), user.Name);
  if (!who?.id) throw new WebhookPayloadError("The webhook's User.Id is not an id");
  const at = whenOf(o, 'Date');
  const result = (e: SyncEvent | null): WebhookResult => ({ events: e ? [e] : [], account: who });
  if (event === 'playback.stop') {
    const info = o.PlaybackInfo && typeof o.PlaybackInfo === 'object' ? (o.PlaybackInfo as Json) : {};
    if (!yes(info.PlayedToCompletion)) return result(null);
    const episode = itemType.toLowerCase() === 'episode';
    const series = episode ? titleRef({ kind: 'series', name: item.SeriesName, ids: {} }) : null;
    const title = series ? { ...series, libraryItemId: idKey(item.SeriesId) } : kind === 'movie' ? embyRef(item, 'movie') : null;
    if (!title) return result(null);
    return result({ key: `emby:stop:${itemId}:${at.toISOString()}`, title, at, playedToEnd: true, ...(episode ? {} : { watched: true }) });
  }
  const title = kind ? embyRef(item, kind) : null;
  if (!title) return result(null);
  const data = item.UserData && typeof item.UserData === 'object' ? item.UserData : {};
  if (event === 'item.markplayed') {
    const when = dateOf(data.LastPlayedDate) ?? at;
    return result({ key: `emby:played:${itemId}:${at.toISOString()}`, title, at: when, watched: true });
  }
  // item.rate: the favourite flag or the user's rating changed.
  const favourite = data.IsFavorite === true;
  const rating = ratingOf(data.Rating);
  if (!favourite && !rating) return result(null);
  return result({ key: `emby:rate:${itemId}:${at.toISOString()}`, title, at, ...(favourite ? { favourite: true } : {}), ...(rating ? { rating } : {}) });
}

export function parseWebhook(flavour: MediaServerFlavour, body: Buffer, contentType: string | undefined): WebhookResult {
  return flavour === 'emby' ? parseEmbyWebhook(body, contentType) : parseJellyfinWebhook(body, contentType);
}
