// Query strings and request bodies are parsed by these schemas before any service loop sees them:
// for any text each must answer quickly with a value inside its documented bounds or an error,
// never throw, so the loops behind them only ever see bounded input.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PostersQuery } from './catalog.js';
import { FilteredMoviesQuery } from './onboarding.js';
import { HistoryQuery, ScheduleRequest } from './recommendations.js';

const anyText = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 1_200 }), fc.integer().map(String), fc.double().map(String));

describe('request schemas, for any text', () => {
  it('history pages stay within 1-100000 and page sizes within 1-100', () => {
    fc.assert(
      fc.property(fc.option(anyText, { nil: undefined }), fc.option(anyText, { nil: undefined }), (page, pageSize) => {
        const r = HistoryQuery.safeParse({ page, page_size: pageSize });
        if (!r.success) return;
        expect(Number.isInteger(r.data.page) && r.data.page >= 1 && r.data.page <= 100_000).toBe(true);
        expect(Number.isInteger(r.data.page_size) && r.data.page_size >= 1 && r.data.page_size <= 100).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });

  it('the favourites filter has at most 500 trimmed, non-empty genres and languages and a search of at most 100 characters', () => {
    fc.assert(
      fc.property(fc.option(anyText, { nil: undefined }), fc.option(anyText, { nil: undefined }), fc.option(anyText, { nil: undefined }), (genres, languages, q) => {
        const r = FilteredMoviesQuery.safeParse({ genres, languages, q });
        if (!r.success) return;
        for (const list of [r.data.genres, r.data.languages]) {
          expect(list.length).toBeLessThanOrEqual(500);
          for (const x of list) expect(x.length > 0 && x === x.trim()).toBe(true);
        }
        expect((r.data.q ?? '').length).toBeLessThanOrEqual(100);
      }),
      { numRuns: 1_000 },
    );
  });

  it('the carousel limit stays within 1-60', () => {
    fc.assert(
      fc.property(fc.option(anyText, { nil: undefined }), (limit) => {
        const r = PostersQuery.safeParse({ limit });
        if (r.success) expect(Number.isInteger(r.data.limit) && r.data.limit >= 1 && r.data.limit <= 60).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });

  it('a schedule has a real date that an event can end on, an HH:MM time and a known zone', () => {
    expect(ScheduleRequest.safeParse({ recommendation_id: 'r', date: '9999-12-31', time: '20:00' }).error?.issues[0].message).toBe('Pick an earlier date');
    const dateLike = fc.oneof(anyText, fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
    const timeLike = fc.oneof(anyText, fc.stringMatching(/^\d{2}:\d{2}$/));
    fc.assert(
      fc.property(dateLike, timeLike, fc.option(fc.oneof(anyText, fc.constantFrom(...Intl.supportedValuesOf('timeZone'))), { nil: undefined }), (date, time, timezone) => {
        const r = ScheduleRequest.safeParse({ recommendation_id: 'r', date, time, timezone });
        if (!r.success) return;
        expect(new Date(`${r.data.date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(r.data.date);
        expect(r.data.time).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
        expect(r.data.date <= '9999-12-30').toBe(true);
        expect(() => new Intl.DateTimeFormat('en-US', { timeZone: r.data.timezone })).not.toThrow();
      }),
      { numRuns: 1_000 },
    );
  });
});
