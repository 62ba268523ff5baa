// The co-likes build on its own thread with its own database connection: reading every user's
// positives and counting their pairs is 23-32 s of CPU at 100,000 users and minutes at 1,000,000,
// which on the server's event loop would hold requests in steps the whole while. The instance
// holding the co-likes lease starts one of these per build (co-likes.ts); it reads, builds,
// stores the encoded table in co_like_tables for every instance, reports, and exits, so the
// memory it took (hundreds of MB at a million users) goes back with it.
import { parentPort, workerData } from 'node:worker_threads';
import type { DatabaseConfig } from '../../config.js';
import { openDatabase, type DB } from '../../db/connection.js';
import { buildNeighbours, DEFAULT_WEIGHTS, type Interaction, type NeighbourOptions } from '../../engine/index.js';
import { encodeNeighbours } from '../../engine/neighbours-codec.js';
import { favouritePage, positivePage, storeCoLikeTable } from './co-likes.repository.js';

export interface CoLikesJob {
  database: DatabaseConfig;
  /** The offered title ids, joined by '\n' (one string crosses to the thread in one copy). */
  offered: string;
  catalogVersion: number;
  /** When the build started (the clock's time, ISO): changes after it call for the next build. */
  builtAt: string;
  neighbours: NeighbourOptions;
  pageRows: number;
}

export type CoLikesReply =
  | { ok: true; id: number; catalogVersion: number; rows: number; users: number; buildMs: number; blobBytes: number; tableBytes: number; peakMb: number; entries: number }
  | { ok: false; message: string };

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

/**
 * Every user's positives, favourites first (onboarding comes before any like) and then issued
 * titles in issue order, which is the order UserTaste lists them in (taste.ts).
 */
async function readPositives(db: DB, offered: ReadonlySet<string>, pageRows: number): Promise<Positives> {
  const out = new Positives();
  const w = DEFAULT_WEIGHTS;
  for (let after: { userId: string; position: number } | null = null; ; ) {
    const page = await favouritePage(db, after, pageRows);
    for (const r of page) if (offered.has(r.title_id)) out.push(r.user_id, r.title_id, w.favouriteWeight);
    if (page.length < pageRows) break;
    const end = page[page.length - 1];
    after = { userId: end.user_id, position: Number(end.position) };
  }
  for (let after: { userId: string; seq: number } | null = null; ; ) {
    const page = await positivePage(db, after, pageRows);
    for (const r of page) {
      if (offered.has(r.title_id)) out.push(r.user_id, r.title_id, r.user_rating === 1 ? w.likedWeight : w.watchedWeight);
    }
    if (page.length < pageRows) break;
    const end = page[page.length - 1];
    after = { userId: end.user_id, seq: Number(end.seq) };
  }
  return out;
}

/** Reads, builds, encodes and stores one table; the stored row's id and the figures of the build. */
export async function buildAndStore(db: DB, job: Omit<CoLikesJob, 'database'>): Promise<Extract<CoLikesReply, { ok: true }>> {
  const t0 = performance.now();
  const offered = new Set(job.offered ? job.offered.split('\n') : []);
  const positives = await readPositives(db, offered, Math.max(1, job.pageRows));
  offered.clear();
  const table = buildNeighbours(positives.rows(), job.neighbours);
  const blob = encodeNeighbours(table);
  const buildMs = Math.round(performance.now() - t0);
  const id = await storeCoLikeTable(db, { built_at: job.builtAt, catalog_version: job.catalogVersion, rows: positives.length, users: positives.users, build_ms: buildMs }, blob);
  const peakMb = process.resourceUsage().maxRSS / 1024;
  return { ok: true, id, catalogVersion: job.catalogVersion, rows: positives.length, users: positives.users, buildMs, blobBytes: blob.byteLength, tableBytes: table.byteLength, peakMb, entries: table.nbr.length };
}

async function run(job: CoLikesJob): Promise<CoLikesReply> {
  const database = await openDatabase(job.database);
  try {
    return await buildAndStore(database.db, job);
  } finally {
    await database.close();
  }
}

if (parentPort) {
  const port = parentPort;
  run(workerData as CoLikesJob).then(
    (reply) => port.postMessage(reply),
    (err: unknown) => port.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) } satisfies CoLikesReply),
  );
}
