// `npx tsx scripts/bench/history-size.ts`: does a long history make a pick slower? POST
// /api/recommendations/new on the real server (its own process, the bundle `npm start` runs,
// SQLite) for two onboarded paid users side by side, one with SHORT (50) history rows and one
// with LONG (5,000): 70% rated (two in three liked), a quarter watched, a tenth imported (negative
// seq). Requests alternate between the two users, so load on the machine hits both alike. The
// catalog is the built-in pack topped up with EXTRA_TITLES (10,000) synthetic titles, so 5,000
// distinct titles fit in one history. Each pick is rated before the next (the card's Like /
// Dislike), as users do. Prints p50/p99 and server CPU per issue (the server's own utime + stime
// around each POST, in 10 ms ticks: summed over many requests, a figure other load does not
// inflate).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/connection.js';
import { insertSyntheticCatalog } from './api-synthetic.js';
import { issuePick } from './api-picks.js';
import { api, onboardedUser } from './api-users.js';
import { cpuMsOf, pct, startBundledServer } from './server-process.js';

const SHORT = Number(process.env.SHORT ?? 50);
const LONG = Number(process.env.LONG ?? 5000);
const EXTRA_TITLES = Number(process.env.EXTRA_TITLES ?? 10_000);
const WARMUP = Number(process.env.WARMUP ?? 30);
const MEASURED = Number(process.env.REQUESTS ?? 300);

/** An onboarded lifetime user with `size` history rows on distinct titles of `titles`. */
async function historyUser(handle: DatabaseHandle, url: string, secret: string, size: number, titles: Array<{ id: string; title: string }>): Promise<string> {
  const { userId, token } = await onboardedUser(handle, url, secret);
  const imported = Math.floor(size / 10);
  const base = Date.now() - size * 3_600_000;
  const rows = Array.from({ length: size }, (_, i) => {
    const t = titles[(i * 7919) % titles.length];
    const at = new Date(base + i * 3_600_000).toISOString();
    const rated = i % 10 < 7;
    return {
      id: `hist-${userId.slice(0, 8)}-${i}`,
      user_id: userId,
      // Imports come first with negative seqs (older than every pick), then picks from 1.
      seq: i < imported ? i - imported : i - imported + 1,
      title_id: t.id,
      movie_title: t.title,
      status: i % 4 === 0 ? 'watched' : 'skipped',
      user_rating: rated ? (i % 3 < 2 ? 1 : 0) : null,
      rated_at: rated ? at : null,
      mood: null,
      platform: null,
      reason: 'bench history',
      score: 0,
      created_at: at,
      closed_at: at,
      origin: i < imported ? 'import' : 'pick',
    };
  });
  for (let i = 0; i < rows.length; i += 100) await handle.db.insertInto('recommendations').values(rows.slice(i, i + 100)).execute();
  return token;
}

interface Series {
  times: number[];
  cpuMs: number;
}

const dataDir = mkdtempSync(join(tmpdir(), 'tp-bench-history-'));
const secret = randomBytes(48).toString('base64url');
const env = { DATA_DIR: dataDir, DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}`, JWT_SECRET: secret, LOG_LEVEL: 'warn', SCHEDULER: 'off' };
try {
  // The first start loads the built-in pack; the synthetic titles go in before the measured start.
  let server = await startBundledServer(env);
  await server.stop();
  let handle = await openDatabase({ dialect: 'sqlite', path: join(dataDir, 'app.db') });
  await insertSyntheticCatalog(handle, EXTRA_TITLES);
  await handle.close();
  server = await startBundledServer(env);
  handle = await openDatabase({ dialect: 'sqlite', path: join(dataDir, 'app.db') });
  try {
    // Distinct titles in a fixed, spread order (7919 is prime to the count unless a multiple).
    const titles = await handle.db.selectFrom('titles').select(['id', 'title']).orderBy('id').execute();
    const users = { [`${SHORT} rows`]: await historyUser(handle, server.url, secret, SHORT, titles), [`${LONG} rows`]: await historyUser(handle, server.url, secret, LONG, titles) };
    const series: Record<string, Series> = Object.fromEntries(Object.keys(users).map((k) => [k, { times: [], cpuMs: 0 }]));
    const pid = server.pid;
    const step = async (label: string, i: number, measured: boolean) => {
      const token = users[label];
      const cpu0 = cpuMsOf(pid);
      const t = performance.now();
      const pick = await issuePick(server.url, token, i);
      const ms = performance.now() - t;
      const cpu = cpuMsOf(pid) - cpu0;
      if (measured) {
        series[label].times.push(ms);
        series[label].cpuMs += cpu;
      }
      // The card's Like / Dislike before the next pick (not timed).
      if (i % 10 < 7) await api(server.url, token, '/api/recommendations/rate', { method: 'POST', body: { recommendation_id: pick.id, movie_title: pick.movie_title, rating: i % 3 < 2 } });
    };
    for (let i = 0; i < WARMUP; i++) for (const label of Object.keys(users)) await step(label, i, false);
    for (let i = 0; i < MEASURED; i++) for (const label of Object.keys(users)) await step(label, i, true);
    const f = (n: number) => n.toFixed(2);
    console.log(`POST /api/recommendations/new, ${titles.length.toLocaleString('en-US')} titles, ${MEASURED} picks per user, interleaved, each pick rated 7 times in 10:`);
    console.table(
      Object.fromEntries(
        Object.entries(series).map(([label, s]) => [
          label,
          { 'p50 (ms)': f(pct(s.times, 50)), 'p90 (ms)': f(pct(s.times, 90)), 'p99 (ms)': f(pct(s.times, 99)), 'mean (ms)': f(s.times.reduce((a, b) => a + b, 0) / s.times.length), 'server CPU per issue (ms)': f(s.cpuMs / s.times.length) },
        ]),
      ),
    );
  } finally {
    await handle.close();
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
