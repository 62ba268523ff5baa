// What `npm run bench:growth` measures on the one server process of a size: the longest /healthz
// wait over two scheduler passes, picks and exports for a sample of users, and the backup.
import { spawn } from 'node:child_process';
import { Agent, get } from 'node:http';
import { createInterface } from 'node:readline';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { api } from './api-users.js';
import { issuePick } from './api-picks.js';
import { pct } from './server-process.js';
import { wallMs, type StallProbe } from './stall-probe.js';
import { TICK_MS } from '../../server/src/jobs/scheduler.js';

const ROOT = resolve(import.meta.dirname, '../..');

export interface Spread {
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  count: number;
}

export const spread = (xs: number[]): Spread => ({ p50_ms: pct(xs, 50), p99_ms: pct(xs, 99), max_ms: Math.max(...xs), count: xs.length });

/** The server's log lines (pino JSON on its stdout): the first with one of the messages `msgs`, waited for. */
export function logLines(stdout: Readable): {
  waitFor(msgs: string[], timeoutMs: number): Promise<Record<string, unknown> | null>;
  /** Every line so far with the message `msg`. */
  all(msg: string): Array<Record<string, unknown>>;
} {
  const seen: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  createInterface({ input: stdout }).on('line', (line) => {
    try {
      seen.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      return; // not a log line
    }
    for (const w of waiters.splice(0)) w();
  });
  return {
    all: (msg) => seen.filter((l) => l.msg === msg),
    async waitFor(msgs, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = seen.find((l) => msgs.includes(String(l.msg)));
        if (hit) return hit;
        if (Date.now() > deadline) return null;
        await new Promise<void>((ok) => {
          waiters.push(ok);
          setTimeout(ok, 1000);
        });
      }
    },
  };
}

/** Passes of the delivery scheduler this server completed, from its /metrics (METRICS=on). */
async function schedulerPasses(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/^scheduler_runs_total\{job="deliveries"\} (\d+)/m.exec(text)?.[1] ?? 0);
}

export interface TickStall {
  /**
   * The slowest /healthz answer that overlapped the scheduler's second pass (the one a minute after
   * start, when nothing else is starting up): how long a request waited for the event loop.
   */
  tick_longest_ms: number;
  /** The slowest answer over the whole window (the pass at start included). */
  window_longest_ms: number;
  /** The longest stretch without a core for the probe process inside the tick's slowest answer (the machine, not the server). */
  machine_stall_in_it_ms: number;
  /** The second pass, from its tick to when /metrics counted it (polled each second, so up to 1 s late). */
  tick_from_ms: number;
  tick_to_ms: number;
  /** The five slowest answers of the window: ms after the scheduler started, and how long. */
  slowest: Array<{ at_ms: number; ms: number }>;
  healthz_requests: number;
  window_ms: number;
}

/** One /healthz on a kept-alive connection: ms to the end of its answer. */
function healthzMs(url: string, agent: Agent): Promise<number> {
  return new Promise((ok, fail) => {
    const t = performance.now();
    get(`${url}/healthz`, { agent }, (res) => {
      res.resume();
      res.on('end', () => ok(performance.now() - t));
    }).on('error', fail);
  });
}

/**
 * /healthz every 5 ms, one at a time, from now until the scheduler has completed its second pass
 * (the one at start, then the next a minute after `startedAt`, the wall time its log gives) and a
 * second more.
 */
export async function tickStall(url: string, probe: StallProbe, startedAt: number): Promise<TickStall> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const t0 = performance.now();
  const answers: Array<{ from: number; ms: number }> = [];
  let checkedAt = 0;
  let secondDone = Infinity;
  // Bounded: the scheduler ticks every 60 s; three minutes means it is not running.
  while (wallMs() < secondDone + 1000 && performance.now() - t0 < 180_000) {
    const from = wallMs();
    answers.push({ from, ms: await healthzMs(url, agent) });
    if (secondDone === Infinity && performance.now() - checkedAt > 1000) {
      checkedAt = performance.now();
      if ((await schedulerPasses(url)) >= 2) secondDone = wallMs();
    }
    await new Promise((ok) => setTimeout(ok, 5));
  }
  agent.destroy();
  if (secondDone === Infinity) throw new Error('the scheduler did not complete two passes in 3 minutes; is SCHEDULER on?');
  const tickFrom = startedAt + TICK_MS;
  const inTick = answers.filter((a) => a.from + a.ms >= tickFrom && a.from <= secondDone);
  const longest = inTick.reduce((m, a) => (a.ms > m.ms ? a : m), { from: tickFrom, ms: 0 });
  // The probe reports a stall once it is over.
  await new Promise((ok) => setTimeout(ok, 100));
  return {
    tick_longest_ms: longest.ms,
    window_longest_ms: Math.max(...answers.map((a) => a.ms)),
    machine_stall_in_it_ms: probe.stalledWithin('cpu', longest.from, longest.from + longest.ms),
    tick_from_ms: TICK_MS,
    tick_to_ms: secondDone - startedAt,
    slowest: [...answers].sort((a, b) => b.ms - a.ms).slice(0, 5).map((a) => ({ at_ms: a.from - startedAt, ms: a.ms })),
    healthz_requests: answers.length,
    window_ms: performance.now() - t0,
  };
}

/**
 * Each sample user asks for tonight's pick (GET /current) and then `another` more (POST /new, as
 * api-picks issues them). `clean`: the picks during which the stall probe always had a core; on a
 * machine shared with other work the rest waited for the machine, not for the server.
 */
export async function samplePicks(url: string, tokens: string[], another: number, probe: StallProbe): Promise<{ tonight: Spread; picks: Spread; clean: Spread }> {
  const tonight: number[] = [];
  const all: Array<{ from: number; ms: number }> = [];
  const timed = async (request: () => Promise<unknown>) => {
    const from = wallMs();
    const t = performance.now();
    await request();
    all.push({ from, ms: performance.now() - t });
    return all[all.length - 1].ms;
  };
  for (const token of tokens) {
    tonight.push(await timed(() => api(url, token, '/api/recommendations/current')));
    for (let i = 1; i <= another; i++) await timed(() => issuePick(url, token, i));
  }
  // The probe reports a stall once it is over.
  await new Promise((ok) => setTimeout(ok, 100));
  const clean = all.filter((p) => probe.stalledWithin('cpu', p.from, p.from + p.ms) === 0).map((p) => p.ms);
  return { tonight: spread(tonight), picks: spread(all.map((p) => p.ms)), clean: spread(clean) };
}

/** GET /api/account/export (JSON) for each sample user. */
export async function sampleExports(url: string, tokens: string[]): Promise<Spread & { bytes_p50: number }> {
  const times: number[] = [];
  const sizes: number[] = [];
  for (const token of tokens) {
    const t = performance.now();
    const res = await fetch(`${url}/api/account/export`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`export answered ${res.status}`);
    times.push(performance.now() - t);
    sizes.push(body.byteLength);
  }
  return { ...spread(times), bytes_p50: pct(sizes, 50) };
}

function run(cmd: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((ok, fail) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    child.on('error', fail);
    child.on('exit', (code) => ok({ code, out }));
  });
}

export interface BackupFigure {
  /** SQLite: `npm run admin -- backup` (its bundle); PostgreSQL: pg_dump -Fc of the schema, as the README says. */
  how: string;
  /** Spawn to exit, while the server runs. */
  wall_ms: number;
  output: string;
}

/** The operator's backup of the running server's database into `dir`. */
export async function timeBackup(env: Record<string, string>, dir: string): Promise<BackupFigure> {
  const t = performance.now();
  const postgres = !env.DATABASE_URL.startsWith('sqlite:');
  const r = postgres
    ? await run('pg_dump', ['-Fc', ...(env.DATABASE_SCHEMA ? ['-n', env.DATABASE_SCHEMA] : []), '-f', join(dir, 'backup.dump'), env.DATABASE_URL], {})
    : await run(process.execPath, ['--enable-source-maps', 'server/dist/admin.mjs', 'backup', join(dir, 'backup.db')], env);
  const wall = performance.now() - t;
  if (r.code !== 0) throw new Error(`backup exited with ${r.code}: ${r.out}`);
  return { how: postgres ? 'pg_dump -Fc' : 'admin backup', wall_ms: wall, output: r.out.trim() };
}
