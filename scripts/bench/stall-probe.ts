// What bench:api's slow picks were waiting for. A pick that takes ten times the median may have been
// the server working (its CPU time says so), the server and the load generator both waiting for a
// machine that ran something else (this kind of machine is shared, and two cores are all it has),
// or a commit waiting for the disk. The probe is a process of its own that watches the two
// resources the picks share with everything else:
// - cores: it wakes every PERIOD_MS, and a wake-up late by more than LATE_MS means no core was free
//   for it (another tenant, the kernel, the hypervisor);
// - the disk: every DISK_EVERY_MS it writes 4 KB to a file in the temporary folder (where the
//   benchmarks' SQLite databases live; the same file system as PostgreSQL's here) and waits for it
//   to reach the disk, as a commit does (fdatasync, on libuv's threads, so the timer is not held).
// Each slow pick is then reported with the server's CPU time during it (more than the pick's own
// length: the collector's helper threads at work), the pages it read back from disk, the load
// generator's own CPU, and the longest stall of each kind that overlapped it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { procOf } from './server-process.js';

const PERIOD_MS = 5;
const LATE_MS = 20;
export const PROBE_GAP_MS = PERIOD_MS + LATE_MS;
const DISK_EVERY_MS = 50;
/** A write that took longer than this to reach the disk counts as a disk stall. */
export const DISK_STALL_MS = 20;
/** A pick slower than this is looked at (the goals are 20 and 30 ms at p99). */
export const SLOW_PICK_MS = 30;

/** Wall-clock time in ms with sub-ms precision, comparable across processes on this machine. */
export const wallMs = () => performance.timeOrigin + performance.now();

const CHILD = `
const { open } = require('node:fs/promises');
const now = () => performance.timeOrigin + performance.now();
let last = now();
setInterval(() => {
  const t = now();
  if (t - last > ${PROBE_GAP_MS}) process.stdout.write(JSON.stringify(['cpu', last, t]) + '\\n');
  last = t;
}, ${PERIOD_MS});
(async () => {
  const file = await open(process.argv[1], 'w');
  const block = Buffer.alloc(4096, 7);
  for (let i = 0; ; i++) {
    await file.write(block, 0, block.length, (i % 64) * 4096);
    const from = now();
    await file.datasync();
    const to = now();
    if (to - from > ${DISK_STALL_MS}) process.stdout.write(JSON.stringify(['disk', from, to]) + '\\n');
    await new Promise((ok) => setTimeout(ok, ${DISK_EVERY_MS}));
  }
})();
`;

export interface SlowPick {
  round: number;
  ms: number;
  /** The server's user + system CPU during the pick, all its threads, from /proc (10 ms ticks). */
  server_cpu_ms: number;
  /** Pages the server had to read back from disk during the pick. */
  server_major_faults: number;
  /** The load generator's own CPU during the pick (its collector, say). */
  bench_cpu_ms: number;
  /** The longest stretch of the pick during which the probe process got no core at all. */
  machine_stall_ms: number;
  /** The longest stretch of the pick during which the probe's write waited for the disk (and had a core). */
  disk_stall_ms: number;
}

type Kind = 'cpu' | 'disk';

export interface StallProbe {
  /** The longest stall of a kind within [from, to] (wall ms). */
  stalledWithin(kind: Kind, from: number, to: number): number;
  /** Stalls of each kind seen so far, for the run's record. */
  counts(): Record<Kind, number>;
  stop(): void;
}

export function startStallProbe(): StallProbe {
  const dir = mkdtempSync(join(tmpdir(), 'tp-bench-probe-'));
  const child: ChildProcess = spawn(process.execPath, ['-e', CHILD, join(dir, 'probe')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const stalls: Record<Kind, Array<[number, number]>> = { cpu: [], disk: [] };
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const [kind, from, to] = JSON.parse(line) as [Kind, number, number];
    stalls[kind].push([from, to]);
  });
  return {
    stalledWithin(kind, from, to) {
      let longest = 0;
      for (const [a, b] of stalls[kind]) {
        // A write whose wait overlapped a stretch without a core may have waited for the core.
        if (kind === 'disk' && stalls.cpu.some(([c, d]) => c < b && d > a)) continue;
        longest = Math.max(longest, Math.min(b, to) - Math.max(a, from));
      }
      return Math.max(0, longest);
    },
    counts: () => ({ cpu: stalls.cpu.length, disk: stalls.disk.length }),
    stop: () => {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Times the requests of a benchmark's rounds against the server process `pid`; each slower than
 * SLOW_PICK_MS is kept with what the server and the load generator did during it, and `report`
 * adds what the probe saw.
 */
export class SlowPicks {
  private readonly kept: Array<SlowPick & { from: number; to: number }> = [];

  constructor(private readonly pid: number) {}

  /** The request's wall time in ms. */
  async time(round: number, request: () => Promise<unknown>): Promise<number> {
    const server0 = procOf(this.pid);
    const bench0 = process.cpuUsage();
    const from = wallMs();
    const t = performance.now();
    await request();
    const ms = performance.now() - t;
    if (ms > SLOW_PICK_MS) {
      const server1 = procOf(this.pid);
      const bench = process.cpuUsage(bench0);
      this.kept.push({ round, ms, server_cpu_ms: server1.cpuMs - server0.cpuMs, server_major_faults: server1.majorFaults - server0.majorFaults, bench_cpu_ms: (bench.user + bench.system) / 1000, machine_stall_ms: 0, disk_stall_ms: 0, from, to: from + ms });
    }
    return ms;
  }

  /** The slow ones with the probe's stalls; the probe reports a stall once it is over, so this waits a little first. */
  async report(probe: StallProbe): Promise<SlowPick[]> {
    await new Promise((ok) => setTimeout(ok, 100));
    return this.kept.map(({ from, to, ...p }) => ({ ...p, machine_stall_ms: probe.stalledWithin('cpu', from, to), disk_stall_ms: probe.stalledWithin('disk', from, to) }));
  }
}
