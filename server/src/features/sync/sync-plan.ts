// What a batch of synced events does to a history, decided without I/O (docs/product-decisions.md,
// "What you watch elsewhere"): the events of one title become one change; a title already in the
// history is changed, never added again; a rating given here after the source's stands.
import type { SourceRating, SyncEvent } from './sync-event.js';

/** A rating at or above this share of its scale is a like, at or below LIKE_FLOOR a dislike, between: watched only. */
export const LIKE_SHARE = 0.7;
export const DISLIKE_SHARE = 0.4;

/** A source's rating as ours: true like, false dislike, null neither (a middling rating, or a cleared one). */
export function likedOf(rating: SourceRating | null): boolean | null {
  if (!rating || !(rating.max > 0) || !Number.isFinite(rating.value)) return null;
  const share = rating.value / rating.max;
  if (share >= LIKE_SHARE) return true;
  if (share <= DISLIKE_SHARE) return false;
  return null;
}

/** The events of one title, merged: what the source says now. */
export interface TitleFacts {
  titleId: string;
  watched: boolean;
  playedToEnd: boolean;
  /** The newest rating-like fact (a rating, a cleared rating, a favourite) and when; undefined when none. */
  rating?: { liked: boolean | null; at: Date };
  /** The newest watchlist fact. */
  watchlist?: boolean;
  /** A rating or a watch came with the events (a favourite alone is neither: see mergeByTitle). */
  seen: boolean;
  /** When it was first watched in this batch (the history's date), else the newest event's time. */
  at: Date;
}

export function mergeByTitle(events: ReadonlyArray<{ titleId: string; event: SyncEvent }>): TitleFacts[] {
  const out = new Map<string, TitleFacts>();
  const ordered = [...events].sort((a, b) => a.event.at.getTime() - b.event.at.getTime());
  for (const { titleId, event: e } of ordered) {
    let f = out.get(titleId);
    if (!f) {
      f = { titleId, watched: false, playedToEnd: false, seen: false, at: e.at };
      out.set(titleId, f);
    }
    // Played to the end is a watch: for a series, an episode seen to its end (as the card's
    // "Watched it" marks a series after an evening's episode).
    if ((e.watched || e.playedToEnd) && !f.watched) {
      f.watched = true;
      f.at = e.at;
    }
    if (e.playedToEnd) f.playedToEnd = true;
    if (e.watched || e.playedToEnd || e.rating) f.seen = true;
    if (e.rating !== undefined) f.rating = { liked: likedOf(e.rating), at: e.at };
    // A favourite is a like; taking the favourite away says nothing about the title.
    if (e.favourite === true) f.rating = { liked: true, at: e.at };
    if (e.watchlist !== undefined) f.watchlist = e.watchlist;
  }
  // A favourite of a title the source never saw played is one the person wants to see: saved for
  // later (when it is not in the history), not a watched title the picks would never offer.
  for (const f of out.values()) if (!f.seen && f.rating?.liked === true) f.watchlist ??= true;
  return [...out.values()];
}

export interface ExistingRow {
  id: string;
  status: string;
  user_rating: number | null;
  rated_at: string | null;
}

export type TitleChange =
  | { kind: 'none' }
  /** A title new to the history: a closed row. */
  | { kind: 'add'; watched: boolean; liked: boolean | null; at: Date }
  /** The active pick is this title: close it as watched and/or rate it. */
  | { kind: 'active'; close: boolean; liked: boolean | null | undefined; at: Date }
  /** A closed row: its status and/or rating change (undefined: unchanged). */
  | { kind: 'edit'; status: 'watched' | undefined; liked: boolean | null | undefined; at: Date };

/** The source's rating replaces ours only when it is newer than ours (or ours was never given). */
function ratingChange(f: TitleFacts, row: ExistingRow): boolean | null | undefined {
  if (!f.rating) return undefined;
  const ours = row.user_rating === null ? null : Number(row.user_rating) === 1;
  if (ours === f.rating.liked) return undefined;
  if (row.rated_at !== null && new Date(row.rated_at).getTime() >= f.rating.at.getTime()) return undefined;
  // A source with no opinion (a middling or cleared rating) never clears a rating given here.
  if (f.rating.liked === null && ours !== null && row.rated_at !== null) return undefined;
  return f.rating.liked;
}

export function changeFor(f: TitleFacts, row: ExistingRow | undefined): TitleChange {
  if (!row) {
    const liked = f.rating?.liked ?? null;
    // Only a watch or a rating (a rated title was seen) puts a title in the history; a watchlist
    // entry or a favourite alone does not.
    if (!f.seen) return { kind: 'none' };
    return { kind: 'add', watched: true, liked, at: f.at };
  }
  const liked = ratingChange(f, row);
  if (row.status === 'active') {
    // Rated or watched elsewhere: tonight's pick is done either way.
    if (!f.watched && liked === undefined) return { kind: 'none' };
    return { kind: 'active', close: true, liked, at: f.at };
  }
  const status = (f.watched || (liked !== undefined && liked !== null)) && row.status !== 'watched' ? 'watched' : undefined;
  if (status === undefined && liked === undefined) return { kind: 'none' };
  return { kind: 'edit', status, liked, at: f.rating?.at ?? f.at };
}
