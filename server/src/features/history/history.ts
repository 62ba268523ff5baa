// The one owner of a person's history (docs/architecture.md, "Data"). Every write to it goes
// through History.write: begin the write transaction, take the user row (lockUser bumps
// taste_rev), run the writer's changes through its HistoryWrite, commit, and only then update the
// kept taste state (taste-state.ts) and tell the co-likes (co-likes.ts), once, here. A writer that
// throws rolls back, and neither is touched beyond putting back the state it had taken unchanged.
import type { AppContext } from '../../context.js';
import type { CatalogStore } from '../../catalog/catalog.store.js';
import { writeTransaction, type Tx } from '../../db/transaction.js';
import type { CatalogIndex } from '../../engine/catalog-index.js';
import { unauthorized } from '../../http/errors.js';
import type { UserRow } from '../users/users.repository.js';
import type { CoLikes } from './co-likes.js';
import type { EngineIndexes } from './engine-index.js';
import { HistoryWrite } from './history-write.js';
import { lockUser, type UserPatch } from './history.repository.js';
import type { TasteCache } from './taste-state.js';

export interface WriteOptions {
  /** Another user locked in the same transaction (a household's two members), in id order with the first. */
  alsoLock?: string;
  /** Written on the user row by the lock's own statement (a pick's remembered constraints). */
  patch?: UserPatch;
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
      const row = await lockUser(tx, id, id === userId ? opts.patch : undefined);
      if (id === userId) user = row;
      else if (row) others.push({ id, rev: row.taste_rev });
    }
    if (!user) throw unauthorized();
    return user;
  }
}
