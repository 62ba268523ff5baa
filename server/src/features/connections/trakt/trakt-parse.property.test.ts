// What a Trakt pull reads that is not ours to trust: the stored cursor (any text: a fresh start
// or a cursor, never a throw, and a cursor survives its own round trip) and Trakt's list items
// (any JSON: only well-formed events, never a throw).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseCursor, serializeCursor, TRAKT_LISTS, type TraktCursor, type WatchRef } from './trakt-cursor.js';
import { historyEvents, ratingEvents, watchlistEvents, watchlistRemovals } from './trakt-events.js';

const time = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
const ref: fc.Arbitrary<WatchRef> = fc.tuple(fc.integer({ min: 1, max: 2 ** 40 }), fc.option(fc.integer({ min: 1, max: 10 ** 9 })), fc.option(fc.stringMatching(/^tt\d{7,9}$/)), fc.option(fc.integer({ min: 1, max: 10 ** 9 })));
const refs = fc.option(fc.array(ref, { maxLength: 20 }));
const cursor: fc.Arbitrary<TraktCursor> = fc.record(
  {
    seen: fc.dictionary(fc.constantFrom(...TRAKT_LISTS), time),
    reading: fc.record({ list: fc.constantFrom(...TRAKT_LISTS), page: fc.integer({ min: 1, max: 10_000 }), activity: time, refs: refs }, { requiredKeys: ['list', 'page', 'activity'] }),
    watchlist: fc.record({ movies_listed: refs, shows_listed: refs }, { requiredKeys: [] }),
  },
  { requiredKeys: ['seen', 'watchlist'] },
);

/** JSON shaped roughly like Trakt's items, with any value in any field. */
const media = fc.record({ title: fc.oneof(fc.string(), fc.jsonValue()), year: fc.oneof(fc.integer(), fc.jsonValue()), ids: fc.oneof(fc.record({ trakt: fc.oneof(fc.integer(), fc.jsonValue()), tmdb: fc.jsonValue(), imdb: fc.oneof(fc.string(), fc.jsonValue()), tvdb: fc.jsonValue() }), fc.jsonValue()) }, { requiredKeys: [] });
const item = fc.oneof(
  fc.jsonValue(),
  fc.record({ id: fc.oneof(fc.integer(), fc.jsonValue()), watched_at: fc.oneof(time, fc.string()), listed_at: fc.oneof(time, fc.string()), rated_at: fc.oneof(time, fc.string()), rating: fc.oneof(fc.integer({ min: -5, max: 15 }), fc.jsonValue()), movie: media, show: media }, { requiredKeys: [] }),
);

describe('Trakt pull parsing (property)', () => {
  it('any stored text gives a cursor (or a fresh start), never a throw; a cursor is read back as written', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), cursor.map(serializeCursor), cursor.map((c) => serializeCursor(c).slice(0, -3))), (text) => {
        const c = parseCursor(text);
        expect(parseCursor(serializeCursor(c))).toEqual(c);
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(cursor, (c) => {
        expect(parseCursor(serializeCursor(c))).toEqual(JSON.parse(JSON.stringify(c)));
      }),
      { numRuns: 500 },
    );
  });

  it("Trakt's items, whatever they hold, give only well-formed events", () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 30 }), fc.constantFrom('movie' as const, 'series' as const), fc.option(time), (items, kind, since) => {
        const listed = watchlistEvents(items as never[], kind, since);
        const all = [...historyEvents(items as never[], kind), ...ratingEvents(items as never[], kind, since), ...listed.events, ...watchlistRemovals(listed.refs, [], kind, since ?? '2026-01-01T00:00:00.000Z')];
        for (const e of all) {
          expect(e.key).toMatch(/^trakt:(history|rating|listed|unlisted):/);
          expect(Number.isNaN(e.at.getTime())).toBe(false);
          expect(e.title.kind).toBe(kind);
          expect(typeof e.title.name).toBe('string');
          if (e.rating) expect(e.rating.value >= 1 && e.rating.value <= 10 && e.rating.max === 10).toBe(true);
          if (e.title.imdbId != null) expect(e.title.imdbId).toMatch(/^tt\d+$/);
          for (const id of [e.title.tmdbId, e.title.tvdbId]) if (id != null) expect(Number.isSafeInteger(id) && id > 0).toBe(true);
        }
        // History is one event per title.
        const titles = historyEvents(items as never[], kind).map((e) => `${e.title.tmdbId}:${e.title.name}:${e.key}`);
        expect(new Set(titles).size).toBe(titles.length);
      }),
      { numRuns: 500 },
    );
  });
});
