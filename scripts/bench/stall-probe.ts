// What bench:api's slow picks were waiting for. A pick that takes ten times the median may have been
// the server working (its CPU time says so), or the server and the load generator both waiting for
// a machine that ran something else: this kind of machine is shared, and two cores are all it has.
// The probe is a process of its own that does nothing but wake every PERIOD_MS; a wake-up late by
// more than LATE_MS means no core was free for it (another tenant, the kernel, the hypervisor).
// Each slow pick is then reported with the server's CPU time during it (more than the pick's own
// length: the collector's helper threads at work), the pages it read back from disk, the load
// generator's own CPU, and the longest such gap that overlapped it. A slow pick with none of them
// waited on something off the CPU: a disk write, or the database's own process.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

const PERIOD_MS = 5;
const LATE_MS = 20;
export const PROBE_GAP_MS = PERIOD_MS + LATE_MS;
/** A pick slower than this is looked at (the goals are 20 and 30 ms at p99). */
export const SLOW_PICK_MS = 30;

/** Wall-clock time in ms with sub-ms precision, comparable across processes on this machine. */
export const wallMs = () => performance.timeOrigin + performance.now();

const CHILD = `
let last = performance.timeOrigin + performance.now();
setInterval(() => {
  const now = performance.timeOrigin + performance.now();
  if (now - last > ${PROBE_GAP_MS}) process.stdout.write(JSON.stringify([last, now]) + '\\n');
  last = now;
}, ${PERIOD_MS});
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
}

export interface StallProbe {
  /** How long the probe had no core within [from, to] (wall ms), the longest gap. */
  stalledWithin(from: number, to: number): number;
  /** Gaps seen so far, for the run's record. */
  gaps(): number;
  stop(): void;
}

export function startStallProbe(): StallProbe {
  const child: ChildProcess = spawn(process.execPath, ['-e', CHILD], { stdio: ['ignore', 'pipe', 'inherit'] });
  const gaps: Array<[number, number]> = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const gap = JSON.parse(line) as [number, number];
    gaps.push(gap);
  });
  return {
    stalledWithin(from, to) {
      let longest = 0;
      for (const [a, b] of gaps) longest = Math.max(longest, Math.min(b, to) - Math.max(a, from));
      return Math.max(0, longest);
    },
    gaps: () => gaps.length,
    stop: () => void child.kill(),
  };
}
