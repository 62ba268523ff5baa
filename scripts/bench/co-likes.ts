// The product's co-like rebuild at scale: USERS synthetic users (default 100,000) with lognormal
// histories (median 20 issued titles: 60% liked, 10% watched, 30% disliked or skipped) over
// 100,000 titles, plus 5 favourites each, in a fresh SQLite database; then one CoLikes.refresh()
// exactly as the server runs it (pages of rows, buildNeighboursInSteps between requests). A 5 ms
// timer measures how long a request could wait. Writes bench-results/co-likes.json.
//   npx tsx scripts/bench/co-likes.ts   (env USERS=)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import type { AppContext } from '../../server/src/context.js';
import type { CatalogStore } from '../../server/src/catalog/catalog.store.js';
import { migrateToLatest, openDatabase } from '../../server/src/db/connection.js';
import { seededRandom } from '../../server/src/engine/random.js';
import { CoLikes } from '../../server/src/features/history/co-likes.js';

const USERS = Number(process.env.USERS ?? 100_000);
const TITLES = 100_000;
const dir = mkdtempSync(join(tmpdir(), 'co-likes-bench-'));
const database = await openDatabase({ dialect: 'sqlite', path: join(dir, 'app.db') });
try {
  await migrateToLatest(database);
  // Users and catalog rows are not needed to read positives; the foreign keys would ask for them.
  await sql`pragma foreign_keys = off`.execute(database.db);
  const rng = seededRandom(3);
  const now = new Date().toISOString();
  let issued = 0;
  const t0 = performance.now();
  for (let u = 0; u < USERS; u += 500) {
    await database.db.transaction().execute(async (tx) => {
      const recs = [];
      const favourites = [];
      for (let v = u; v < Math.min(USERS, u + 500); v++) {
        const userId = `user-${String(v).padStart(8, '0')}`;
        const gaussian = Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
        const n = Math.max(1, Math.min(500, Math.round(20 * Math.exp(gaussian))));
        const seen = new Set<number>();
        for (let seq = 1; seq <= n; seq++) {
          const title = Math.floor(rng() ** 2 * TITLES);
          if (seen.has(title)) continue;
          seen.add(title);
          const r = rng();
          const watched = r < 0.1;
          recs.push({
            id: `${userId}-${seq}`, user_id: userId, seq, title_id: `t${title}`, movie_title: 'x', status: watched ? 'watched' : 'skipped',
            user_rating: watched ? null : r < 0.7 ? 1 : 0, rated_at: watched ? null : now, mood: null, platform: null, reason: 'r', score: 0,
            created_at: now, closed_at: now,
          });
        }
        for (let position = 0; position < 5; position++) favourites.push({ user_id: userId, title_id: `t${Math.floor(rng() * TITLES)}`, position, created_at: now });
      }
      for (let i = 0; i < recs.length; i += 2000) await tx.insertInto('recommendations').values(recs.slice(i, i + 2000)).execute();
      await tx.insertInto('user_favourites').values(favourites).onConflict((oc) => oc.doNothing()).execute();
      issued += recs.length;
    });
  }
  console.error(`inserted ${issued} issued titles for ${USERS} users in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const offered = Array.from({ length: TITLES }, (_, i) => ({ id: `t${i}` }));
  const catalog = { titles: async () => offered, version: () => 1 } as unknown as CatalogStore;
  const ctx = { db: database.db, clock: { now: () => new Date() }, logger: pino({ level: 'silent' }) } as unknown as AppContext;
  const coLikes = new CoLikes(ctx, catalog);
  const rss0 = process.memoryUsage().rss;
  const cpu0 = process.cpuUsage();
  let maxLag = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const t = performance.now();
    maxLag = Math.max(maxLag, t - last - 5);
    last = t;
  }, 5);
  const wall0 = performance.now();
  const table = await coLikes.refresh();
  clearInterval(timer);
  const cpu = process.cpuUsage(cpu0);
  const result = {
    users: USERS,
    titles: TITLES,
    issued,
    positives: coLikes.lastBuild!.rows,
    rebuild_wall_ms: performance.now() - wall0,
    rebuild_cpu_ms: (cpu.user + cpu.system) / 1000,
    longest_wait_ms: maxLag,
    table_mb: table.byteLength / 2 ** 20,
    rss_growth_mb: (process.memoryUsage().rss - rss0) / 2 ** 20,
    peak_rss_mb: process.resourceUsage().maxRSS / 1024,
  };
  console.table(result);
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/co-likes.json', JSON.stringify(result, null, 2));
} finally {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
