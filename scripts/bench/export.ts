// Export of an account's data at scale: one user with 10,000 recommendations (HISTORY=...) plus
// favourites, deliveries, page views and connected browsers, on the real server on a real port
// (SQLite file; PostgreSQL too when BENCH_DATABASE_URL is set). Times GET /api/account/export
// (JSON and CSV) over HTTP, p50/p95/max of RUNS each, against the 2 s goal, then the deletion of
// that account. Prints a table and writes bench-results/export.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { randomBytes, randomUUID } from 'node:crypto';
import { benchDialects, withBenchServer, type BenchDialect } from './bench-server.js';
import { hashPassword } from '../../server/src/features/auth/password.js';
import { issueAccessToken } from '../../server/src/features/auth/tokens.js';
import { insertUser } from '../../server/src/features/users/users.repository.js';
import { createSession } from '../../server/src/features/sessions/sessions.repository.js';
import type { DB } from '../../server/src/db/connection.js';

const HISTORY = Number(process.env.HISTORY ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 15);
const GOAL_MS = 2_000;
const PASSWORD = 'Bench-passw0rd!';

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function seed(db: DB, passwordHash: string): Promise<string> {
  const now = new Date();
  const user = await insertUser(db, { email: `bench.${randomBytes(4).toString('hex')}@example.test`, passwordHash, fullName: 'Bench Viewer', emailVerified: true, googleSub: null, now });
  const titles = await db.selectFrom('titles').select(['id', 'title']).limit(HISTORY).execute();
  const day = 86_400_000;
  for (let start = 0; start < HISTORY; start += 500) {
    await db
      .insertInto('recommendations')
      .values(
        Array.from({ length: Math.min(500, HISTORY - start) }, (_, k) => {
          const i = start + k;
          const at = new Date(now.getTime() - (HISTORY - i) * day / 4).toISOString();
          const t = titles[i % titles.length];
          return {
            id: randomUUID(), user_id: user.id, seq: i + 1, title_id: i < titles.length ? t.id : `${t.id}-${i}`, movie_title: t.title,
            status: i === HISTORY - 1 ? 'active' : i % 3 ? 'watched' : 'skipped', user_rating: i % 4 === 0 ? null : i % 4 === 1 ? 0 : 1, rated_at: i % 4 ? at : null,
            mood: i % 5 ? null : 'cozy', platform: i % 2 ? 'Netflix' : null, reason: `Because you liked ${titles[(i + 7) % titles.length].title}, and it is "a, tense" watch`,
            score: 0.5, created_at: at, closed_at: i === HISTORY - 1 ? null : at,
          };
        }),
      )
      .execute();
  }
  const iso = now.toISOString();
  await db.insertInto('user_favourites').values(titles.slice(0, 5).map((t, position) => ({ user_id: user.id, title_id: t.id, position, created_at: iso }))).execute();
  await db
    .insertInto('deliveries')
    .values(Array.from({ length: 300 }, (_, i) => ({ id: randomUUID(), user_id: user.id, local_date: new Date(now.getTime() - i * day).toISOString().slice(0, 10), due_at: iso, status: 'sent', kind: 'recommendation', attempts: 1, created_at: iso, updated_at: iso })))
    .execute();
  for (let start = 0; start < 2_000; start += 500) {
    await db.insertInto('analytics_events').values(Array.from({ length: 500 }, () => ({ user_id: user.id, name: 'page_view', path: '/app/dashboard', properties: null, created_at: iso }))).execute();
  }
  await db
    .insertInto('extension_tokens')
    .values(Array.from({ length: 3 }, (_, i) => ({ id: randomUUID(), user_id: user.id, token_hash: randomBytes(32).toString('hex'), nonce_hash: randomBytes(32).toString('hex'), browser_name: `Browser ${i}`, created_at: iso, last_used_at: iso, revoked_at: null })))
    .execute();
  return user.id;
}

async function timed(url: string, token: string): Promise<{ ms: number; bytes: number; status: number }> {
  const t = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.arrayBuffer();
  return { ms: performance.now() - t, bytes: body.byteLength, status: res.status };
}

async function benchDialect(dialect: BenchDialect, passwordHash: string) {
  return withBenchServer(dialect, 'export', async (server) => {
    const { ctx } = server;
    const t0 = performance.now();
    const userId = await seed(ctx.db, passwordHash);
    const seedMs = performance.now() - t0;
    const session = await createSession(ctx.db, userId, null, new Date());
    const token = await issueAccessToken(ctx.secrets.jwt, userId, session.id, new Date());
    // More downloads than an account may make in an hour: the limit is not what is measured.
    await ctx.db.deleteFrom('rate_limit_hits').execute();
    const json: number[] = [];
    const csv: number[] = [];
    let jsonBytes = 0;
    let csvBytes = 0;
    for (let i = 0; i < RUNS + 1; i++) {
      if (i % 10 === 9) await ctx.db.deleteFrom('rate_limit_hits').execute();
      const j = await timed(`${server.url}/api/account/export`, token);
      const c = await timed(`${server.url}/api/account/export?format=csv`, token);
      if (j.status !== 200 || c.status !== 200) throw new Error(`export answered ${j.status} / ${c.status}`);
      if (i === 0) continue; // warm-up
      json.push(j.ms);
      csv.push(c.ms);
      jsonBytes = j.bytes;
      csvBytes = c.bytes;
    }
    const d0 = performance.now();
    const del = await fetch(`${server.url}/api/account`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    const deleteMs = performance.now() - d0;
    if (del.status !== 200) throw new Error(`delete answered ${del.status}`);
    return {
      dialect,
      history_rows: HISTORY,
      seed_ms: Math.round(seedMs),
      json: { p50_ms: pct(json, 50), p95_ms: pct(json, 95), max_ms: Math.max(...json), bytes: jsonBytes },
      csv: { p50_ms: pct(csv, 50), p95_ms: pct(csv, 95), max_ms: Math.max(...csv), bytes: csvBytes },
      delete_ms_including_password_check: deleteMs,
      meets_goal: Math.max(...json, ...csv) < GOAL_MS,
    };
  });
}

const passwordHash = await hashPassword(PASSWORD);
const results = [];
for (const d of benchDialects) results.push(await benchDialect(d, passwordHash));

const ms = (v: number) => v.toFixed(0);
console.table(
  Object.fromEntries(
    results.map((r) => [
      r.dialect,
      {
        'history rows': r.history_rows,
        'JSON p50 (ms)': ms(r.json.p50_ms),
        'JSON p95 (ms)': ms(r.json.p95_ms),
        'JSON max (ms)': ms(r.json.max_ms),
        'JSON size (KB)': (r.json.bytes / 1024).toFixed(0),
        'CSV p50 (ms)': ms(r.csv.p50_ms),
        'CSV max (ms)': ms(r.csv.max_ms),
        'CSV size (KB)': (r.csv.bytes / 1024).toFixed(0),
        'delete (ms)': ms(r.delete_ms_including_password_check),
        [`under ${GOAL_MS} ms`]: r.meets_goal ? 'yes' : 'NO',
      },
    ]),
  ),
);
const out = { goal_ms: GOAL_MS, runs: RUNS, machine: { cpus: cpus().length, load_1m: loadavg()[0] }, results };
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/export.json', `${JSON.stringify(out, null, 2)}\n`);
console.log('wrote bench-results/export.json');
if (!results.every((r) => r.meets_goal)) process.exitCode = 1;
