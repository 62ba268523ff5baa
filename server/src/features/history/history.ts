// The one owner of a person's history (docs/architecture.md, "Data"). Every write to it goes
// through History.write: begin the write transaction, take the user row (lockUser bumps
// taste_rev), run the writer's changes through its HistoryWrite, commit, and only then update the
// kept taste state (taste-state.ts) and tell the co-likes (co-likes.ts), once, here. A writer that
// throws rolls back, and neither is touched beyond putting back the state it had taken unchanged.
// Each HistoryWrite change writes on the transaction and records what it does to both.
import { WATCHLIST_MAX } from '@app/shared';
import type { AppContext } from '../../context.js';
import type { CatalogStore } from '../../catalog/catalog.store.js';
import { writeTransaction, type Tx } from '../../db/transaction.js';
import type { CatalogIndex } from '../../engine/catalog-index.js';
import type { UserTaste } from '../../engine/types.js';
import { unauthorized } from '../../http/errors.js';
import type { UserRow } from '../users/users.repository.js';
import type { CoLikes } from './co-likes.js';
import type { EngineIndexes } from './engine-index.js';
import { historyRow, type HistoryOrigin, type HistoryRowInput } from './history-row.js';
import * as repo from './history.repository.js';
import * as batch from './history-batch.repository.js';
import {
  applyAdded,
  applyClosed,
  applyIssued,
  applyRated,
  buildTasteState,
  issueSeed,
  nextSeq,
  positionsFor,
  seqAfter,
  tasteOf,
  type TasteCache,
  type TasteState,
} from './taste-state.js';

export interface WriteOptions {
  /** Another user locked in the same transaction (a household's two members), in id order with the first. */
  alsoLock?: string;
  /** Written on the user row by the lock's own statement (a pick's remembered constraints). */
  patch?: repo.UserPatch;
}

/** Built once per server in wiring.ts; every feature that reads or writes a history is handed it. */
export class History {
  constructor(
    private readonly ctx: AppContext,
    readonly catalog: CatalogStore,
    readonly tastes: TasteCache,
    readonly coLikes: CoLikes,
    private readonly indexes: EngineIndexes,
  ) {}

  /** The engine's index of the catalog as it is now (built once per snapshot). */
  async index(): Promise<CatalogIndex> {
    return this.indexes.for(await this.catalog.titles());
  }

  async write<T>(userId: string, fn: (h: HistoryWrite) => Promise<T>, opts: WriteOptions = {}): Promise<T> {
    let h: HistoryWrite | null = null;
    const others: Array<{ id: string; rev: number }> = [];
    try {
      const result = await writeTransaction(this.ctx.database, async (tx) => {
        const user = await this.lock(tx, userId, opts, others);
        h = new HistoryWrite(tx, user, this.tastes);
        return fn(h);
      });
      // Committed: the kept states now stand for their revisions, and the co-likes may hear of it.
      const done = h as HistoryWrite | null;
      if (done) {
        const coLikeChanges = done.committed();
        if (coLikeChanges > 0) this.coLikes.noteChanges(coLikeChanges);
      }
      for (const o of others) this.tastes.advance(o.id, o.rev, () => true);
      return result;
    } catch (err) {
      (h as HistoryWrite | null)?.rolledBack();
      throw err;
    }
  }

  /** Locks the user (and `alsoLock`) in id order, so two writes that lock both never wait in a circle. */
  private async lock(tx: Tx, userId: string, opts: WriteOptions, others: Array<{ id: string; rev: number }>): Promise<UserRow> {
    const ids = opts.alsoLock && opts.alsoLock !== userId ? [userId, opts.alsoLock].sort() : [userId];
    let user: UserRow | undefined;
    for (const id of ids) {
      const row = await repo.lockUser(tx, id, id === userId ? opts.patch : undefined);
      if (id === userId) user = row;
      else if (row) others.push({ id, rev: row.taste_rev });
    }
    if (!user) throw unauthorized();
    return user;
  }
}

type Apply = (state: TasteState) => boolean;

interface Held {
  state: TasteState;
  index: CatalogIndex;
  /** Taken from the cache (a rollback puts it back while unchanged); else read on the transaction. */
  fromCache: boolean;
}

export class HistoryWrite {
  /** The writer's own state, kept current with each change once asked for. */
  private held: Held | null = null;
  /** A change the held state could not follow: it is read again when next asked, and never stored. */
  private stale = false;
  /** The held state was changed in place (an apply that returns true did): a rollback cannot put it back. */
  private changed = false;
  /** Changes made with no state in hand: applied after commit to the state the cache keeps. */
  private readonly later: Apply[] = [];
  /** Other users' states read for this write (a partner's), unchanged by it. */
  private readonly peers: Array<{ userId: string; rev: number; state: TasteState; fromCache: boolean }> = [];
  /** Changes to the co-likes' positives that leave no rated_at behind (co-likes.ts, localChanges). */
  private coLikeChanges = 0;

  constructor(
    readonly tx: Tx,
    /** The user row as locked, with this transaction's revision. */
    readonly user: UserRow,
    private readonly tastes: TasteCache,
  ) {}

  /** The history for the engine: kept from the last write (as of the revision before this one), else read. */
  async state(index: CatalogIndex): Promise<TasteState> {
    if (this.held && this.held.index === index && !this.stale) return this.held.state;
    // A change made before the state was asked for is in the database, not in a kept state.
    const taken = this.held || this.later.length ? undefined : this.tastes.take(this.user.id, index, this.user.taste_rev - 1);
    const state = taken ?? buildTasteState(index, await repo.tasteRows(this.tx, this.user.id));
    this.held = { state, index, fromCache: taken !== undefined };
    this.stale = false;
    return state;
  }

  /** Another user's history as of their revision `rev` (not locked here, not changed). */
  async peerState(index: CatalogIndex, userId: string, rev: number): Promise<TasteState> {
    const taken = this.tastes.take(userId, index, rev);
    const state = taken ?? buildTasteState(index, await repo.tasteRows(this.tx, userId));
    this.peers.push({ userId, rev, state, fromCache: taken !== undefined });
    return state;
  }

  /** The seq of a row added now: one past the newest. */
  async nextSeq(): Promise<number> {
    return this.held && !this.stale ? nextSeq(this.held.state) : seqAfter(await repo.newestSeq(this.tx, this.user.id));
  }

  active() {
    return repo.activeRecommendation(this.tx, this.user.id);
  }

  rowOfTitle(titleId: string) {
    return repo.rowOfTitle(this.tx, this.user.id, titleId);
  }

  /** Closes the active pick (if any) as watched or skipped (`watchedOn`: the source that saw it); a title marked watched leaves the watchlist. */
  async closeActive(active: repo.RecommendationRow | undefined, watched: boolean, now: Date, watchedOn?: HistoryOrigin): Promise<void> {
    await repo.closeActive(this.tx, this.user.id, watched ? 'watched' : 'skipped', now, watched ? watchedOn : undefined);
    if (!active) return;
    this.change((s) => applyClosed(s, active, watched));
    if (watched) await repo.deleteSaved(this.tx, this.user.id, active.title_id);
  }

  /** The favourites and saved titles the engine reads with the history (one read). */
  inputs() {
    return repo.tasteInputs(this.tx, this.user.id, WATCHLIST_MAX);
  }

  /** Everything the engine reads about this user for the next row: the taste, that row's seq and its seed. */
  async taste(index: CatalogIndex): Promise<{ taste: UserTaste; saved: string[]; seq: number; seed: number }> {
    const { favourites, saved } = await this.inputs();
    const state = await this.state(index);
    const seq = await this.nextSeq();
    return { taste: tasteOf(this.user, favourites, saved, positionsFor(index, state, favourites)), saved, seq, seed: issueSeed(this.user.id, seq) };
  }

  /** A new pick (the active row). */
  async issue(index: CatalogIndex, row: Omit<HistoryRowInput, 'origin' | 'status'>): Promise<repo.RecommendationRow> {
    const inserted = await repo.insertRecommendation(this.tx, historyRow(this.user.id, { ...row, status: 'active', origin: 'pick' }));
    this.change((s) => (applyIssued(index, s, inserted), true));
    return inserted;
  }

  /** Closed rows added outside a pick (a badge's or a together rating, an import); `index` lets a newest row extend the kept state. */
  async add(rows: readonly HistoryRowInput[], index?: CatalogIndex): Promise<string[]> {
    const built = rows.map((r) => historyRow(this.user.id, r));
    await repo.insertRows(this.tx, built);
    for (const row of built) this.change((s) => index !== undefined && applyAdded(index, s, row));
    this.coLikeChanges += built.filter((r) => r.status === 'watched' && r.user_rating === null).length;
    return built.map((r) => r.id);
  }

  /** A first rating; undefined when the row was already rated (nothing changes). */
  async rate(id: string, liked: boolean, now: Date): Promise<repo.RecommendationRow | undefined> {
    const rated = await repo.rateOnce(this.tx, this.user.id, id, liked, now);
    this.change((s) => (rated ? applyRated(s, rated) : true));
    return rated;
  }

  /** An edit of a row (repo.editClosed); `before` is the row as read, whose status a change is told against. */
  async edit(before: { id: string; status: string }, edit: Parameters<typeof repo.editClosed>[3]): Promise<repo.RecommendationRow | undefined> {
    const updated = await repo.editClosed(this.tx, this.user.id, before.id, edit);
    // Rare: the next pick reads the history again.
    this.change(() => false);
    // Watched titles are mild positives of the co-likes: a change there is not a rated_at, so it is told.
    if (updated && edit.status !== undefined && edit.status !== before.status) this.coLikeChanges++;
    return updated;
  }

  async deleteClosed(id: string): Promise<number> {
    const gone = await repo.deleteClosed(this.tx, this.user.id, id);
    this.change(() => false);
    // A deleted like or watched title leaves no rated_at behind.
    this.coLikeChanges += gone;
    return gone;
  }

  /** The rows of these titles, by title (a sync reads them once per batch). */
  rowsOfTitles(ids: readonly string[]) {
    return batch.rowsOfTitles(this.tx, this.user.id, ids);
  }

  /** The newest pick was watched elsewhere (closed by a sync, not replaced yet). */
  newestPickWatchedElsewhere(): Promise<boolean> {
    return batch.newestPickWatchedElsewhere(this.tx, this.user.id);
  }

  /** Removes the closed rows a source wrote (features/sync: a disconnect that takes them back). */
  async deleteOrigin(origin: HistoryOrigin): Promise<number> {
    const gone = await batch.deleteOrigin(this.tx, this.user.id, origin);
    if (gone > 0) this.change(() => false);
    this.coLikeChanges += gone;
    return gone;
  }

  /** Saves a title for later (a synced watchlist) unless the list is full; a watched title is never saved. */
  save(titleId: string, at: Date): Promise<boolean> {
    return batch.saveIfRoom(this.tx, this.user.id, titleId, at.toISOString(), WATCHLIST_MAX);
  }

  unsave(titleId: string): Promise<number> {
    return repo.deleteSaved(this.tx, this.user.id, titleId);
  }

  /** An undone import's rows (the co-likes count those from the import's undone_at: co-likes.repository.ts). */
  async deleteImported(importId: string): Promise<void> {
    if ((await repo.deleteImported(this.tx, this.user.id, importId)) > 0) this.change(() => false);
  }

  private change(apply: Apply): void {
    if (!this.held) this.later.push(apply);
    // Every apply changes the state only when it returns true.
    else if (!this.stale) {
      if (apply(this.held.state)) this.changed = true;
      else this.stale = true;
    }
  }

  /** After commit (history.ts): the kept states stand for their revisions. Returns the co-likes' changes. */
  committed(): number {
    const { id, taste_rev: rev } = this.user;
    if (this.held && !this.stale) this.tastes.put(id, rev, this.held.state);
    else if (this.held) this.tastes.advance(id, rev, () => false);
    else this.tastes.advance(id, rev, (s) => this.later.every((apply) => apply(s)));
    for (const p of this.peers) this.tastes.put(p.userId, p.rev, p.state);
    return this.coLikeChanges;
  }

  /** After a rollback: a state taken and not changed goes back under the revision that still stands. */
  rolledBack(): void {
    if (this.held?.fromCache && !this.changed) this.tastes.put(this.user.id, this.user.taste_rev - 1, this.held.state);
    for (const p of this.peers) if (p.fromCache) this.tastes.put(p.userId, p.rev, p.state);
  }
}
