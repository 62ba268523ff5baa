// When the server runs its own full garbage collections (idle-gc.ts): only after a quiet moment
// with no request in flight, only when the heap grew enough since the last one, and never without
// node's --expose-gc.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { collectWhenIdle } from './idle-gc.js';

const MB = 1024 * 1024;

function harness() {
  const server = new EventEmitter();
  const state = { now: 0, heap: 0, collected: 0, told: 0 };
  const idle = collectWhenIdle(server as never, {
    idleMs: 500,
    minGrowthBytes: 32 * MB,
    checkMs: 60_000,
    now: () => state.now,
    heapUsed: () => state.heap,
    gc: () => {
      state.collected++;
      // What a full collection leaves: the live part.
      state.heap = 20 * MB;
    },
    onCollect: () => state.told++,
  })!;
  /** A request that starts now; call the result to finish it. */
  const request = () => {
    const res = new EventEmitter();
    server.emit('request', {}, res);
    return () => res.emit('close');
  };
  return { server, state, idle, request };
}

describe('collectWhenIdle', () => {
  it('collects once the server has been quiet for idleMs with the heap grown, and tells the metrics', () => {
    const { state, idle, request } = harness();
    state.heap = 100 * MB;
    const done = request();
    state.now = 10_000;
    expect(idle.check()).toBe(false); // a request in flight, however long
    done();
    state.now = 10_400;
    expect(idle.check()).toBe(false); // quiet for 400 ms only
    state.now = 10_500;
    expect(idle.check()).toBe(true);
    expect(state).toMatchObject({ collected: 1, told: 1, heap: 20 * MB });
    expect(idle.collections).toBe(1);
  });

  it('does not collect again until the heap has grown by minGrowthBytes since the last collection', () => {
    const { state, idle, request } = harness();
    state.heap = 60 * MB;
    state.now = 1_000;
    expect(idle.check()).toBe(true);
    request()();
    state.heap = 20 * MB + 31 * MB;
    state.now = 5_000;
    expect(idle.check()).toBe(false);
    state.heap = 20 * MB + 32 * MB;
    expect(idle.check()).toBe(true);
    expect(state.collected).toBe(2);
  });

  it('a request that starts or ends restarts the quiet time', () => {
    const { state, idle, request } = harness();
    state.heap = 200 * MB;
    state.now = 1_000;
    const a = request();
    state.now = 1_300;
    const b = request();
    a();
    state.now = 1_900;
    expect(idle.check()).toBe(false); // b still running
    b();
    state.now = 2_399;
    expect(idle.check()).toBe(false);
    state.now = 2_400;
    expect(idle.check()).toBe(true);
  });

  it('does nothing without a collector (node run without --expose-gc), and stops listening when stopped', () => {
    // The test runner's node has no --expose-gc.
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
    const server = new EventEmitter();
    expect(collectWhenIdle(server as never)).toBeNull();
    expect(server.listenerCount('request')).toBe(0);
    const { server: s, idle } = harness();
    expect(s.listenerCount('request')).toBe(1);
    idle.stop();
    expect(s.listenerCount('request')).toBe(0);
  });
});
