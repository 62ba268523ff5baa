// Push-back to Trakt (opt-in): watched titles to POST /sync/history with their watched_at, likes
// and dislikes to POST /sync/ratings as 8 ("Great") and 3 ("Bad") on Trakt's 1-10 scale, both by
// TMDB and IMDb ids. Batched (TRAKT_PUSH_BATCH items a POST, spaced by the client), bounded.
import type { PushItem } from '../adapter.js';
import type { TraktClient } from '../../../integrations/trakt/client.js';
import type { TraktSession } from './trakt-session.js';

export const LIKE_RATING = 8;
export const DISLIKE_RATING = 3;
export const TRAKT_PUSH_BATCH = 100;
/** Items one push takes at most: the caller sends more in later pushes. */
export const TRAKT_PUSH_MAX = 1000;

type Entry = { ids: { tmdb?: number; imdb?: string }; watched_at?: string; rating?: number };

function idsOf(item: PushItem): Entry['ids'] | null {
  const ids: Entry['ids'] = {};
  if (item.tmdbId !== null) ids.tmdb = item.tmdbId;
  if (item.imdbId !== null) ids.imdb = item.imdbId;
  return ids.tmdb === undefined && ids.imdb === undefined ? null : ids;
}

/** Trakt's body: movies and shows in their own arrays. */
function body(entries: Array<{ kind: PushItem['kind']; entry: Entry }>) {
  return {
    movies: entries.filter((e) => e.kind === 'movie').map((e) => e.entry),
    shows: entries.filter((e) => e.kind === 'series').map((e) => e.entry),
  };
}

export async function pushTrakt(client: TraktClient, session: TraktSession, items: readonly PushItem[]): Promise<void> {
  if (items.length > TRAKT_PUSH_MAX) throw new RangeError(`A Trakt push takes at most ${TRAKT_PUSH_MAX} items`);
  const watched: Array<{ kind: PushItem['kind']; entry: Entry }> = [];
  const rated: Array<{ kind: PushItem['kind']; entry: Entry }> = [];
  for (const item of items) {
    const ids = idsOf(item);
    if (!ids) continue; // Trakt finds a title by its ids only
    if (item.watchedAt) watched.push({ kind: item.kind, entry: { ids, watched_at: item.watchedAt.toISOString() } });
    if (item.liked !== null) rated.push({ kind: item.kind, entry: { ids, rating: item.liked ? LIKE_RATING : DISLIKE_RATING } });
  }
  for (const [path, list] of [['/sync/history', watched], ['/sync/ratings', rated]] as const) {
    for (let i = 0; i < list.length; i += TRAKT_PUSH_BATCH) {
      const batch = body(list.slice(i, i + TRAKT_PUSH_BATCH));
      await session.call((token) => client.post(path, batch, token));
    }
  }
}
