// The parse queue under any mix of uploads and finished parses: one user's backlog never makes
// another user's upload wait behind it (while an upload waits, each other user is served at most
// twice more than the uploads ahead of it of its own user: rounds), no user ever has two parses
// running, a user's files are read in the order sent, nothing waits beyond its bounds, and
// everything queued is read in the end.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FairQueue } from './fair-queue.js';

const users = ['a', 'b', 'c', 'd'];
type Op = { push: string } | { step: number };
// Bursts of uploads (more pushes than finished parses), so backlogs form.
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ push: fc.constantFrom(...users) }), weight: 3 },
  { arbitrary: fc.record({ step: fc.nat({ max: 3 }) }), weight: 2 },
);

interface Waiting {
  id: number;
  user: string;
  /** Jobs taken per user since this one was queued, while its own user had nothing running. */
  servedSince: Map<string, number>;
  /** Jobs of its own user ahead of it when it was queued (running included). */
  ahead: number;
}

function simulate(ops: readonly Op[], slots: number, perUser: number, total: number) {
  const q = new FairQueue<number>(perUser, total);
  const waiting = new Map<number, Waiting>();
  const running: Array<{ user: string; id: number }> = [];
  const takenOrder = new Map<string, number[]>();
  const pushedOrder = new Map<string, number[]>();
  let nextId = 0;
  const take = () => {
    const next = q.take();
    if (!next) return false;
    expect(running.some((r) => r.user === next.user), `${next.user} has two parses running`).toBe(false);
    const w = waiting.get(next.job)!;
    expect(w.user).toBe(next.user);
    // Fairness: one round per upload ahead of it, and the round it joined.
    for (const [u, n] of w.servedSince) if (u !== w.user) expect(n, `${u} served ${n} times while ${w.user}'s job waited`).toBeLessThanOrEqual(w.ahead + 2);
    waiting.delete(next.job);
    for (const other of waiting.values()) {
      if (!running.some((r) => r.user === other.user)) other.servedSince.set(next.user, (other.servedSince.get(next.user) ?? 0) + 1);
    }
    running.push({ user: next.user, id: next.job });
    takenOrder.set(next.user, [...(takenOrder.get(next.user) ?? []), next.job]);
    return true;
  };
  for (const o of ops) {
    if ('push' in o) {
      const id = nextId++;
      const mine = [...waiting.values()].filter((w) => w.user === o.push).length;
      const result = q.push(o.push, id);
      if (mine >= perUser) expect(result).toBe('user_full');
      else if (waiting.size >= total) expect(result).toBe('full');
      else expect(result).toBe('queued');
      if (result === 'queued') {
        const ahead = mine + running.filter((r) => r.user === o.push).length;
        waiting.set(id, { id, user: o.push, servedSince: new Map(), ahead });
        pushedOrder.set(o.push, [...(pushedOrder.get(o.push) ?? []), id]);
      }
    } else if (running.length > 0 && (running.length >= slots || o.step % 2 === 1)) {
      const [done] = running.splice(o.step % running.length, 1);
      q.done(done.user);
    }
    while (running.length < slots && take());
    expect(q.waiting).toBe(waiting.size);
    expect(q.waiting).toBeLessThanOrEqual(total);
  }
  // Drain: everything queued is read.
  for (let guard = 0; guard < ops.length + 10 && (running.length || waiting.size); guard++) {
    for (const r of running.splice(0)) q.done(r.user);
    while (running.length < slots && take());
  }
  expect(waiting.size).toBe(0);
  for (const [u, ids] of pushedOrder) expect(takenOrder.get(u)).toEqual(ids);
}

describe('FairQueue', () => {
  it('with one parser: fair by user, one parse per user, in order, bounded, and drained', () => {
    fc.assert(fc.property(fc.array(op, { maxLength: 120 }), (ops) => simulate(ops, 1, 4, 12)), { numRuns: 300 });
  });

  it('with several parsers: the same, and never two parses of one user at once', () => {
    fc.assert(fc.property(fc.array(op, { maxLength: 120 }), fc.integer({ min: 2, max: 3 }), (ops, slots) => simulate(ops, slots, 4, 12)), { numRuns: 300 });
  });

  it("a user's single upload is served before another user's backlog", () => {
    const q = new FairQueue<string>(2, 8);
    q.push('a', 'a1');
    expect(q.take()).toEqual({ user: 'a', job: 'a1' });
    expect(q.push('a', 'a2')).toBe('queued');
    expect(q.push('a', 'a3')).toBe('queued');
    expect(q.push('a', 'a4')).toBe('user_full');
    expect(q.push('b', 'b1')).toBe('queued');
    q.done('a');
    expect([q.take()?.job, (q.done('b'), q.take()?.job)]).toEqual(['b1', 'a2']);
  });
});
