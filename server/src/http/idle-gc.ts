// A full garbage collection while the server has nothing to do. V8 starts a full collection only
// when the old generation reaches a limit set from the last one, so under load garbage piles up
// (60-140 MB at 100,000 titles) and is then marked and compacted in steps between requests: on a
// busy two-core machine the requests of that moment took 40-110 ms instead of 12-15 ms. Node gives
// V8 no idle time of its own, so the server says when it is idle: no request in flight and none
// for IDLE_MS, and the heap has grown by MIN_GROWTH since the last collection here. Then the pause
// falls where nobody waits for it, and the heap goes back to what is live (the process's memory
// less so: V8 keeps most of the pages it freed). Needs `--expose-gc` (npm start passes it); without it (npm run dev) nothing is done.
// IDLE_MS and MIN_GROWTH are the defaults below (half a second, 16 MB): a full collection costs
// 10-100 ms of CPU (the built-in catalog to 100,000 titles), so it is not made for a few requests.
import type { Server } from 'node:http';
import { getHeapStatistics } from 'node:v8';

export interface IdleGcOptions {
  /** No request in flight, and none started or finished, for this long (ms). */
  idleMs?: number;
  /** Heap growth since the last collection here that makes one worth it (bytes). */
  minGrowthBytes?: number;
  /** How often to look (ms). */
  checkMs?: number;
  /** The collector (globalThis.gc under --expose-gc). */
  gc?: () => void;
  /** Bytes of heap in use now (tests give their own). */
  heapUsed?: () => number;
  now?: () => number;
  /** Told after each collection (the metrics' nodejs_idle_gc_total). */
  onCollect?: () => void;
}

export interface IdleGc {
  /** Collections made so far. */
  readonly collections: number;
  /** Looks once (the timer calls it every checkMs); true when it collected. */
  check(): boolean;
  stop(): void;
}

const DEFAULTS = { idleMs: 500, minGrowthBytes: 16 * 1024 * 1024, checkMs: 250 };

export function collectWhenIdle(server: Pick<Server, 'on' | 'off'>, opts: IdleGcOptions = {}): IdleGc | null {
  const gc = opts.gc ?? (globalThis as { gc?: () => void }).gc;
  if (typeof gc !== 'function') return null;
  const { idleMs, minGrowthBytes, checkMs } = { ...DEFAULTS, ...opts };
  const heapUsed = opts.heapUsed ?? (() => getHeapStatistics().used_heap_size);
  const now = opts.now ?? (() => performance.now());
  let inFlight = 0;
  let lastActivity = now();
  // The first quiet moment after start collects what loading the catalog left behind.
  let usedAfterLast = 0;
  let collections = 0;
  const onRequest = (_req: unknown, res: { once(event: 'close', f: () => void): unknown }) => {
    inFlight++;
    lastActivity = now();
    res.once('close', () => {
      inFlight--;
      lastActivity = now();
    });
  };
  server.on('request', onRequest);
  const check = () => {
    if (inFlight > 0 || now() - lastActivity < idleMs || heapUsed() - usedAfterLast < minGrowthBytes) return false;
    gc();
    collections++;
    opts.onCollect?.();
    usedAfterLast = heapUsed();
    return true;
  };
  const timer = setInterval(check, checkMs);
  timer.unref();
  return {
    get collections() {
      return collections;
    },
    check,
    stop() {
      clearInterval(timer);
      server.off('request', onRequest);
    },
  };
}
