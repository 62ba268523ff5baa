// POST /api/recommendations/new for `npm run bench:api`: rounds of fresh users of chosen history
// lengths, side by side, with p50/p99 and the server's CPU per issue.
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

/**
 * POST /new for users of the given history lengths, side by side: per round a fresh user of each
 * length, warmed up, then their issues interleaved in blocks of BLOCK so that machine noise falls
 * on all of them alike. Server CPU is read around each block.
 */
export async function measurePicks(server: BundledServer, handle: DatabaseHandle, secret: string, histories: number[], probe: StallProbe): Promise<{ picks: PickFigure[]; first: number; token: string }> {
  const titles = await catalogIds(handle);
  const figures = histories.map((history) => ({ history, rounds: [] as PickFigure['rounds'], all: [] as number[], cpu: 0, slow: new SlowPicks(server.pid) }));
  let first = NaN;
  let lastToken = '';
  for (let round = 0; round < ROUNDS; round++) {
    const users = [];
    for (const [k, history] of histories.entries()) {
      const token = await benchUser(handle, server.url, secret, titles, history, round * 3 + k);
      users.push({ token, times: [] as number[], cpu: 0 });
      lastToken = token;
    }
    const issue = (token: string, i: number) => issuePick(server.url, token, i);
    for (const u of users) {
      const t = performance.now();
      await issue(u.token, 0);
      // The first issue after start builds the engine index for this catalog snapshot.
      if (Number.isNaN(first)) first = performance.now() - t;
      for (let i = 1; i <= WARMUP; i++) await issue(u.token, i);
    }
    for (let done = 0; done < MEASURED; done += BLOCK) {
      for (const [k, u] of users.entries()) {
        const cpu0 = cpuMsOf(server.pid);
        for (let i = done; i < Math.min(MEASURED, done + BLOCK); i++) u.times.push(await figures[k].slow.time(round, () => issue(u.token, i)));
        u.cpu += cpuMsOf(server.pid) - cpu0;
      }
    }
    users.forEach((u, k) => {
      figures[k].rounds.push({ p50: pct(u.times, 50), p99: pct(u.times, 99), max: Math.max(...u.times), server_cpu_ms_per_issue: u.cpu / u.times.length });
      figures[k].all.push(...u.times);
      figures[k].cpu += u.cpu;
    });
  }
  const picks: PickFigure[] = [];
  for (const f of figures) picks.push({ history: f.history, rounds: f.rounds, p50: pct(f.all, 50), p99: pct(f.all, 99), server_cpu_ms_per_issue: f.cpu / f.all.length, slow: await f.slow.report(probe) });
  return { first, token: lastToken, picks };
}
