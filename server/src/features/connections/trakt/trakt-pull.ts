// A Trakt pull: /sync/last_activities first, then only the lists whose time moved since the
// cursor (history from the last time seen with start_at; ratings and the watchlist read whole,
// their new entries kept), page by page up to a page budget, so a long first read continues over
// several pulls from the cursor (`more`). A list counts as read only once its last page is in.
import type { PullResult } from '../adapter.js';
import type { SyncEvent } from '../../sync/sync-event.js';
import type { TraktClient } from '../../../integrations/trakt/client.js';
import type { TraktLastActivities } from '../../../integrations/trakt/types.js';
import { parseCursor, serializeCursor, TRAKT_LISTS, WATCHLIST_TRACK_MAX, type TraktCursor, type TraktList, type WatchRef } from './trakt-cursor.js';
import { historyEvents, ratingEvents, watchlistEvents, watchlistRemovals } from './trakt-events.js';
import type { TraktSession } from './trakt-session.js';

export interface PullLimits {
  /** Items per page (Trakt's `limit`). */
  pageSize: number;
  /** Pages read per pull, all lists together. */
  maxPages: number;
}

export const DEFAULT_PULL_LIMITS: PullLimits = { pageSize: 100, maxPages: 25 };

const PATHS: Record<TraktList, string> = {
  movies_watched: '/sync/history/movies',
  shows_watched: '/sync/history/shows',
  movies_rated: '/sync/ratings/movies',
  shows_rated: '/sync/ratings/shows',
  movies_listed: '/sync/watchlist/movies',
  shows_listed: '/sync/watchlist/shows',
};

function activityOf(a: TraktLastActivities, list: TraktList): string | null {
  const t = {
    movies_watched: a.movies?.watched_at,
    shows_watched: a.episodes?.watched_at,
    movies_rated: a.movies?.rated_at,
    shows_rated: a.shows?.rated_at,
    movies_listed: a.movies?.watchlisted_at,
    shows_listed: a.shows?.watchlisted_at,
  }[list];
  return typeof t === 'string' && !Number.isNaN(Date.parse(t)) ? t : null;
}

const kindOf = (list: TraktList) => (list.startsWith('movies') ? 'movie' : 'series');

export async function pullTrakt(client: TraktClient, session: TraktSession, cursorText: string | null, limits: PullLimits): Promise<PullResult> {
  const get = <T>(path: string, query: Record<string, string | number | undefined> = {}) =>
    session.call((token) => client.get<T>(path, query, token, session.budget));
  const activities = (await get<unknown>('/sync/last_activities')).body as TraktLastActivities;
  const cursor: TraktCursor = parseCursor(cursorText);
  const events: SyncEvent[] = [];
  let pages = 0;
  const result = (more: boolean): PullResult => ({
    events,
    cursor: serializeCursor(cursor),
    more: more || undefined,
    credentials: session.changed ? { ...session.credentials } : undefined,
  });

  // The list a pull stopped in goes first: its pages are not lost to other lists' new changes.
  const held = cursor.reading?.list;
  for (const list of held ? [held, ...TRAKT_LISTS.filter((l) => l !== held)] : TRAKT_LISTS) {
    const activity = activityOf(activities ?? {}, list);
    const resuming = cursor.reading?.list === list ? cursor.reading : null;
    if (!resuming && (activity === null || cursor.seen[list] === activity)) continue;
    const since = cursor.seen[list] ?? null;
    const watchlist = list.endsWith('_listed');
    const reading = resuming ?? { list, page: 1, activity: activity!, refs: watchlist ? [] : undefined };
    if (watchlist && reading.refs === undefined) reading.refs = null;
    // Bounded: each pass reads one page and stops at the last page or at the pull's page budget.
    for (;;) {
      if (pages >= limits.maxPages) {
        cursor.reading = reading;
        return result(true);
      }
      const page = await get<unknown>(PATHS[list], {
        start_at: list.endsWith('_watched') && since ? since : undefined,
        page: reading.page,
        limit: limits.pageSize,
      });
      pages++;
      const kind = kindOf(list);
      if (list.endsWith('_watched')) events.push(...historyEvents(page.items as never[], kind));
      else if (list.endsWith('_rated')) events.push(...ratingEvents(page.items as never[], kind, since));
      else {
        const read = watchlistEvents(page.items as never[], kind, since);
        events.push(...read.events);
        reading.refs = reading.refs && reading.refs.length + read.refs.length <= WATCHLIST_TRACK_MAX ? [...reading.refs, ...read.refs] : null;
      }
      if (page.items.length === 0 || reading.page >= (page.pageCount ?? 1)) break;
      reading.page++;
    }
    if (watchlist) {
      const before = cursor.watchlist[list as 'movies_listed' | 'shows_listed'];
      const now: WatchRef[] | null = reading.refs ?? null;
      if (before && now) events.push(...watchlistRemovals(before, now, kindOf(list), reading.activity));
      cursor.watchlist[list as 'movies_listed' | 'shows_listed'] = now;
    }
    cursor.seen[list] = reading.activity;
    delete cursor.reading;
  }
  return result(false);
}
