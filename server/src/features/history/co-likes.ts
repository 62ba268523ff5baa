// The co-like neighbours ("people who liked X also liked this") learned from the users of every
// instance sharing the database: favourites, likes and watched titles (a mild positive); dislikes
// never count. One table for all instances, stored in co_like_tables (engine/neighbours-codec.ts):
// each instance asks for the newest row's id at most every checkEveryMs and, when it is newer than
// the table it serves, reads and decodes it while the old table keeps serving. A rebuild is due
// when no table is stored, it is older than maxAgeMs, it was built for an older catalog version,
// or enough ratings and favourites arrived since it was built; only the instance that wins the
// 'co-likes' lease (db/job-leases.ts) builds it, on a worker thread with its own database
// connection (co-likes-worker.ts), so no instance spends its event loop or memory on the build.
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { AppContext } from '../../context.js';
import type { CatalogStore } from '../../catalog/catalog.store.js';
import type { NeighbourOptions, NeighbourTable } from '../../engine/index.js';
import { CorruptNeighbours, decodeNeighboursInSteps } from '../../engine/neighbours-codec.js';
import { claimJob, JOB_LEASE_MS, releaseJob, renewJob } from '../../db/job-leases.js';
import { changesSince, coLikeTableData, newestCoLikeTable, PAGE_ROWS, type CoLikeTableMeta } from './co-likes.repository.js';
import { buildAndStore, type CoLikesJob, type CoLikesReply } from './co-likes-worker.js';

export interface CoLikesOptions {
  /** How often (at most) to ask the database for a newer table and whether enough changed (default 1 minute). */
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

/**
 * The stored build an instance serves, whichever instance built it: its co_like_tables row, the
 * positive interactions read, the catalog version it was built for, when it started reading (the
 * builder's clock).
 */
export interface CoLikesBuild {
  id: number;
  rows: number;
  users: number;
  catalogVersion: number;
  startedAt: Date;
  ms: number;
  bytes: number;
}

export const CO_LIKES_JOB = 'co-likes'; // the job_leases row the builder holds
const DEFAULTS = { checkEveryMs: 60_000, maxAgeMs: 6 * 3_600_000, rebuildAfter: 20, pageRows: PAGE_ROWS };
const LEASE_POLL_MS = 100; // how often refresh() asks whether another instance's build has ended
/** The builder thread's heap; the positives' columns are typed arrays outside it (about 700 MB at 1,000,000 users). */
const BUILD_HEAP_MB = 2048;

/** The fewest distinct people whose co-likes make a neighbour: no pick tells one or two users' tastes (docs/product-decisions.md, "People who liked X"). */
export const CO_LIKE_MIN_PEOPLE = 5;
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One per server, built in wiring.ts. */
export class CoLikes {
  private table: NeighbourTable | undefined;
  private last: CoLikesBuild | null = null;
  /** This instance's build in progress: undefined when another instance held the lease. */
  private running: Promise<NeighbourTable | undefined> | null = null;
  private checking = false;
  /** Background checks and builds not yet settled (each settled promise never rejects). */
  private readonly inflight = new Set<Promise<unknown>>();
  private readonly workers = new Set<Worker>(); // builder threads running: stop() ends them
  /** Clock time of the last check or failed attempt (ms); nothing is asked more often than checkEveryMs. */
  private checkedAt = -Infinity;
  /** A stored row that failed to decode: never read again, and a rebuild is due. */
  private unreadable = -1;
  private readonly opts: typeof DEFAULTS & { neighbours: NeighbourOptions };
  private readonly holder = randomUUID();
  private built = 0;
  /**
   * Changes this process made that leave no rated_at behind (a history row deleted, a title
   * marked watched or not), counted with the database's changes until a build started after
   * them is served. Other instances see them at their next build (at most maxAgeMs later).
   */
  private localChanges = 0;
  private notedAt = -Infinity;

  constructor(
    private readonly ctx: AppContext,
    private readonly catalog: CatalogStore,
    opts: CoLikesOptions = {},
  ) {
    this.opts = { ...DEFAULTS, ...opts, neighbours: { minPeople: CO_LIKE_MIN_PEOPLE, ...opts.neighbours } };
  }

  /**
   * The table to score with now: undefined until a stored one is read. Starts a check, a read of
   * a newer table or a rebuild in the background when one is due; never waits for it.
   */
  current(): NeighbourTable | undefined {
    this.poke();
    return this.table;
  }

  /** A change to the positives that changesSince cannot see (see localChanges). */
  noteChanges(n: number): void {
    this.localChanges += n;
    this.notedAt = this.ctx.clock.now().getTime();
  }

  /** Changes noted since the last build (tests hold History.write to noting each exactly once). */
  get notedChanges(): number {
    return this.localChanges;
  }

  /** The build served now (this instance's or another's), or null. */
  get lastBuild(): CoLikesBuild | null {
    return this.last;
  }

  /** Builds this instance ran (an instance serving another's build ran none). */
  get builds(): number {
    return this.built;
  }

  /** Resolves when no background check, read or rebuild is running (tests; a clean shutdown). */
  async idle(): Promise<void> {
    while (this.inflight.size) await Promise.all(this.inflight);
  }

  /** At shutdown: a build in progress is stopped (its transaction rolls back; the lease runs out) and the rest settles. */
  async stop(): Promise<void> {
    await Promise.all([...this.workers].map((w) => w.terminate()));
    await this.idle();
  }

  /**
   * Rebuild now from what is stored now (waiting for another instance's build to end first, or
   * joining this instance's), and serve the new table.
   */
  refresh(): Promise<NeighbourTable> {
    const joined = this.running;
    if (joined) return joined.then((table) => table ?? this.refresh());
    return this.start(true, undefined) as Promise<NeighbourTable>;
  }

  private start(wait: boolean, judged: number | null | undefined): Promise<NeighbourTable | undefined> {
    const run = this.rebuild(wait, judged).finally(() => {
      if (this.running === run) this.running = null;
    });
    this.running = run;
    this.track(run);
    return run;
  }

  private poke(): void {
    if (this.running || this.checking) return;
    const now = this.ctx.clock.now().getTime();
    if (now - this.checkedAt < this.opts.checkEveryMs) return;
    this.checkedAt = now;
    this.checking = true;
    this.track(this.check().finally(() => (this.checking = false)));
  }

  /** Serves a newer stored table if there is one; then builds one if due and the lease is free. */
  private async check(): Promise<void> {
    const newest = await newestCoLikeTable(this.ctx.db);
    if (newest && newest.id !== this.last?.id && newest.id !== this.unreadable) await this.load(newest);
    const served = newest && newest.id !== this.unreadable ? newest : undefined;
    if (await this.due(served)) await this.start(false, newest?.id ?? null);
  }

  private async due(stored: CoLikeTableMeta | undefined): Promise<boolean> {
    if (!stored || stored.catalog_version < this.catalog.version()) return true;
    if (this.ctx.clock.now().getTime() - Date.parse(stored.built_at) >= this.opts.maxAgeMs) return true;
    const changes = await changesSince(this.ctx.db, stored.built_at);
    return changes + this.localChanges >= Math.max(this.opts.rebuildAfter, 0.02 * stored.rows);
  }

  private track(work: Promise<unknown>): void {
    const settled = work.catch((err: unknown) => {
      // A failed attempt (a builder crash, the database gone at shutdown) waits for the next check.
      this.checkedAt = this.ctx.clock.now().getTime();
      this.ctx.logger.warn({ err }, 'co-like neighbours: rebuild failed; the previous table keeps serving');
    });
    this.inflight.add(settled);
    void settled.finally(() => this.inflight.delete(settled));
  }

  /** Reads and decodes a stored build and serves it; a damaged one is logged and never served. */
  private async load(meta: CoLikeTableMeta): Promise<NeighbourTable | undefined> {
    const data = await coLikeTableData(this.ctx.db, meta.id);
    if (!data) return this.table; // replaced and deleted meanwhile: the next check reads the newer one
    let table: NeighbourTable;
    try {
      // In steps between which requests are served: at 100,000 titles one go took 110-190 ms.
      const steps = decodeNeighboursInSteps(data);
      let step = steps.next();
      while (!step.done) {
        await yieldToRequests();
        step = steps.next();
      }
      table = step.value;
    } catch (err) {
      if (!(err instanceof CorruptNeighbours)) throw err;
      this.unreadable = meta.id;
      this.ctx.logger.warn({ id: meta.id, err: err.message }, 'co-like neighbours: the stored table is unreadable; it is not served and a rebuild is due');
      return undefined;
    }
    const startedAt = new Date(meta.built_at);
    this.table = table;
    this.last = { id: meta.id, rows: meta.rows, users: meta.users, catalogVersion: meta.catalog_version, startedAt, ms: meta.build_ms, bytes: table.byteLength };
    // What was noted before the build started reading is in it.
    if (startedAt.getTime() >= this.notedAt) this.localChanges = 0;
    this.ctx.logger.info({ ...this.last, startedAt: meta.built_at }, 'co-like neighbours loaded');
    return table;
  }

  /**
   * Builds under the lease and serves the result. Without `wait`, gives up (undefined) when
   * another instance holds the lease, and skips the build when a build other than `judged` (the
   * newest row that made it due) was stored meanwhile.
   */
  private async rebuild(wait: boolean, judged: number | null | undefined): Promise<NeighbourTable | undefined> {
    const startedAt = this.ctx.clock.now();
    if (!(await this.claim(wait))) return undefined;
    const heartbeat = setInterval(() => {
      renewJob(this.ctx.db, CO_LIKES_JOB, this.holder, this.ctx.clock.now()).catch((err: unknown) => this.ctx.logger.warn({ err }, 'co-likes lease renewal failed'));
    }, JOB_LEASE_MS / 3);
    heartbeat.unref();
    const noted = this.localChanges;
    try {
      if (judged !== undefined) {
        const newest = await newestCoLikeTable(this.ctx.db);
        if ((newest?.id ?? null) !== judged) {
          await releaseJob(this.ctx.db, CO_LIKES_JOB, this.holder, this.ctx.clock.now(), {});
          return newest && newest.id !== this.last?.id ? await this.load(newest) : this.table;
        }
      }
      this.localChanges = 0;
      const reply = await this.runBuilder(startedAt);
      this.built++;
      await releaseJob(this.ctx.db, CO_LIKES_JOB, this.holder, this.ctx.clock.now(), { last_error: null });
      this.ctx.logger.info({ id: reply.id, rows: reply.rows, users: reply.users, ms: reply.buildMs, bytes: reply.blobBytes }, 'co-like neighbours rebuilt');
      const table = await this.load({ id: reply.id, built_at: startedAt.toISOString(), catalog_version: reply.catalogVersion, rows: reply.rows, users: reply.users, build_ms: reply.buildMs });
      if (!table) throw new Error('co-like neighbours: the table just built did not decode');
      return table;
    } catch (err) {
      this.localChanges += noted;
      const message = err instanceof Error ? err.message : String(err);
      await releaseJob(this.ctx.db, CO_LIKES_JOB, this.holder, this.ctx.clock.now(), { last_error: message.slice(0, 500) }).catch(() => undefined);
      throw err;
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Takes the lease; with `wait`, polls until another instance's build ends (at most one lease's time). */
  private async claim(wait: boolean): Promise<boolean> {
    for (let tries = Math.ceil(JOB_LEASE_MS / LEASE_POLL_MS); ; tries--) {
      if (await claimJob(this.ctx.db, CO_LIKES_JOB, this.holder, this.ctx.clock.now(), { anyTime: true })) return true;
      if (!wait) return false;
      if (tries <= 0) throw new Error('co-like neighbours: another instance held the build lease for longer than a lease lasts');
      await new Promise((resolve) => setTimeout(resolve, LEASE_POLL_MS));
    }
  }

  /** One build on its own thread (in this thread for an in-memory SQLite database, which no other connection sees). */
  private async runBuilder(startedAt: Date): Promise<Extract<CoLikesReply, { ok: true }>> {
    const titles = await this.catalog.titles();
    const job: CoLikesJob = {
      database: this.ctx.config.database,
      offered: titles.map((t) => t.id).join('\n'),
      catalogVersion: this.catalog.version(),
      builtAt: startedAt.toISOString(),
      neighbours: this.opts.neighbours,
      pageRows: this.opts.pageRows,
    };
    if (job.database.dialect === 'sqlite' && job.database.path === ':memory:') return buildAndStore(this.ctx.db, job);
    return runOnThread(job, this.workers);
  }
}

/**
 * From the TypeScript sources (tsx, vitest) the worker runs co-likes-worker.ts through tsx; from
 * the production bundle, the co-likes-builder.mjs that scripts/build-server.mjs writes beside main.mjs.
 */
function runOnThread(job: CoLikesJob, running: Set<Worker>): Promise<Extract<CoLikesReply, { ok: true }>> {
  const here = import.meta.url;
  const file = here.endsWith('.ts') ? './co-likes-worker-from-source.mjs' : './co-likes-builder.mjs';
  const worker = new Worker(new URL(file, here), { workerData: job, resourceLimits: { maxOldGenerationSizeMb: BUILD_HEAP_MB } });
  running.add(worker);
  worker.once('exit', () => running.delete(worker));
  return new Promise((resolve, reject) => {
    let reply: CoLikesReply | null = null;
    worker.on('message', (m: CoLikesReply) => (reply = m));
    worker.on('error', reject);
    // Settled once the thread is gone, so the memory it took is given back before the table is read.
    worker.on('exit', (code) => {
      if (!reply) reject(new Error(`co-likes builder stopped (exit code ${code}) before storing a table`));
      else if (reply.ok) resolve(reply);
      else reject(new Error(`co-likes builder: ${reply.message}`));
    });
  });
}
