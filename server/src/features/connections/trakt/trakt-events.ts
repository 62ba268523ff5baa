// Trakt's list items as our SyncEvents: a play (history), a rating (1-10) or a watchlist entry.
// The items are another service's JSON: an item without the id its key needs, or without a
// readable date, is skipped rather than guessed. Keys are Trakt's own ids and times, so a list
// read twice (a resumed page, an overlapping start_at) gives the same events.
import type { TitleRef, SyncEvent } from '../../sync/sync-event.js';
import type { TraktHistoryItem, TraktMedia, TraktRatingItem, TraktWatchlistItem } from '../../../integrations/trakt/types.js';
import type { WatchRef } from './trakt-cursor.js';

type Kind = 'movie' | 'series';

const int = (v: unknown): number | null => (Number.isSafeInteger(v) && (v as number) > 0 ? (v as number) : null);
const imdb = (v: unknown): string | null => (typeof v === 'string' && /^tt\d{1,12}$/.test(v) ? v : null);

function date(v: unknown): Date | null {
  if (typeof v !== 'string' || v.length > 40) return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : new Date(t);
}

function media(item: { movie?: TraktMedia; show?: TraktMedia }, kind: Kind): { ref: TitleRef; trakt: number } | null {
  const m = kind === 'movie' ? item.movie : item.show;
  if (typeof m !== 'object' || m === null) return null;
  const ids = (typeof m.ids === 'object' && m.ids) || {};
  const trakt = int(ids.trakt);
  if (trakt === null) return null;
  const year = int(m.year);
  return {
    trakt,
    ref: {
      kind,
      name: typeof m.title === 'string' ? m.title.slice(0, 500) : '',
      year: year !== null && year >= 1870 && year <= 2200 ? year : null,
      tmdbId: int(ids.tmdb),
      imdbId: imdb(ids.imdb),
      tvdbId: int(ids.tvdb),
    },
  };
}

const after = (at: Date, since: string | null) => since === null || at.getTime() > Date.parse(since);

/** Plays of movies or of a show's episodes: one event per title (its latest play), keyed by that play's history id. */
export function historyEvents(items: readonly TraktHistoryItem[], kind: Kind): SyncEvent[] {
  const latest = new Map<number, SyncEvent>();
  for (const item of items) {
    const id = int(item?.id);
    const at = date(item?.watched_at);
    const m = item && media(item, kind);
    if (id === null || !at || !m) continue;
    const held = latest.get(m.trakt);
    if (!held || held.at < at) latest.set(m.trakt, { key: `trakt:history:${id}`, title: m.ref, at, watched: true });
  }
  return [...latest.values()];
}

/** Ratings rated after `since` (all of them on a first read), on Trakt's 1-10 scale. */
export function ratingEvents(items: readonly TraktRatingItem[], kind: Kind, since: string | null): SyncEvent[] {
  const out: SyncEvent[] = [];
  for (const item of items) {
    const at = date(item?.rated_at);
    const m = item && media(item, kind);
    const value = int(item?.rating);
    if (!at || !m || value === null || value > 10 || !after(at, since)) continue;
    out.push({ key: `trakt:rating:${kind}:${m.trakt}:${at.toISOString()}`, title: m.ref, at, rating: { value, max: 10 } });
  }
  return out;
}

/** Watchlist entries listed after `since` as events, and every entry's ref (to tell removals later). */
export function watchlistEvents(items: readonly TraktWatchlistItem[], kind: Kind, since: string | null): { events: SyncEvent[]; refs: WatchRef[] } {
  const events: SyncEvent[] = [];
  const refs: WatchRef[] = [];
  for (const item of items) {
    const at = date(item?.listed_at);
    const m = item && media(item, kind);
    if (!at || !m) continue;
    refs.push([m.trakt, m.ref.tmdbId ?? null, m.ref.imdbId ?? null, m.ref.tvdbId ?? null]);
    if (after(at, since)) events.push({ key: `trakt:listed:${kind}:${m.trakt}:${at.toISOString()}`, title: m.ref, at, watchlist: true });
  }
  return { events, refs };
}

/** Titles on the watchlist before and gone from it now: taken off, dated when Trakt says the list changed. */
export function watchlistRemovals(before: readonly WatchRef[], now: readonly WatchRef[], kind: Kind, activity: string): SyncEvent[] {
  const still = new Set(now.map((r) => r[0]));
  const at = new Date(Date.parse(activity));
  return before
    .filter((r) => !still.has(r[0]))
    .map((r) => ({
      key: `trakt:unlisted:${kind}:${r[0]}:${at.toISOString()}`,
      title: { kind, name: '', year: null, tmdbId: r[1], imdbId: r[2], tvdbId: r[3] },
      at,
      watchlist: false,
    }));
}
