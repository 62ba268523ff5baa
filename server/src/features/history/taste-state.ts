// The engine's picture of one user's history, resolved against the catalog index, kept in memory
// between picks. Reading and resolving a 5,000-row history on every pick cost more than the pick
// itself; the state is built from the database once, then each pick and each rating of the newest
// pick updates it in place.
//
// When it may be used: users.taste_rev counts the writes to the user's history (every such write
// takes the user row with lockUser, through history.ts, which bumps it, in the write's own transaction). A state is
// stored under the revision its contents match, and only after that transaction commits; a pick
// takes it only when the row it has just locked says exactly one more (its own bump). A write by
// any other path, request or instance moves the revision further, and the state is rebuilt.
import { createHash } from 'node:crypto';
import type { CatalogIndex } from '../../engine/catalog-index.js';
import { indexSerial, resolveIds } from '../../engine/taste-positions.js';
import type { TastePositions, UserTaste } from '../../engine/types.js';
import { userLists } from '../users/user-fields.js';
import type { UserRow } from '../users/users.repository.js';

// The taste the engine reads: from the user row, the onboarding favourites, every row issued so
// far and the watchlist. Pure, so it is the same on every instance.
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

/** Everything but the favourites (read per pick: a short list of their own). */
export interface TasteState extends Omit<TastePositions, 'favourites'> {
  liked: number[];
  disliked: number[];
  watched: number[];
  recommended: number[];
  /** The highest seq in the history (null: none): the next pick's seq, and what a rating must name to be applied. */
  newestSeq: number | null;
}

export function buildTasteState(index: CatalogIndex, rows: readonly TasteRow[]): TasteState {
  const state: TasteState = { serial: indexSerial(index), liked: [], disliked: [], watched: [], recommended: [], newestSeq: null };
  // The database returns rows in no promised order; the engine's recency weighting needs history order.
  const ordered = [...rows].sort((a, b) => Number(a.seq) - Number(b.seq));
  for (const r of ordered) {
    const idx = index.idToIdx.get(r.title_id) ?? -1;
    state.recommended.push(idx);
    if (idx >= 0 && r.user_rating !== null) (Number(r.user_rating) === 1 ? state.liked : state.disliked).push(idx);
    if (idx >= 0 && r.status === 'watched') state.watched.push(idx);
    state.newestSeq = Number(r.seq);
  }
  return state;
}

/** The seq of the next pick: one past the newest (imports have negative seqs: a first pick is 1). */
export function nextSeq(state: TasteState): number {
  return seqAfter(state.newestSeq);
}

/** The seq after the newest (null: an empty history); the only rule for the next seq. */
export function seqAfter(newest: number | null): number {
  return Math.max(0, newest ?? 0) + 1;
}

/** The positions the engine reads (UserTaste.positions). */
export function positionsFor(index: CatalogIndex, state: TasteState, favourites: readonly string[]): TastePositions {
  return { ...state, favourites: resolveIds(index, favourites) };
}

/**
 * The active pick was closed (watched, or skipped: no change to the taste). The active pick is
 * the newest row; false (rebuild) if this state says otherwise.
 */
export function applyClosed(state: TasteState, row: { seq: number | string }, watched: boolean): boolean {
  if (Number(row.seq) !== state.newestSeq) return false;
  const idx = state.recommended[state.recommended.length - 1];
  if (watched && idx >= 0) state.watched.push(idx);
  return true;
}

export function applyIssued(index: CatalogIndex, state: TasteState, row: { seq: number | string; title_id: string }): void {
  state.recommended.push(index.idToIdx.get(row.title_id) ?? -1);
  state.newestSeq = Number(row.seq);
}

/**
 * A closed row added as the newest (a badge's rating, a together rating) on this index; false
 * (rebuild) for a row anywhere else (an import's sit below every pick) or another index.
 */
export function applyAdded(index: CatalogIndex, state: TasteState, row: { seq: number; title_id: string; status: string; user_rating?: number | null }): boolean {
  if (state.serial !== indexSerial(index) || (state.newestSeq !== null && row.seq <= state.newestSeq)) return false;
  const idx = index.idToIdx.get(row.title_id) ?? -1;
  state.recommended.push(idx);
  if (idx >= 0 && row.user_rating !== null && row.user_rating !== undefined) (Number(row.user_rating) === 1 ? state.liked : state.disliked).push(idx);
  if (idx >= 0 && row.status === 'watched') state.watched.push(idx);
  state.newestSeq = row.seq;
  return true;
}

/** A first rating of the newest row (the card's buttons); false (rebuild) for any other row. */
export function applyRated(state: TasteState, row: { seq: number | string; user_rating: number | null }): boolean {
  if (Number(row.seq) !== state.newestSeq || row.user_rating === null) return false;
  const idx = state.recommended[state.recommended.length - 1];
  if (idx >= 0) (Number(row.user_rating) === 1 ? state.liked : state.disliked).push(idx);
  return true;
}

function sizeOf(state: TasteState): number {
  return state.recommended.length + state.liked.length + state.disliked.length + state.watched.length;
}

/** At most this many users' states, and this many positions in all (about 8 bytes each). */
const MAX_USERS = 10_000;
const MAX_POSITIONS = 1_000_000;

interface Entry {
  rev: number;
  state: TasteState;
  size: number;
}

/** Least recently used first (a Map keeps insertion order; a use re-inserts). One per server, built in wiring.ts. */
export class TasteCache {
  private readonly entries = new Map<string, Entry>();
  private positions = 0;

  /**
   * The user's state as of revision `rev` on this index, removed from the cache: the caller
   * changes it and puts it back under its own revision once its transaction has committed.
   */
  take(userId: string, index: CatalogIndex, rev: number): TasteState | undefined {
    const entry = this.entries.get(userId);
    if (!entry) return undefined;
    this.drop(userId, entry);
    return entry.rev === rev && entry.state.serial === indexSerial(index) ? entry.state : undefined;
  }

  /** Call only after the transaction that made `rev` has committed. */
  put(userId: string, rev: number, state: TasteState): void {
    const old = this.entries.get(userId);
    if (old) this.drop(userId, old);
    const size = sizeOf(state);
    if (size > MAX_POSITIONS / 10) return;
    this.entries.set(userId, { rev, state, size });
    this.positions += size;
    for (const [id, entry] of this.entries) {
      if (this.entries.size <= MAX_USERS && this.positions <= MAX_POSITIONS) break;
      this.drop(id, entry);
    }
  }

  /**
   * A committed write that bumped the revision to `rev`: `apply` updates the state made at rev - 1
   * (false: it cannot, and the state goes). Any other state is stale and goes.
   */
  advance(userId: string, rev: number, apply: (state: TasteState) => boolean): void {
    const entry = this.entries.get(userId);
    if (!entry) return;
    this.drop(userId, entry);
    if (entry.rev === rev - 1 && apply(entry.state)) this.put(userId, rev, entry.state);
  }

  /** What is kept for the user, without using it (tests compare it with the database). */
  peek(userId: string): { rev: number; state: TasteState } | undefined {
    const entry = this.entries.get(userId);
    return entry && { rev: entry.rev, state: entry.state };
  }

  private drop(userId: string, entry: Entry): void {
    this.entries.delete(userId);
    this.positions -= entry.size;
  }
}
