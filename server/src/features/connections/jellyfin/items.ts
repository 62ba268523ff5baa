// A Jellyfin or Emby item as our title reference, library item and synced event. The API writes
// ids as 32 hex digits and the webhook plugin as a dashed GUID, so ids are compared in one form
// (idKey). A series counts watched when the server marks it played (every episode played).
import type { MediaItem, MediaServerFlavour } from '../../../integrations/jellyfin/types.js';
import type { LibraryItem, SyncEvent, TitleRef } from '../../sync/sync-event.js';

const NAME_MAX = 300;
const ID_MAX = 64;
/** 100-nanosecond ticks in a minute. */
const TICKS_PER_MINUTE = 600_000_000;

/** An id as we compare and keep it: lower case, without a GUID's dashes; null when not an id. */
export function idKey(raw: unknown): string | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const id = String(raw).trim().toLowerCase().replace(/-/g, '');
  return id.length > 0 && id.length <= ID_MAX && /^[0-9a-z]+$/.test(id) ? id : null;
}

export function kindOf(type: unknown): 'movie' | 'series' | null {
  if (typeof type !== 'string') return null;
  const t = type.toLowerCase();
  return t === 'movie' ? 'movie' : t === 'series' ? 'series' : null;
}

const text = (v: unknown): string | null => {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const s = String(v).trim();
  return s === '' ? null : s.slice(0, NAME_MAX);
};

/** A whole number from a number or its text (the webhook template writes every value as text). */
export function whole(v: unknown, min: number, max: number): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : null;
}

/** Provider ids as the server names them (Tmdb, Imdb, Tvdb; the webhook plugin's lower-cased keys too). */
export interface ProviderIds {
  tmdb?: unknown;
  imdb?: unknown;
  tvdb?: unknown;
}

export function providerIds(raw: unknown): ProviderIds {
  const out: ProviderIds = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const [k, v] of Object.entries(raw as Record<string, unknown>).slice(0, 50)) {
    const key = k.toLowerCase();
    if (key === 'tmdb' || key === 'imdb' || key === 'tvdb') out[key] = v;
  }
  return out;
}

export interface RefParts {
  kind: 'movie' | 'series';
  name: unknown;
  originalName?: unknown;
  year?: unknown;
  ids: ProviderIds;
  runTimeTicks?: unknown;
}

/** Our title reference; null without a name. A series' run time is an episode's, so it is left out. */
export function titleRef(p: RefParts): TitleRef | null {
  const name = text(p.name);
  if (!name) return null;
  const original = text(p.originalName);
  const imdb = typeof p.ids.imdb === 'string' && /^tt\d{5,10}$/.test(p.ids.imdb.trim()) ? p.ids.imdb.trim() : null;
  const ticks = whole(p.runTimeTicks, 1, Number.MAX_SAFE_INTEGER);
  return {
    kind: p.kind,
    name,
    originalName: original && original !== name ? original : null,
    year: whole(p.year, 1870, 2200),
    tmdbId: whole(p.ids.tmdb, 1, 1e9),
    imdbId: imdb,
    tvdbId: whole(p.ids.tvdb, 1, 1e9),
    runtime: p.kind === 'movie' && ticks !== null ? Math.max(1, Math.round(ticks / TICKS_PER_MINUTE)) : null,
  };
}

/** A date the server wrote, or null. */
export function dateOf(v: unknown): Date | null {
  // A day, a month and a year in some order (ISO, or a culture's M/d/yyyy): not a bare number.
  if (typeof v !== 'string' || v.length > 64 || !/\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}/.test(v)) return null;
  const t = Date.parse(v);
  return Number.isFinite(t) ? new Date(t) : null;
}

function refOfItem(item: MediaItem): TitleRef | null {
  const kind = kindOf(item.Type);
  if (!kind) return null;
  const year = item.ProductionYear ?? dateOf(item.PremiereDate)?.getUTCFullYear();
  return titleRef({ kind, name: item.Name, originalName: item.OriginalTitle, year, ids: providerIds(item.ProviderIds), runTimeTicks: item.RunTimeTicks });
}

/** The item's page in the server's web app (Jellyfin's details page, Emby's item page). */
export function itemUrl(flavour: MediaServerFlavour, serverUrl: string, itemId: string, serverId: unknown): string {
  const server = typeof serverId === 'string' && /^[0-9a-zA-Z-]{1,64}$/.test(serverId) ? `&serverId=${serverId}` : '';
  const page = flavour === 'emby' ? 'item' : 'details';
  return `${serverUrl}/web/index.html#!/${page}?id=${encodeURIComponent(itemId)}${server}`;
}

export function libraryItem(flavour: MediaServerFlavour, serverUrl: string, item: MediaItem): LibraryItem | null {
  const id = idKey(item.Id);
  const title = refOfItem(item);
  if (!id || !title) return null;
  return { title, itemId: id, url: itemUrl(flavour, serverUrl, String(item.Id), item.ServerId) };
}

/** A rating the server holds, on its 0-10 scale; 0 reads as none (the webhook plugin writes 0 for none). */
export function ratingOf(v: unknown): { value: number; max: number } | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) && n > 0 && n <= 10 ? { value: n, max: 10 } : null;
}

/**
 * What the item's user data says, as one event: played (watched), favourite (a like), the user's
 * rating. None of them: no event (an item unmarked on the server leaves our history as it is).
 * The key is the item and that state, so reading it again is a replay and any change is new.
 */
export function itemEvent(flavour: MediaServerFlavour, item: MediaItem, now: Date): SyncEvent | null {
  const id = idKey(item.Id);
  const title = refOfItem(item);
  const data = item.UserData;
  if (!id || !title || !data || typeof data !== 'object') return null;
  const watched = data.Played === true;
  const favourite = data.IsFavorite === true;
  const rating = ratingOf(data.Rating);
  if (!watched && !favourite && !rating) return null;
  const lastPlayed = dateOf(data.LastPlayedDate);
  const plays = whole(data.PlayCount, 0, 1e6) ?? 0;
  return {
    key: `${flavour}:item:${id}:${lastPlayed?.toISOString() ?? '-'}:${plays}:${favourite ? 1 : 0}:${rating?.value ?? '-'}`,
    title,
    at: lastPlayed ?? now,
    ...(watched ? { watched: true } : {}),
    ...(favourite ? { favourite: true } : {}),
    ...(rating ? { rating } : {}),
  };
}
