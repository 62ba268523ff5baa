// The shared co-likes build at scale: USERS synthetic users (default 100,000) with lognormal
// histories (median 35, mean about 50 issued titles: 60% liked, 10% watched, 30% disliked or
// skipped) over 100,000 titles, plus 5 favourites each, in a SQLite file; then the build exactly
// as an instance runs it: CoLikes.refresh() takes the 'co-likes' lease, builds on a worker thread
// with its own connection, stores the blob in co_like_tables and serves it; then a second instance
// (its own connection) reads and decodes the stored table without building. A 5 ms timer on the
// main thread measures how long a request could have waited meanwhile. Also counted: the pair
// updates the build does (each positive meets the others within the window) and the entries kept.
// Writes bench-results/co-likes.json (one entry per size, merged with the sizes already there).
//   npx tsx scripts/bench/co-likes.ts   (env USERS=, CO_LIKES_DB= a SQLite file kept between runs,
//   DIALECT=postgres with DATABASE_URL: a schema of its own, dropped after)
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import pino from 'pino';
import type { AppContext } from '../../server/src/context.js';
import type { CatalogStore } from '../../server/src/catalog/catalog.store.js';
import type { DatabaseConfig } from '../../server/src/config.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../server/src/db/connection.js';
import { NEIGHBOUR_DEFAULTS } from '../../server/src/engine/index.js';
import { decodeNeighbours } from '../../server/src/engine/neighbours-codec.js';
import { seededRandom } from '../../server/src/engine/random.js';
import { CoLikes, CO_LIKES_JOB } from '../../server/src/features/history/co-likes.js';
import { coLikeTableData } from '../../server/src/features/history/co-likes.repository.js';

const TITLES = 100_000;
const FAVOURITES = 5;

export interface CoLikesMeasure {
  buildMs: number; // the worker's read, build and encode (co_like_tables.build_ms)
  wallMs: number; // refresh() from the lease to the table served, on the building instance
  /** The process's peak resident memory during the build, less its resident memory before. */
  peakMb: number;
  blobBytes: number;
  tableBytes: number;
  /** The second instance: from its check to the stored table served (one read and a decode). */
  readMs: number;
  decodeMs: number; // decodeNeighbours alone on the blob
  /** The longest a 5 ms timer on the main thread waited during the build (and the building instance's read). */
  stallMs: number;
  /** The same until the worker had stored the table (the rest is the building instance's own read). */
  buildStallMs: number;
  /** The same during the second instance's read and decode. */
  readStallMs: number;
  /** The same over 3 s with nothing running: what the machine itself adds (other processes on its cores). */
  idleStallMs: number;
  positives: number;
  users: number;
  entries: number;
}

/** Longest wait of a 5 ms timer between start() and stop(), overall and before a moment `split` gives. */
function stallProbe() {
  let longest = 0;
  let before = 0;
  let splitAt = Infinity;
  let last = performance.now();
  const tick = () => {
    const t = performance.now();
    const wait = t - last - 5;
    longest = Math.max(longest, wait);
    if (t <= splitAt) before = Math.max(before, wait);
    last = t;
  };
  const timer = setInterval(tick, 5);
  const stop = () => {
    clearInterval(timer);
    // The stretch since the last tick counts too (work done in one go never lets the timer run).
    tick();
    return longest;
  };
  return Object.assign(stop, { split: () => (splitAt = performance.now()), before: () => before });
}

function instanceOn(handle: DatabaseHandle, config: DatabaseConfig, offered: readonly string[], onLog: (line: string) => void = () => {}): CoLikes {
  const titles = offered.map((id) => ({ id }));
  // What the build asks of the catalog store: the offered titles and the version.
  const catalog = { titles: async () => titles, version: () => 1 } as unknown as CatalogStore;
  const ctx = { db: handle.db, database: handle, config: { database: config }, clock: { now: () => new Date() }, logger: pino({ level: 'info' }, { write: onLog }) } as unknown as AppContext;
  return new CoLikes(ctx, catalog, { checkEveryMs: 0 });
}

/**
 * One shared build on the database `config` names (handle: a connection to it), and its read by
 * a second instance. Offered titles: `offered`, else every title not retired. Clears the stored
 * builds and the lease first. For bench:growth as for this bench.
 */
export async function measureCoLikes(handle: DatabaseHandle, config: DatabaseConfig, offered?: readonly string[]): Promise<CoLikesMeasure> {
  const ids = offered ?? (await handle.db.selectFrom('titles').select('id').where('retired_at', 'is', null).execute()).map((t) => t.id);
  await handle.db.deleteFrom('co_like_tables').execute();
  await handle.db.deleteFrom('job_leases').where('name', '=', CO_LIKES_JOB).execute();
  let stop = stallProbe();
  // The builder logs 'rebuilt' when the worker has stored the table: what follows is its own read.
  const a = instanceOn(handle, config, ids, (line) => line.includes('neighbours rebuilt') && stop.split());
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const idleStallMs = stop();
  const rss0 = process.memoryUsage().rss;
  stop = stallProbe();
  const t0 = performance.now();
  await a.refresh();
  const wallMs = performance.now() - t0;
  const stallMs = stop();
  const buildStallMs = stop.before();
  const peakMb = (process.resourceUsage().maxRSS * 1024 - rss0) / 2 ** 20;
  const build = a.lastBuild!;

  const second = await openDatabase(config);
  try {
    const b = instanceOn(second, config, ids);
    stop = stallProbe();
    const t1 = performance.now();
    b.current();
    await b.idle();
    const readMs = performance.now() - t1;
    const readStallMs = stop();
    if (b.builds !== 0 || b.lastBuild?.id !== build.id) throw new Error('the second instance did not serve the stored build');
    const blob = (await coLikeTableData(second.db, build.id))!;
    const t2 = performance.now();
    const table = decodeNeighbours(blob);
    const decodeMs = performance.now() - t2;
    return { buildMs: build.ms, wallMs, peakMb, blobBytes: blob.byteLength, tableBytes: build.bytes, readMs, decodeMs, stallMs, buildStallMs, readStallMs, idleStallMs, positives: build.rows, users: build.users, entries: table.nbr.length };
  } finally {
    await second.close();
  }
}

/** Pair updates for one user's positives: each meets those within the window (itself included), latest maxPerUser only. */
function pairUpdates(positives: number): number {
  const n = Math.min(positives, NEIGHBOUR_DEFAULTS.maxPerUser);
  const w = NEIGHBOUR_DEFAULTS.window;
  let pairs = 0;
  for (let p = 0; p < n; p++) pairs += Math.min(n, p + w + 1) - Math.max(0, p - w);
  return pairs;
}

interface Filled {
  users: number;
  issued: number;
  pair_updates: number;
}

interface UserRows {
  favourites: Array<{ user_id: string; title_id: string; position: number; created_at: string }>;
  recs: Array<{ id: string; user_id: string; seq: number; title_id: string; status: string; user_rating: number | null; rated_at: string | null }>;
}

/** Each user's favourites and issued titles in turn, the same for both databases (one seeded stream). */
function* usersRows(users: number, out: Filled): Generator<UserRows> {
  const rng = seededRandom(3);
  const now = new Date().toISOString();
  for (let v = 0; v < users; v++) {
    const userId = `user-${String(v).padStart(8, '0')}`;
    const rows: UserRows = { favourites: [], recs: [] };
    const titles = new Set<number>();
    for (let position = 0; position < FAVOURITES; position++) {
      const title = Math.floor(rng() * TITLES);
      if (!titles.has(title)) rows.favourites.push({ user_id: userId, title_id: `t${title}`, position, created_at: now });
      titles.add(title);
    }
    const gaussian = Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
    const n = Math.max(1, Math.min(500, Math.round(35 * Math.exp(0.85 * gaussian))));
    const seen = new Set<number>();
    let positives = titles.size;
    for (let seq = 1; seq <= n; seq++) {
      const title = Math.floor(rng() ** 2 * TITLES);
      if (seen.has(title)) continue;
      seen.add(title);
      const r = rng();
      const watched = r < 0.1;
      const rating = watched ? null : r < 0.7 ? 1 : 0;
      rows.recs.push({ id: `${userId}-${seq}`, user_id: userId, seq, title_id: `t${title}`, status: watched ? 'watched' : 'skipped', user_rating: rating, rated_at: watched ? null : now });
      if (rating !== 0) positives++;
    }
    out.issued += rows.recs.length;
    out.pair_updates += pairUpdates(positives);
    yield rows;
  }
}

/** SQLite: straight through better-sqlite3 (the fill is not what is measured). */
function fillSqlite(path: string, users: number): Filled {
  const raw = new BetterSqlite3(path);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = OFF');
  raw.pragma('foreign_keys = OFF'); // users and catalog rows are not needed to read positives
  const columns = 'id, user_id, seq, title_id, movie_title, status, user_rating, rated_at, reason, score, created_at, closed_at';
  const rec = raw.prepare(`insert into recommendations (${columns}) values (?, ?, ?, ?, 'x', ?, ?, ?, 'r', 0, ?, ?)`);
  const fav = raw.prepare('insert into user_favourites (user_id, title_id, position, created_at) values (?, ?, ?, ?)');
  const out: Filled = { users, issued: 0, pair_updates: 0 };
  const rows = usersRows(users, out);
  const now = new Date().toISOString();
  const batch = raw.transaction((count: number) => {
    for (let v = 0; v < count; v++) {
      const u = rows.next().value as UserRows;
      for (const f of u.favourites) fav.run(f.user_id, f.title_id, f.position, f.created_at);
      for (const r of u.recs) rec.run(r.id, r.user_id, r.seq, r.title_id, r.status, r.user_rating, r.rated_at, now, now);
    }
  });
  for (let u = 0; u < users; u += 2000) batch(Math.min(2000, users - u));
  raw.close();
  return out;
}

/** PostgreSQL: multi-row inserts, with the users' foreign keys dropped (no users rows are needed to read positives). */
async function fillPostgres(handle: DatabaseHandle, users: number): Promise<Filled> {
  for (const table of ['recommendations', 'user_favourites']) {
    const fks = await sql<{ conname: string }>`select conname from pg_constraint where conrelid = ${table}::regclass and contype = 'f'`.execute(handle.db);
    for (const { conname } of fks.rows) await sql`alter table ${sql.table(table)} drop constraint ${sql.id(conname)}`.execute(handle.db);
  }
  const out: Filled = { users, issued: 0, pair_updates: 0 };
  let recs: UserRows['recs'] = [];
  let favourites: UserRows['favourites'] = [];
  const now = new Date().toISOString();
  const flush = async () => {
    if (recs.length) await handle.db.insertInto('recommendations').values(recs.map((r) => ({ ...r, movie_title: 'x', reason: 'r', score: 0, created_at: now, closed_at: now }))).execute();
    if (favourites.length) await handle.db.insertInto('user_favourites').values(favourites).execute();
    recs = [];
    favourites = [];
  };
  for (const u of usersRows(users, out)) {
    recs.push(...u.recs);
    favourites.push(...u.favourites);
    if (recs.length >= 2000) await flush();
  }
  await flush();
  return out;
}

async function main() {
  const users = Number(process.env.USERS ?? 100_000);
  const dialect = process.env.DIALECT === 'postgres' ? 'postgres' : 'sqlite';
  const kept = dialect === 'sqlite' ? process.env.CO_LIKES_DB : undefined;
  const dir = kept || dialect === 'postgres' ? null : mkdtempSync(join(tmpdir(), 'co-likes-bench-'));
  const schema = `co_likes_bench_${process.pid}`;
  const config: DatabaseConfig =
    dialect === 'postgres' ? { dialect, url: process.env.DATABASE_URL ?? 'postgres://tp_dev:tpdev@127.0.0.1:5432/tp_dev', schema } : { dialect, path: kept ?? join(dir!, 'app.db') };
  try {
    let filled: Filled;
    if (kept && existsSync(`${kept}.json`)) {
      filled = JSON.parse(readFileSync(`${kept}.json`, 'utf8')) as Filled;
      if (filled.users !== users) throw new Error(`${kept} holds ${filled.users} users, not ${users}`);
    } else {
      const handle = await openDatabase(config);
      await migrateToLatest(handle);
      const t0 = performance.now();
      filled = config.dialect === 'postgres' ? await fillPostgres(handle, users) : fillSqlite(config.path, users);
      await handle.close();
      console.error(`inserted ${filled.issued} issued titles for ${users} users in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      if (kept) writeFileSync(`${kept}.json`, JSON.stringify(filled));
    }
    const handle = await openDatabase(config);
    let m: CoLikesMeasure;
    try {
      if (config.dialect === 'postgres') await sql`analyze`.execute(handle.db);
      m = await measureCoLikes(handle, config, Array.from({ length: TITLES }, (_, i) => `t${i}`));
    } finally {
      if (config.dialect === 'postgres') await sql`drop schema ${sql.id(schema)} cascade`.execute(handle.db);
      await handle.close();
    }
    const result = {
      dialect,
      users,
      titles: TITLES,
      issued: filled.issued,
      positives: m.positives,
      pair_updates: filled.pair_updates,
      entries_kept: m.entries,
      build_ms: m.buildMs,
      refresh_wall_ms: Math.round(m.wallMs),
      main_thread_longest_wait_ms: +m.stallMs.toFixed(1),
      during_worker_build_longest_wait_ms: +m.buildStallMs.toFixed(1),
      peak_rss_growth_mb: Math.round(m.peakMb),
      blob_mb: +(m.blobBytes / 2 ** 20).toFixed(2),
      table_mb: +(m.tableBytes / 2 ** 20).toFixed(2),
      second_instance_read_ms: Math.round(m.readMs),
      second_instance_longest_wait_ms: +m.readStallMs.toFixed(1),
      idle_longest_wait_ms: +m.idleStallMs.toFixed(1),
      decode_ms: +m.decodeMs.toFixed(1),
    };
    console.table(result);
    mkdirSync('bench-results', { recursive: true });
    const file = 'bench-results/co-likes.json';
    let runs: Array<typeof result> = [];
    try {
      const before = JSON.parse(readFileSync(file, 'utf8')) as { runs?: Array<typeof result> };
      runs = (before.runs ?? []).filter((r) => r.users !== users || r.dialect !== result.dialect);
    } catch {
      // no earlier runs in this format
    }
    runs.push(result);
    runs.sort((x, y) => x.users - y.users);
    writeFileSync(file, JSON.stringify({ how: 'scripts/bench/co-likes.ts: CoLikes.refresh() (lease, worker build, store, read) and a second instance reading it', runs }, null, 2));
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename) await main();
