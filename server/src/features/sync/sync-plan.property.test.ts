import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeFor, likedOf, mergeByTitle } from './sync-plan.js';
import type { SyncEvent } from './sync-event.js';

const at = fc.integer({ min: 0, max: 1_000_000 }).map((n) => new Date(Date.UTC(2025, 0, 1) + n * 60_000));
const event: fc.Arbitrary<{ titleId: string; event: SyncEvent }> = fc.record({
  titleId: fc.constantFrom('a', 'b', 'c'),
  event: fc.record({
    key: fc.string(),
    title: fc.constant({ kind: null, name: 'x', year: null }),
    at,
    watched: fc.option(fc.boolean(), { nil: undefined }),
    favourite: fc.option(fc.boolean(), { nil: undefined }),
    rating: fc.option(fc.option(fc.record({ value: fc.integer({ min: 0, max: 10 }), max: fc.constant(10) }), { nil: null }), { nil: undefined }),
    watchlist: fc.option(fc.boolean(), { nil: undefined }),
  }),
});
const row = fc.option(
  fc.record({
    id: fc.constant('r'),
    status: fc.constantFrom('active', 'watched', 'skipped'),
    user_rating: fc.constantFrom(null, 0, 1),
    rated_at: fc.option(at.map((d) => d.toISOString()), { nil: null }),
  }),
  { nil: undefined },
);

describe('a batch of synced events', () => {
  it('is one change per title, never a second row for a title the history holds', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), row, (events, existing) => {
        const facts = mergeByTitle(events);
        expect(facts.length).toBe(new Set(events.map((e) => e.titleId)).size);
        for (const f of facts) {
          const change = changeFor(f, existing);
          if (existing) expect(change.kind).not.toBe('add');
          // A rating given here later than the source's is never replaced.
          if (existing?.rated_at && f.rating && new Date(existing.rated_at) >= f.rating.at && change.kind !== 'none' && change.kind !== 'add') {
            expect(change.liked).toBeUndefined();
          }
        }
      }),
    );
  });

  it('reads ratings by their scale', () => {
    expect(likedOf({ value: 7, max: 10 })).toBe(true);
    expect(likedOf({ value: 4, max: 10 })).toBe(false);
    expect(likedOf({ value: 3, max: 5 })).toBeNull();
    expect(likedOf({ value: 5, max: 0 })).toBeNull();
    expect(likedOf(null)).toBeNull();
  });
});
