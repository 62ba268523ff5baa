// Plex's items in our shapes: a title ref with its provider ids, the events a library item or a
// webhook says happened, and the item's page in Plex Web. The pull and the webhooks build their
// keys here alike, so a watch heard by both is recorded once.
import type { PlexMetadata } from '../../../integrations/plex/types.js';
import type { LibraryItem, SyncEvent, TitleRef } from '../../sync/sync-event.js';

const MAX_ID = 2 ** 31 - 1;

/** The provider ids of Guid entries (`imdb://tt0111161`, `tmdb://278`, `tvdb://81189`) and of a legacy agent's guid. */
export function providerIds(guids: readonly string[]): Pick<TitleRef, 'tmdbId' | 'imdbId' | 'tvdbId'> {
  const ids: Pick<TitleRef, 'tmdbId' | 'imdbId' | 'tvdbId'> = { tmdbId: null, imdbId: null, tvdbId: null };
  for (const guid of guids.slice(0, 20)) {
    // `com.plexapp.agents.themoviedb://278?lang=en`: the legacy agents name the provider in the scheme.
    const m = /^(?:com\.plexapp\.agents\.)?([a-z]+):\/\/([^/?#]+)/i.exec(guid);
    if (!m) continue;
    const [scheme, value] = [m[1].toLowerCase(), m[2]];
    if (scheme === 'imdb' && /^tt\d{5,10}$/.test(value)) ids.imdbId ??= value;
    else if ((scheme === 'tmdb' || scheme === 'themoviedb') && positive(value)) ids.tmdbId ??= Number(value);
    else if ((scheme === 'tvdb' || scheme === 'thetvdb') && positive(value)) ids.tvdbId ??= Number(value);
  }
  return ids;
}

const positive = (v: string) => /^\d{1,10}$/.test(v) && Number(v) > 0 && Number(v) <= MAX_ID;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown, max = 500): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : null);

/** The title a movie or show names; null for anything else (music, photos, clips). */
export function titleOf(m: PlexMetadata): TitleRef | null {
  const kind = m.type === 'movie' ? 'movie' : m.type === 'show' ? 'series' : null;
  const name = text(m.title);
  if (!kind || !name) return null;
  const guids = [...(Array.isArray(m.Guid) ? m.Guid.map((g) => (g && typeof g.id === 'string' ? g.id : '')) : []), typeof m.guid === 'string' ? m.guid : ''];
  const year = num(m.year);
  const duration = num(m.duration);
  const original = text(m.originalTitle);
  return {
    kind,
    name,
    originalName: original && original !== name ? original : null,
    year: year !== null && year >= 1870 && year <= 2200 ? Math.trunc(year) : null,
    ...providerIds(guids),
    runtime: duration !== null && duration > 0 ? Math.max(1, Math.round(duration / 60_000)) : null,
  };
}

/**
 * The show an episode or season belongs to, by its name (the episode's Guid entries are the
 * episode's own ids, not the show's; a legacy agent's grandparent guid does name the show's).
 */
export function showOf(m: PlexMetadata): { ratingKey: string; title: TitleRef } | null {
  const name = text(m.grandparentTitle) ?? (m.type === 'season' ? text(m.parentTitle) : null);
  const ratingKey = m.type === 'season' ? (m.parentRatingKey ?? m.grandparentRatingKey) : m.grandparentRatingKey;
  if ((m.type !== 'episode' && m.type !== 'season') || !name || ratingKey === undefined) return null;
  const guid = m.type === 'season' || typeof m.grandparentGuid !== 'string' ? undefined : m.grandparentGuid;
  return { ratingKey: String(ratingKey), title: { kind: 'series', name, year: null, ...providerIds(guid ? [guid] : []) } };
}

/** Plex's times are whole seconds since the epoch; anything else (0, a fraction, past 2200) is no time. */
export function seconds(v: unknown): number | null {
  return typeof v === 'number' && Number.isInteger(v) && v > 0 && v < 7_258_118_400 ? v : null;
}
const count = (v: unknown): number => (typeof v === 'number' && Number.isInteger(v) && v > 0 && v < 1e9 ? v : 0);
const when = (s: number | null, fallback: Date): Date => (s !== null ? new Date(s * 1000) : fallback);

/** A watch's key: the item and when Plex last saw it viewed (a webhook's and a pull's agree). */
export function watchedKey(ratingKey: string, lastViewedAt: number | null, viewCount: unknown): string {
  return lastViewedAt !== null ? `plex:watched:${ratingKey}:${lastViewedAt}` : `plex:watched:${ratingKey}:v${count(viewCount)}`;
}

/** A rating's event: 0-10 on Plex's scale, or null when the user cleared it. */
export function ratingEvent(m: PlexMetadata, title: TitleRef, fallback: Date): SyncEvent {
  const value = num(m.userRating);
  const rating = value !== null && value >= 0 ? { value: Math.min(10, value), max: 10 } : null;
  const ratedAt = seconds(m.lastRatedAt);
  const stamp = ratedAt !== null ? String(ratedAt) : `r${rating ? rating.value : 'none'}`;
  return { key: `plex:rating:${m.ratingKey}:${stamp}`, title, at: when(ratedAt ?? seconds(m.lastViewedAt), fallback), rating };
}

/**
 * What a section item says the account did. A movie is watched once its viewCount is above 0
 * (played past 90%, or marked played). A show is watched once one of its episodes is (as the
 * Netflix import counts a show), and played to the end when every episode in the library is.
 */
export function itemEvents(m: PlexMetadata, now: Date): SyncEvent[] {
  const title = titleOf(m);
  if (!title) return [];
  const events: SyncEvent[] = [];
  const lastViewedAt = seconds(m.lastViewedAt);
  const viewed = count(title.kind === 'movie' ? m.viewCount : m.viewedLeafCount);
  if (viewed > 0) {
    const leaves = count(m.leafCount);
    events.push({
      key: watchedKey(m.ratingKey, lastViewedAt, viewed),
      title,
      at: when(lastViewedAt, now),
      watched: true,
      ...(title.kind === 'series' && leaves > 0 && viewed >= leaves ? { playedToEnd: true } : {}),
    });
  }
  if (num(m.userRating) !== null) events.push(ratingEvent(m, title, now));
  return events;
}

/** The item's page in Plex Web on the user's server. */
export function plexWebUrl(serverUrl: string, machineIdentifier: string, ratingKey: string): string {
  const key = encodeURIComponent(`/library/metadata/${ratingKey}`);
  return `${serverUrl.replace(/\/+$/, '')}/web/index.html#!/server/${encodeURIComponent(machineIdentifier)}/details?key=${key}`;
}

/** The item's page in Plex's hosted web app, which reaches any signed-in server (webhooks do not say the server's address). */
export function plexAppUrl(machineIdentifier: string, ratingKey: string): string {
  return `https://app.plex.tv/desktop/#!/server/${encodeURIComponent(machineIdentifier)}/details?key=${encodeURIComponent(`/library/metadata/${ratingKey}`)}`;
}

export function libraryItem(title: TitleRef, ratingKey: string, url: string | null): LibraryItem {
  return { title, url, itemId: ratingKey };
}
