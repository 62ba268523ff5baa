// The engine's picture of one user, from the user row, the onboarding favourites, every
// recommendation issued so far and the watchlist. Pure, so it is the same on every instance.
import { createHash } from 'node:crypto';
import type { TastePositions, UserTaste } from '../../engine/types.js';
import { userLists, type UserRow } from '../users/users.repository.js';

export interface TasteRow {
  title_id: string;
  status: string;
  user_rating: number | null;
  /** Issue order: the engine reads likes and watched titles oldest first (recency weighting). */
  seq: number | string;
}

/** `saved`: the user's watchlist (saved for later), favoured when on their services. */
export function buildTaste(user: UserRow, favourites: readonly string[], rows: readonly TasteRow[], saved: readonly string[] = []): UserTaste {
  const liked: string[] = [];
  const disliked: string[] = [];
  const watched: string[] = [];
  const recommended: string[] = [];
  // The database returns rows in no promised order; the engine's recency weighting needs history order.
  const ordered = [...rows].sort((a, b) => Number(a.seq) - Number(b.seq));
  for (const r of ordered) {
    recommended.push(r.title_id);
    if (r.user_rating === 1) liked.push(r.title_id);
    else if (r.user_rating === 0) disliked.push(r.title_id);
    if (r.status === 'watched') watched.push(r.title_id);
  }
  return {
    genres: userLists.genres(user),
    languages: userLists.languages(user),
    platforms: userLists.platforms(user),
    favourites: [...favourites],
    liked,
    disliked,
    watched,
    recommended,
    saved: [...saved],
  };
}

/**
 * The taste the engine reads when the history comes as positions the server keeps
 * (taste-state.ts): the id lists stay empty, the engine reads `positions`.
 */
export function tasteOf(user: UserRow, favourites: readonly string[], saved: readonly string[], positions: TastePositions): UserTaste {
  return {
    genres: userLists.genres(user),
    languages: userLists.languages(user),
    platforms: userLists.platforms(user),
    favourites: [...favourites],
    liked: [],
    disliked: [],
    watched: [],
    recommended: [],
    saved: [...saved],
    positions,
  };
}

/** The engine's seed for the n-th issue to a user: stable across instances and restarts. */
export function issueSeed(userId: string, seq: number): number {
  return createHash('sha256').update(`${userId}:${seq}`).digest().readUInt32BE(0);
}
