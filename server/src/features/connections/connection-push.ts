// Push back (opt-in, Trakt): after a pull, what changed in our history since the last push (a
// watch, a like or dislike given here or brought by another app) is sent to the app, oldest first,
// PUSH_MAX at most a run; the rest goes with the next pull. What the app itself brought in is not
// sent back to it.
import type { ConnectionKind } from '@app/shared';
import type { DB } from '../../db/connection.js';
import { historyForExport } from '../history/history-reads.repository.js';
import type { PushItem } from './adapter.js';

/** Items one push sends (Trakt's adapter takes 1,000). */
export const PUSH_MAX = 1000;

/** What to push, and the moment the next push starts after. */
export async function pushItems(db: DB, userId: string, kind: ConnectionKind, since: string | null): Promise<{ items: PushItem[]; until: string | null }> {
  const changed = (await historyForExport(db, userId))
    .flatMap((r) => {
      if (r.origin === kind || (r.kind !== 'movie' && r.kind !== 'series')) return [];
      const watchedAt = r.status === 'watched' ? r.closed_at : null;
      const moment = [watchedAt, r.user_rating === null ? null : r.rated_at].filter((m): m is string => m !== null).sort().at(-1);
      const k: PushItem['kind'] = r.kind;
      return moment && (since === null || moment > since) ? [{ r, kind: k, moment, watchedAt }] : [];
    })
    .sort((a, b) => (a.moment < b.moment ? -1 : a.moment > b.moment ? 1 : 0))
    .slice(0, PUSH_MAX);
  return {
    items: changed.map(({ r, kind: k, watchedAt }) => ({
      kind: k,
      tmdbId: r.tmdb_id,
      imdbId: r.imdb_id,
      watchedAt: watchedAt ? new Date(watchedAt) : null,
      liked: r.user_rating === null ? null : r.user_rating === 1,
    })),
    until: changed.at(-1)?.moment ?? null,
  };
}
