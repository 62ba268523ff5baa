// GET /api/recommendations/current against a bare Express 5 app serving the same body
// (scripts/bench/minimal-express.ts): the product's req/s as a share of what Express alone does on
// this machine (issue 18's goal: at least half). The two are loaded in alternating rounds by the
// same load generator, a node:http keep-alive client in a child process of its own, so neither
// shares a CPU with the code that measures it. `currentThroughput` is what `npm run bench:api`
// calls; `npx tsx scripts/bench/api-throughput.ts` starts the bundled server on a temporary SQLite
// folder with an onboarded user who has a pick, and prints a table (BENCH_SECONDS, CONNECTIONS, ROUNDS).
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpuMsOf } from './server-process.js';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';

const ROOT = resolve(import.meta.dirname, '../..');
const PATH = '/api/recommendations/current';

export interface ThroughputOptions {
  /** The product's origin, e.g. http://127.0.0.1:3000. */
  url: string;
  /** An access token of an onboarded user (ideally with a current pick). */
  token: string;
  /** Seconds of load per round and target (default 5). */
  seconds?: number;
  /** Concurrent keep-alive connections (default 16). */
  connections?: number;
  /** Rounds per target, alternating product and Express (default 3). */
  rounds?: number;
  /** Also load the product with `Accept-Encoding: br, gzip` (default true). */
  compressed?: boolean;
  /** The product server's pid, for its CPU time per request (Linux /proc); optional. */
  pid?: number;
}

export interface ThroughputFigure {
  body_bytes: number;
  connections: number;
  seconds_per_round: number;
  rounds: number;
  /** Median over rounds. */
  product_rps: number;
  express_rps: number;
  ratio: number;
  product_p50_ms: number;
  product_p99_ms: number;
  express_p50_ms: number;
  express_p99_ms: number;
  /** The product with Accept-Encoding: br, gzip, when asked for. */
  product_compressed_rps: number | null;
  product_compressed_p99_ms: number | null;
  product_compressed_body_bytes: number | null;
  /** Server CPU (user + system) per request on the uncompressed product rounds, when pid is given. */
  product_cpu_ms_per_request: number | null;
  express_cpu_ms_per_request: number;
  /**
   * express CPU per request / product CPU per request: the req/s ratio the two would reach on a
   * machine of their own, a figure other load on a shared machine does not move much.
   */
  cpu_ratio: number | null;
  product_errors: number;
}

interface LoadResult {
  /** Answered in the warm-up before the measured seconds (counted for CPU per request). */
  warm: number;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One round of load from a child process (this file with --load). */
function loadRound(target: string, headers: Record<string, string>, seconds: number, connections: number): Promise<LoadResult> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--load', JSON.stringify({ target, headers, seconds, connections })], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? ok(JSON.parse(out) as LoadResult) : fail(new Error(`load generator exited with ${code}`))));
  });
}

/** The load generator itself: `connections` loops of keep-alive GETs for `seconds`. */
async function runLoad(opts: { target: string; headers: Record<string, string>; seconds: number; connections: number }): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: opts.connections });
  const url = new URL(opts.target);
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const once = () =>
    new Promise<void>((done) => {
      const t = performance.now();
      const req = request({ host: url.hostname, port: url.port, path: url.pathname, agent, headers: opts.headers }, (res) => {
        let n = 0;
        res.on('data', (d: Buffer) => (n += d.length));
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - t);
          else errors++;
          bytes = n;
          done();
        });
      });
      req.on('error', () => {
        errors++;
        done();
      });
      req.end();
    });
  // A short warm-up so both targets are measured with open sockets and a warm JIT.
  const warmUntil = Date.now() + 500;
  await Promise.all(Array.from({ length: opts.connections }, async () => {
    while (Date.now() < warmUntil) await once();
  }));
  const warm = latencies.length + errors;
  latencies.length = 0;
  errors = 0;
  const start = performance.now();
  const end = Date.now() + opts.seconds * 1000;
  await Promise.all(Array.from({ length: opts.connections }, async () => {
    while (Date.now() < end) await once();
  }));
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
  return { warm, requests: sorted.length, errors, rps: sorted.length / elapsed, p50: at(0.5), p99: at(0.99), bytes };
}

function startMinimalExpress(bodyFile: string): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/bench/minimal-express.ts'), bodyFile], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    child.once('exit', (code) => fail(new Error(`minimal Express exited with ${code}`)));
    child.stdout.once('data', (d: Buffer) =>
      ok({
        url: `http://127.0.0.1:${String(d).trim()}`,
        pid: child.pid!,
        stop: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      }),
    );
  });
}

export async function currentThroughput(options: ThroughputOptions): Promise<ThroughputFigure> {
  const seconds = options.seconds ?? 5;
  const connections = options.connections ?? 16;
  const rounds = options.rounds ?? 3;
  const auth = { authorization: `Bearer ${options.token}` };
  const res = await fetch(`${options.url}${PATH}`, { headers: { ...auth, 'accept-encoding': 'identity' } });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${PATH}: ${res.status} ${text}`);
  const dir = mkdtempSync(join(tmpdir(), 'tp-bench-current-'));
  const bodyFile = join(dir, 'body.json');
  writeFileSync(bodyFile, text);
  const express = await startMinimalExpress(bodyFile);
  const product: LoadResult[] = [];
  const bare: LoadResult[] = [];
  const compressed: LoadResult[] = [];
  let cpuMs = 0;
  let expressCpuMs = 0;
  try {
    for (let r = 0; r < rounds; r++) {
      const cpu0 = options.pid ? cpuMsOf(options.pid) : 0;
      const p = await loadRound(`${options.url}${PATH}`, auth, seconds, connections);
      if (options.pid) cpuMs += cpuMsOf(options.pid) - cpu0;
      product.push(p);
      const e0 = cpuMsOf(express.pid);
      bare.push(await loadRound(`${express.url}${PATH}`, auth, seconds, connections));
      expressCpuMs += cpuMsOf(express.pid) - e0;
      if (options.compressed !== false) compressed.push(await loadRound(`${options.url}${PATH}`, { ...auth, 'accept-encoding': 'br, gzip' }, seconds, connections));
    }
  } finally {
    await express.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const productRps = median(product.map((x) => x.rps));
  const expressRps = median(bare.map((x) => x.rps));
  // The CPU counter includes the warm-up of each round: divide by every request it served.
  const served = (xs: LoadResult[]) => xs.reduce((n, x) => n + x.warm + x.requests + x.errors, 0);
  const productCpu = options.pid ? cpuMs / served(product) : null;
  const expressCpu = expressCpuMs / served(bare);
  return {
    body_bytes: Buffer.byteLength(text),
    connections,
    seconds_per_round: seconds,
    rounds,
    product_rps: Math.round(productRps),
    express_rps: Math.round(expressRps),
    ratio: Number((productRps / expressRps).toFixed(3)),
    product_p50_ms: Number(median(product.map((x) => x.p50)).toFixed(2)),
    product_p99_ms: Number(median(product.map((x) => x.p99)).toFixed(2)),
    express_p50_ms: Number(median(bare.map((x) => x.p50)).toFixed(2)),
    express_p99_ms: Number(median(bare.map((x) => x.p99)).toFixed(2)),
    product_compressed_rps: compressed.length ? Math.round(median(compressed.map((x) => x.rps))) : null,
    product_compressed_p99_ms: compressed.length ? Number(median(compressed.map((x) => x.p99)).toFixed(2)) : null,
    product_compressed_body_bytes: compressed.length ? compressed[0].bytes : null,
    product_cpu_ms_per_request: productCpu === null ? null : Number(productCpu.toFixed(3)),
    express_cpu_ms_per_request: Number(expressCpu.toFixed(3)),
    cpu_ratio: productCpu === null ? null : Number((expressCpu / productCpu).toFixed(3)),
    product_errors: product.reduce((n, x) => n + x.errors, 0),
  };
}

/** The CLI: the bundled server on a temporary SQLite folder, one onboarded free-plan user with a pick. */
async function main() {
  const { startBundledServer } = await import('./server-process.js');
  const { onboardedUser, api } = await import('./api-users.js');
  const { openDatabase } = await import('../../server/src/db/connection.js');
  const dataDir = mkdtempSync(join(tmpdir(), 'tp-bench-throughput-'));
  const secret = randomBytes(48).toString('base64url');
  const server = await startBundledServer({ DATA_DIR: dataDir, DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}`, JWT_SECRET: secret, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' });
  try {
    const handle = await openDatabase({ dialect: 'sqlite', path: join(dataDir, 'app.db') });
    const { token } = await onboardedUser(handle, server.url, secret, 'free_trial').finally(() => handle.close());
    await api(server.url, token, '/api/recommendations/new', { method: 'POST', body: {} });
    const figure = await currentThroughput({
      url: server.url,
      token,
      seconds: Number(process.env.BENCH_SECONDS ?? 5),
      connections: Number(process.env.CONNECTIONS ?? 16),
      rounds: Number(process.env.ROUNDS ?? 3),
      pid: server.pid,
    });
    console.table(figure);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--load') {
  process.stdout.write(JSON.stringify(await runLoad(JSON.parse(process.argv[3]))));
} else if (process.argv[1] === import.meta.filename) {
  await main();
}
