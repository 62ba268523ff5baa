// POST /api/recommendations/new for `npm run bench:api`: rounds of fresh users of chosen history
// lengths, side by side, with p50/p99 and the server's CPU per issue; with BENCH_BASELINE, on the
// baseline checkout's bundle too, in the same rounds.
import type { DatabaseHandle } from '../../server/src/db/connection.js';
import { api, benchUser, catalogIds } from './api-users.js';
import { cpuMsOf, pct, type BundledServer } from './server-process.js';
import { SlowPicks, type SlowPick, type StallProbe } from './stall-probe.js';

export const WARMUP = Number(process.env.WARMUP ?? 30);
export const MEASURED = Number(process.env.REQUESTS ?? 300);
export const ROUNDS = 3;
const MOODS = [undefined, 'light', 'thrilling', 'dark', 'thoughtful', 'feel-good', 'romantic', 'scary', 'family'];

/** The benchmarks' i-th pick: each mood in turn (and none), the previous pick closed as watched one time in five. */
export function issuePick(url: string, token: string, i: number) {
  return api(url, token, '/api/recommendations/new', { method: 'POST', body: { previous: i % 5 === 0 ? 'watched' : 'skip', mood: MOODS[i % MOODS.length] } });
}
/** Issues in a row for one user before the other user's turn (CPU is read per block). */
const BLOCK = 10;

export interface PickFigure {
  history: number;
  /** One entry per round (a fresh user each). */
  rounds: Array<{ p50: number; p99: number; max: number; server_cpu_ms_per_issue: number }>;
  /** Every round's issues together. */
  p50: number;
  p99: number;
  server_cpu_ms_per_issue: number;
  /** Each issue over SLOW_PICK_MS, with what it may have waited for (stall-probe.ts). */
  slow: SlowPick[];
}

/** One server's pick figures in a phase: its first issue (the engine index built) and each history length. */
export interface PickRun {
  first: number;
  picks: PickFigure[];
}

/**
 * POST /new for users of the given history lengths, side by side: per round a fresh user of each
 * length on each server, warmed up, then all their issues interleaved in blocks of BLOCK so that
 * machine noise falls on every server and length alike. Several servers (this checkout's bundle
 * and BENCH_BASELINE's, on one database) are measured in the same rounds, which server goes first
 * alternating from round to round. Server CPU is read around each block.
 */
export async function measurePicks(servers: BundledServer[], handle: DatabaseHandle, secret: string, histories: number[], probe: StallProbe): Promise<{ runs: PickRun[]; token: string }> {
  const titles = await catalogIds(handle);
  const lanes = servers.flatMap((server, s) => histories.map((history) => ({ server, s, history, rounds: [] as PickFigure['rounds'], all: [] as number[], cpu: 0, slow: new SlowPicks(server.pid) })));
  const first = servers.map(() => NaN);
  let lastToken = '';
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? lanes : [...lanes].reverse();
    const users = new Map<(typeof lanes)[number], { token: string; times: number[]; cpu: number }>();
    for (const [k, lane] of lanes.entries()) {
      const token = await benchUser(handle, lane.server.url, secret, titles, lane.history, round * Math.max(3, lanes.length) + k);
      users.set(lane, { token, times: [], cpu: 0 });
      if (lane.s === 0) lastToken = token;
    }
    const issue = (lane: (typeof lanes)[number], i: number) => issuePick(lane.server.url, users.get(lane)!.token, i);
    for (const lane of order) {
      const t = performance.now();
      await issue(lane, 0);
      // The first issue after start builds the engine index for this catalog snapshot.
      if (Number.isNaN(first[lane.s])) first[lane.s] = performance.now() - t;
      for (let i = 1; i <= WARMUP; i++) await issue(lane, i);
    }
    for (let done = 0; done < MEASURED; done += BLOCK) {
      for (const lane of order) {
        const u = users.get(lane)!;
        const cpu0 = cpuMsOf(lane.server.pid);
        for (let i = done; i < Math.min(MEASURED, done + BLOCK); i++) u.times.push(await lane.slow.time(round, () => issue(lane, i)));
        u.cpu += cpuMsOf(lane.server.pid) - cpu0;
      }
    }
    for (const [lane, u] of users) {
      lane.rounds.push({ p50: pct(u.times, 50), p99: pct(u.times, 99), max: Math.max(...u.times), server_cpu_ms_per_issue: u.cpu / u.times.length });
      lane.all.push(...u.times);
      lane.cpu += u.cpu;
    }
  }
  const runs: PickRun[] = servers.map((_, s) => ({ first: first[s], picks: [] }));
  for (const l of lanes) runs[l.s].picks.push({ history: l.history, rounds: l.rounds, p50: pct(l.all, 50), p99: pct(l.all, 99), server_cpu_ms_per_issue: l.cpu / l.all.length, slow: await l.slow.report(probe) });
  return { runs, token: lastToken };
}
