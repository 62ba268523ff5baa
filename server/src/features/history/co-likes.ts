// The co-like neighbours ("people who liked X also liked this") learned from this instance's own
// users: favourites, likes and watched titles (a mild positive); dislikes never count. One table
// per server, rebuilt in the background when it is missing, older than MAX_AGE_MS, built for an
// older catalog version, or when enough ratings and favourites arrived since the last build. The
// rebuild reads the database page by page and computes in steps of a few milliseconds between
// which requests are served; the previous table keeps serving until the new one is complete.
import type { AppContext } from '../../context.js';
import type { CatalogStore } from '../../catalog/catalog.store.js';
import { buildNeighboursInSteps, DEFAULT_WEIGHTS, type Interaction, type NeighbourOptions, type NeighbourTable } from '../../engine/index.js';
import { changesSince, favouritePage, PAGE_ROWS, positivePage } from './co-likes.repository.js';

export interface CoLikesOptions {
  /** How often (at most) to ask the database whether enough changed (default 1 minute). */
  checkEveryMs?: number;
  /** Rebuild a table this old whatever changed, e.g. to pick up watched titles (default 6 hours). */
  maxAgeMs?: number;
  /** Rebuild after this many new ratings or favourites, or 2% of the table's rows if more (default 20). */
  rebuildAfter?: number;
  /** buildNeighbours options; the engine's defaults when absent, but minPeople CO_LIKE_MIN_PEOPLE. */
  neighbours?: NeighbourOptions;
  /** Rows per database query while reading (default PAGE_ROWS). */
  pageRows?: number;
}

export interface CoLikesBuild {
  /** Positive interactions read. */
  rows: number;
  users: number;
  /** Catalog version the table was built for. */
  catalogVersion: number;
  /** When the build started reading (the clock's time). */
  startedAt: Date;
  ms: number;
  bytes: number;
}

/** Interactions in compact columns (ids interned once); read back as one reused row object. */
class Positives {
  private readonly names: string[] = [];
  private readonly idOf = new Map<string, number>();
  private user = new Uint32Array(1 << 12);
  private title = new Uint32Array(1 << 12);
  private weight = new Float32Array(1 << 12);
  private userCount = 0;
  private lastUser = '';
  length = 0;

  push(userId: string, titleId: string, weight: number): void {
    if (this.length === this.user.length) {
      this.user = grow(this.user, new Uint32Array(this.length * 2));
      this.title = grow(this.title, new Uint32Array(this.length * 2));
      this.weight = grow(this.weight, new Float32Array(this.length * 2));
    }
    // Rows come grouped by user, twice (favourites, then issued titles): count users once.
    if (userId !== this.lastUser && !this.idOf.has(userId)) this.userCount++;
    this.lastUser = userId;
    this.user[this.length] = this.intern(userId);
    this.title[this.length] = this.intern(titleId);
    this.weight[this.length++] = weight;
  }

  get users(): number {
    return this.userCount;
  }

  *rows(): Generator<Interaction> {
    const row: Interaction = { userId: '', titleId: '', weight: 0 };
    for (let x = 0; x < this.length; x++) {
      row.userId = this.names[this.user[x]];
      row.titleId = this.names[this.title[x]];
      row.weight = this.weight[x];
      yield row;
    }
  }

  /** User and title ids share one table: they are different strings (uuids and catalog ids). */
  private intern(id: string): number {
    let n = this.idOf.get(id);
    if (n === undefined) this.idOf.set(id, (n = this.names.push(id) - 1));
    return n;
  }
}

function grow<T extends Uint32Array | Float32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

const DEFAULTS = { checkEveryMs: 60_000, maxAgeMs: 6 * 3_600_000, rebuildAfter: 20, pageRows: PAGE_ROWS };

/**
 * The fewest distinct people whose co-likes make a neighbour, so that neither the pick nor its
 * "People who liked X also liked this" can tell one or two users' tastes on a small instance
 * (docs/product-decisions.md, "People who liked X").
 */
export const CO_LIKE_MIN_PEOPLE = 5;
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One per server, built in wiring.ts. */
export class CoLikes {
  private table: NeighbourTable | undefined;
  private last: CoLikesBuild | null = null;
  private running: Promise<NeighbourTable> | null = null;
  private checking = false;
  /** The latest background check or rebuild (settled: never rejects). */
  private pending: Promise<unknown> | null = null;
  /** Clock time of the last check or failed attempt (ms); nothing is asked more often than checkEveryMs. */
  private checkedAt = -Infinity;
  private readonly opts: typeof DEFAULTS & { neighbours: NeighbourOptions };
  /**
   * Changes this process made that leave no rated_at behind (a history row deleted, a title
   * marked watched or not), counted with the database's changes until the next build. Other
   * instances see them at their next build (at most maxAgeMs later).
   */
  private localChanges = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly catalog: CatalogStore,
    opts: CoLikesOptions = {},
  ) {
    this.opts = { ...DEFAULTS, ...opts, neighbours: { minPeople: CO_LIKE_MIN_PEOPLE, ...opts.neighbours } };
  }

  /**
   * The table to score with now: undefined until the first build completes. Starts a check or a
   * rebuild in the background when one is due; never waits for it.
   */
  current(): NeighbourTable | undefined {
    this.poke();
    return this.table;
  }

  /** A change to the positives that changesSince cannot see (see localChanges). */
  noteChanges(n: number): void {
    this.localChanges += n;
  }

  /** Changes noted since the last build (tests hold History.write to noting each exactly once). */
  get notedChanges(): number {
    return this.localChanges;
  }

  /** The last completed build, or null. */
  get lastBuild(): CoLikesBuild | null {
    return this.last;
  }

  /** Resolves when no background check or rebuild is running (tests; a clean shutdown). */
  async idle(): Promise<void> {
    while (this.pending) {
      const pending = this.pending;
      await pending;
      if (this.pending === pending) this.pending = null;
    }
  }

  /** Rebuild now (or join the rebuild in progress); the new table serves once it is complete. */
  refresh(): Promise<NeighbourTable> {
    if (!this.running) {
      this.running = this.build().finally(() => {
        this.running = null;
      });
      this.pending = this.running.catch(() => undefined);
    }
    return this.running;
  }

  private poke(): void {
    if (this.running || this.checking) return;
    const now = this.ctx.clock.now().getTime();
    if (now - this.checkedAt < this.opts.checkEveryMs) return;
    const last = this.last;
    if (!last || last.catalogVersion !== this.catalog.version() || now - last.startedAt.getTime() >= this.opts.maxAgeMs) {
      this.background(this.refresh());
      return;
    }
    this.checkedAt = now;
    this.checking = true;
    this.background(
      changesSince(this.ctx.db, last.startedAt.toISOString())
        .then((changes) => {
          if (changes + this.localChanges >= Math.max(this.opts.rebuildAfter, 0.02 * last.rows)) return this.refresh();
        })
        .finally(() => {
          this.checking = false;
        }),
    );
  }

  private background(work: Promise<unknown>): void {
    this.pending = work.catch((err: unknown) => {
      // A failed attempt (e.g. the database went away at shutdown) waits for the next check.
      this.checkedAt = this.ctx.clock.now().getTime();
      this.ctx.logger.warn({ err }, 'co-like neighbours: rebuild failed; the previous table keeps serving');
    });
  }

  private async build(): Promise<NeighbourTable> {
    const startedAt = this.ctx.clock.now();
    const t0 = performance.now();
    // This build reads every row as it is now: what was noted so far is in it.
    this.localChanges = 0;
    const catalogVersion = this.catalog.version();
    // The catalog's own id map: a set of every id was 100,000 strings hashed in one blocking stretch.
    const offered = await this.catalog.offeredIds();
    const positives = await this.read(offered);
    const steps = buildNeighboursInSteps(positives.rows(), this.opts.neighbours);
    let step = steps.next();
    while (!step.done) {
      await yieldToRequests();
      step = steps.next();
    }
    const table = step.value;
    this.table = table;
    this.checkedAt = startedAt.getTime();
    this.last = { rows: positives.length, users: positives.users, catalogVersion, startedAt, ms: performance.now() - t0, bytes: table.byteLength };
    this.ctx.logger.info({ ...this.last, startedAt: startedAt.toISOString() }, 'co-like neighbours rebuilt');
    return table;
  }

  /**
   * Every user's positives, favourites first (onboarding comes before any like) and then issued
   * titles in issue order, which is the order UserTaste lists them in (taste.ts).
   */
  private async read(offered: Pick<ReadonlySet<string>, 'has'>): Promise<Positives> {
    const out = new Positives();
    const w = DEFAULT_WEIGHTS;
    for (let after: { userId: string; position: number } | null = null; ; ) {
      // SQLite answers synchronously: without this the whole read would be one blocking stretch.
      await yieldToRequests();
      const page = await favouritePage(this.ctx.db, after, this.opts.pageRows);
      for (const r of page) if (offered.has(r.title_id)) out.push(r.user_id, r.title_id, w.favouriteWeight);
      if (page.length < this.opts.pageRows) break;
      const end = page[page.length - 1];
      after = { userId: end.user_id, position: Number(end.position) };
    }
    for (let after: { userId: string; seq: number } | null = null; ; ) {
      await yieldToRequests();
      const page = await positivePage(this.ctx.db, after, this.opts.pageRows);
      for (const r of page) {
        if (offered.has(r.title_id)) out.push(r.user_id, r.title_id, r.user_rating === 1 ? w.likedWeight : w.watchedWeight);
      }
      if (page.length < this.opts.pageRows) break;
      const end = page[page.length - 1];
      after = { userId: end.user_id, seq: Number(end.seq) };
    }
    return out;
  }
}
