// The server as `npm start` runs it (server/dist/main.mjs, built when stale), in its own process
// on a free port, for the benchmarks; and what they read of a process from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort } from '../../server/test/support/server-process.js';
// @ts-expect-error plain JavaScript module of the root scripts
import { buildServerIfStale, SERVER_NODE_ARGS, serverEnv } from '../lib.mjs';

const ROOT = resolve(import.meta.dirname, '../..');

export interface BundledServer {
  child: ChildProcess;
  pid: number;
  url: string;
  /** ms from spawn to the first 200 of /healthz. */
  startMs: number;
  stop(): Promise<void>;
}

/** 200 from /healthz on a fresh connection, or false (refused, not up, not healthy yet). */
function healthy(url: string): Promise<boolean> {
  return new Promise((ok) => {
    const req = get(`${url}/healthz`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => ok(res.statusCode === 200));
    });
    req.on('error', () => ok(false));
  });
}

/**
 * The bundled server on a free port, once /healthz answers 200. `nodeArgs`: e.g. ['--trace-gc'];
 * CPU_PROF_DIR=<dir> adds a V8 CPU profile of the run, for finding what is slow. `stdout`: 'pipe'
 * to read what the server prints (its log, V8's traces). `checkout`: another checkout whose
 * server/dist/main.mjs is built (BENCH_BASELINE), run as it is from its own folder.
 */
export async function startBundledServer(env: Record<string, string>, opts: { nodeArgs?: string[]; stdout?: 'ignore' | 'pipe'; checkout?: string } = {}): Promise<BundledServer> {
  const cwd = opts.checkout ? resolve(opts.checkout) : ROOT;
  if (opts.checkout && !existsSync(join(cwd, 'server/dist/main.mjs'))) throw new Error(`no server bundle at ${join(cwd, 'server/dist/main.mjs')}: build it there first (npm run build:server)`);
  if (!opts.checkout && (await buildServerIfStale()) !== 0) throw new Error('server build failed');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const prof = process.env.CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF_DIR}`] : [];
  const t0 = performance.now();
  const child = spawn(process.execPath, [...prof, ...(opts.nodeArgs ?? []), ...SERVER_NODE_ARGS, 'server/dist/main.mjs'], {
    cwd,
    env: { ...serverEnv(), SCHEDULER: 'off', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', opts.stdout ?? 'ignore', 'inherit'],
  });
  // A 100,000-title catalog on a busy machine can take a while to load.
  const deadline = Date.now() + 180_000;
  // Polled every 5 ms, so the start-up figure is at most that much late.
  while (!(await healthy(url))) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 5));
  }
  const startMs = performance.now() - t0;
  return {
    child,
    pid: child.pid!,
    url,
    startMs,
    stop: () =>
      new Promise<void>((ok) => {
        if (child.exitCode !== null) return ok();
        child.once('exit', () => ok());
        child.kill('SIGTERM');
      }),
  };
}

/** User + system CPU time of a process, in ms (Linux clock ticks of 10 ms). */
export function cpuMsOf(pid: number): number {
  return procOf(pid).cpuMs;
}

/** A process's user + system CPU (ms, all threads, 10 ms ticks) and its major page faults (reads from disk), from /proc/PID/stat. */
export function procOf(pid: number): { cpuMs: number; majorFaults: number } {
  // Fields after "pid (comm) ": state is the first, majflt the 10th, utime and stime the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return { cpuMs: (Number(fields[11]) + Number(fields[12])) * 10, majorFaults: Number(fields[9]) };
}

/** Resident memory now and at its peak (VmRSS, VmHWM), in MB. */
export function memoryOf(pid: number): { rssMb: number; peakRssMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024 };
}

/** The p-th percentile (nearest rank below) of a sample. */
export const pct = (xs: readonly number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
