// The order in which uploads get the parser (docs/product-decisions.md, "Bring your taste"): fair
// by user, in rounds. A user's uploads take one round each (the first in the current round, the
// next ones in the rounds after it), and the earliest round is served first, so another user's
// single upload goes ahead of a backlog instead of behind all of it. A user whose parse is running
// is passed over (one parse per user at a time). Pure: no I/O, no timers.

type PushResult = 'queued' | 'user_full' | 'full';

interface Waiting<T> {
  user: string;
  job: T;
  round: number;
}

interface UserState {
  /** The round of the user's newest upload. */
  last: number;
  waiting: number;
  running: boolean;
}

/** Idle users whose round is remembered, beyond which they are forgotten (bounds the map). */
const MAX_REMEMBERED = 10_000;

export class FairQueue<T> {
  /** In arrival order: among one round, the earlier upload goes first. At most `total` long. */
  private readonly queue: Waiting<T>[] = [];
  private readonly users = new Map<string, UserState>();
  /** The newest round served so far. */
  private round = 0;

  /**
   * perUser: uploads one user may have waiting (beyond the one running); total: uploads waiting
   * in all, so what is held in memory stays bounded.
   */
  constructor(
    private readonly perUser: number,
    private readonly total: number,
  ) {}

  get waiting(): number {
    return this.queue.length;
  }

  push(user: string, job: T): PushResult {
    const state = this.users.get(user);
    if (state && state.waiting >= this.perUser) return 'user_full';
    if (this.queue.length >= this.total) return 'full';
    // A user served in this round waits for the next one (a remembered `last`), so two users
    // taking turns with single uploads never hold a third one's next upload back.
    const round = state ? Math.max(state.last + 1, this.round) : this.round;
    if (state) {
      state.last = round;
      state.waiting++;
    } else this.users.set(user, { last: round, waiting: 1, running: false });
    this.queue.push({ user, job, round });
    return 'queued';
  }

  /** The next upload: the earliest round, then the earliest sent, of a user with nothing running. */
  take(): { user: string; job: T } | undefined {
    let best = -1;
    for (let i = 0; i < this.queue.length; i++) {
      const w = this.queue[i];
      if (this.users.get(w.user)!.running) continue;
      if (best < 0 || w.round < this.queue[best].round) best = i;
    }
    if (best < 0) return undefined;
    const [w] = this.queue.splice(best, 1);
    this.round = Math.max(this.round, w.round);
    const state = this.users.get(w.user)!;
    state.waiting--;
    state.running = true;
    this.forget();
    return { user: w.user, job: w.job };
  }

  /** The user's running parse finished (or failed): their next upload may be taken. */
  done(user: string): void {
    const state = this.users.get(user);
    if (state) state.running = false;
    this.forget();
  }

  /** Drops idle users whose round is behind (they would join the current round anyway). */
  private forget(): void {
    const crowded = this.users.size > MAX_REMEMBERED;
    for (const [user, s] of this.users) {
      if (!s.running && s.waiting === 0 && (s.last < this.round || crowded)) this.users.delete(user);
    }
    if (this.users.size === 0) this.round = 0;
  }
}
