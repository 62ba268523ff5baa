// History imports at the 10 MB limit, on the real server on a real port (SQLite file; PostgreSQL
// too when BENCH_DATABASE_URL is set): a Letterboxd diary.csv and a NetflixViewingHistory.csv of
// about 10 MB each, written from the catalog's own titles plus names no catalog has. Times the
// upload and preview (POST /api/imports), the confirm and the undo, and, while the upload is read,
// how long /healthz takes to answer (the file is parsed on a worker thread, so the server keeps
// answering). Prints a table and writes bench-results/history-import.json.
//   npm run bench:history-import
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { randomBytes } from 'node:crypto';
import { IMPORT_MAX_BYTES } from '@app/shared';
import { benchDialects, withBenchServer, type BenchDialect } from './bench-server.js';
import { issueAccessToken } from '../../server/src/features/auth/tokens.js';
import { insertUser } from '../../server/src/features/users/users.repository.js';
import { createSession } from '../../server/src/features/sessions/sessions.repository.js';
import { seededRandom } from '../../server/src/engine/random.js';

const field = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
const day = (i: number) => new Date(Date.UTC(2015, 0, 1) + (i % 3650) * 86_400_000).toISOString().slice(0, 10);

/** Rows until the file is just under `limit` bytes. */
function fill(header: string, row: (i: number) => string, limit = IMPORT_MAX_BYTES - 1024): { text: string; rows: number } {
  const lines = [header];
  let size = Buffer.byteLength(header) + 1;
  let i = 0;
  for (;;) {
    const line = row(i);
    const bytes = Buffer.byteLength(line);
    if (size + bytes + 1 > limit) break;
    lines.push(line);
    size += bytes + 1;
    i++;
  }
  return { text: `${lines.join('\n')}\n`, rows: i };
}

function letterboxdDiary(movies: Array<{ title: string; year: number }>): { text: string; rows: number } {
  const rand = seededRandom(7);
  // Every catalog movie, then names no catalog has (40,000 distinct titles in all, under the 50,000 cap).
  return fill('Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date', (i) => {
    const k = i % 40_000;
    const m = k < movies.length ? movies[k] : { title: `Uncatalogued Film ${k}`, year: 1950 + (k % 70) };
    const rating = Math.ceil(rand() * 10) / 2;
    return [day(i), field(m.title), m.year, `https://boxd.it/b${i.toString(36)}`, rating, i >= 40_000 ? 'Yes' : '', '', day(i)].join(',');
  });
}

function netflixHistory(series: string[], movies: string[]): { text: string; rows: number } {
  return fill('Title,Date', (i) => {
    const name = i % 5 === 0 ? movies[i % movies.length] : `${series[i % series.length]}: Season ${(i % 6) + 1}: Episode ${i % 24}`;
    const d = day(i);
    return `${field(name)},"${Number(d.slice(5, 7))}/${Number(d.slice(8, 10))}/${d.slice(2, 4)}"`;
  });
}

/** Polls /healthz until `done` settles; the slowest answer is what another user would have waited. */
async function healthDuring(url: string, done: Promise<unknown>): Promise<{ probes: number; max_ms: number }> {
  let finished = false;
  void done.finally(() => (finished = true));
  let probes = 0;
  let max = 0;
  while (!finished) {
    const t = performance.now();
    await fetch(`${url}/healthz`).then((r) => r.arrayBuffer());
    max = Math.max(max, performance.now() - t);
    probes++;
  }
  return { probes, max_ms: max };
}

async function call(url: string, token: string, method: string, body?: unknown) {
  const t = performance.now();
  const res = await fetch(url, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return { ms: performance.now() - t, json };
}

async function benchDialect(dialect: BenchDialect) {
  return withBenchServer(dialect, 'history', async (server) => {
    const results = [];
    const { ctx } = server;
    const titles = await ctx.db.selectFrom('titles').select(['title', 'year', 'kind']).where('retired_at', 'is', null).execute();
    const movies = titles.filter((t) => t.kind === 'movie').map((t) => ({ title: t.title, year: Number(t.year) }));
    const series = titles.filter((t) => t.kind === 'series').map((t) => t.title);
    const files = [
      { name: 'diary.csv', ...letterboxdDiary(movies) },
      { name: 'NetflixViewingHistory.csv', ...netflixHistory(series, movies.map((m) => m.title)) },
    ];
    for (const f of files) {
      const user = await insertUser(ctx.db, { email: `bench.${randomBytes(4).toString('hex')}@example.test`, passwordHash: null, fullName: 'Bench Importer', emailVerified: true, googleSub: null, now: new Date() });
      const session = await createSession(ctx.db, user.id, null, new Date());
      const token = await issueAccessToken(ctx.secrets.jwt, user.id, session.id, new Date());
      const upload = call(`${server.url}/api/imports`, token, 'POST', { filename: f.name, content: f.text });
      const health = await healthDuring(server.url, upload);
      const preview = await upload;
      const id = String(preview.json.import_id);
      const confirm = await call(`${server.url}/api/imports/${id}/confirm`, token, 'POST', {});
      const undo = await call(`${server.url}/api/imports/${id}`, token, 'DELETE');
      results.push({
        dialect,
        file: f.name,
        bytes: Buffer.byteLength(f.text),
        rows: f.rows,
        matched: Number(preview.json.matched_count),
        ambiguous: Number(preview.json.ambiguous_count),
        unmatched: Number(preview.json.unmatched_count),
        preview_ms: preview.ms,
        healthz_probes_during_preview: health.probes,
        healthz_max_ms_during_preview: health.max_ms,
        confirm_ms: confirm.ms,
        written: confirm.json.counts,
        undo_ms: undo.ms,
      });
    }
    return results;
  });
}

const results = [];
for (const d of benchDialects) results.push(...(await benchDialect(d)));
const ms = (v: number) => v.toFixed(0);
console.table(
  results.map((r) => ({
    db: r.dialect,
    file: r.file,
    'size (MB)': (r.bytes / 1024 / 1024).toFixed(1),
    rows: r.rows,
    'matched / ambiguous / not found': `${r.matched} / ${r.ambiguous} / ${r.unmatched}`,
    'preview (ms)': ms(r.preview_ms),
    '/healthz max while reading (ms)': ms(r.healthz_max_ms_during_preview),
    '/healthz answers': r.healthz_probes_during_preview,
    'confirm (ms)': ms(r.confirm_ms),
    'undo (ms)': ms(r.undo_ms),
  })),
);
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/history-import.json', `${JSON.stringify({ machine: { cpus: cpus().length, load_1m: loadavg()[0] }, results }, null, 2)}\n`);
console.log('wrote bench-results/history-import.json');
