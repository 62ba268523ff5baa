// The co-likes build of one `npm run bench:growth` size, in a process of its own so that its memory
// is the build's and not the bench's (which has just written the users): one CoLikes.refresh() on
// the grown database, exactly as the server runs it (pages of rows, steps between which requests
// are served), as scripts/bench/co-likes.ts measures it. The catalog store is stood in for by the
// catalog's own ids (the build asks it only which titles are offered and its version).
//   growth.ts runs `tsx scripts/bench/growth-co-likes.ts` with DATABASE_URL (and DATABASE_SCHEMA) set;
//   it prints one line of JSON.
import { spawn } from 'node:child_process';
import pino from 'pino';
import type { AppContext } from '../../server/src/context.js';
import type { CatalogStore } from '../../server/src/catalog/catalog.store.js';
import { loadConfig } from '../../server/src/config.js';
import { openDatabase } from '../../server/src/db/connection.js';
import { CoLikes } from '../../server/src/features/history/co-likes.js';

export interface CoLikesFigure {
  /** Which build was measured: CoLikes.refresh() as co-likes.ts runs it. */
  how: 'CoLikes.refresh';
  positives: number;
  users: number;
  wall_ms: number;
  cpu_ms: number;
  /** The longest a 5 ms timer waited during the build: how long a request could have waited. */
  longest_wait_ms: number;
  table_mb: number;
  /** Resident memory the build added to its process, and that process's peak. */
  rss_growth_mb: number;
  peak_rss_mb: number;
}

async function measure(): Promise<CoLikesFigure> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const handle = await openDatabase(config.database);
  try {
    const titles = await handle.db.selectFrom('titles').select('id').where('retired_at', 'is', null).execute();
    const ids = new Set(titles.map((t) => t.id));
    // What the build asks of the catalog store: the offered titles (as a list or a set) and the version.
    const catalog = { titles: async () => titles, offeredIds: async () => ids, version: () => 1 } as unknown as CatalogStore;
    const ctx = { db: handle.db, config, clock: { now: () => new Date() }, logger: pino({ level: 'silent' }) } as unknown as AppContext;
    const coLikes = new CoLikes(ctx, catalog);
    const rss0 = process.memoryUsage().rss;
    const cpu0 = process.cpuUsage();
    let longest = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const t = performance.now();
      longest = Math.max(longest, t - last - 5);
      last = t;
    }, 5);
    const t0 = performance.now();
    await coLikes.refresh();
    const wall = performance.now() - t0;
    clearInterval(timer);
    const cpu = process.cpuUsage(cpu0);
    const build = coLikes.lastBuild!;
    return {
      how: 'CoLikes.refresh',
      positives: build.rows,
      users: build.users,
      wall_ms: wall,
      cpu_ms: (cpu.user + cpu.system) / 1000,
      longest_wait_ms: longest,
      table_mb: build.bytes / 2 ** 20,
      rss_growth_mb: (process.memoryUsage().rss - rss0) / 2 ** 20,
      peak_rss_mb: process.resourceUsage().maxRSS / 1024,
    };
  } finally {
    await handle.close();
  }
}

/** The build on the database `env` names, in a child process; its one line of JSON. */
export function coLikesInChild(env: Record<string, string>): Promise<CoLikesFigure> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? ok(JSON.parse(out) as CoLikesFigure) : fail(new Error(`co-likes build exited with ${code}`))));
  });
}

if (process.argv[1] === import.meta.filename) console.log(JSON.stringify(await measure()));
