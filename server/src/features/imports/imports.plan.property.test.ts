// Confirming loops over what the user's file said: for any entries (repeated titles, titles already
// in history or on the watchlist, titles gone from the catalog) the plan writes each title at most
// once, never one already in history, never a watched title to the watchlist, counts exactly what
// it writes, and gives the imported rows distinct seqs below every existing one.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ImportedEntry } from './parsers/types.js';
import { TitleMatcher } from '../../catalog/sources/matcher.js';
import { matchEntry } from './imports.matching.js';
import { importSeqs, planImport, type ResolvedEntry } from './imports.plan.js';

const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
const entry: fc.Arbitrary<ResolvedEntry> = fc.record({
  position: fc.nat({ max: 1000 }),
  titleId: fc.constantFrom(...ids),
  liked: fc.option(fc.boolean(), { nil: null }),
  watched: fc.boolean(),
  watchlist: fc.boolean(),
  happenedAt: fc.option(fc.constantFrom('2020-01-01', '2021-06-30', '2024-12-31'), { nil: null }),
});

describe('planImport', () => {
  it('writes each title at most once, never over history, and counts what it writes', () => {
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 60 }),
        fc.subarray(ids),
        fc.subarray(ids),
        fc.subarray(ids),
        (entries, history, saved, gone) => {
          const plan = planImport(entries, (id) => !gone.includes(id), new Set(history), new Set(saved));
          const written = [...plan.history, ...plan.watchlist].map((e) => e.titleId);
          expect(new Set(written).size).toBe(written.length);
          for (const id of written) {
            expect(history).not.toContain(id);
            expect(gone).not.toContain(id);
            expect(entries.some((e) => e.titleId === id)).toBe(true);
          }
          for (const e of plan.watchlist) {
            expect(saved).not.toContain(e.titleId);
            // Watched anywhere in the file: history, not the watchlist.
            expect(entries.some((x) => x.titleId === e.titleId && x.watched)).toBe(false);
          }
          expect(plan.history.every((e) => e.watched || e.liked !== null)).toBe(true);
          expect(plan.counts.likes).toBe(plan.history.filter((e) => e.liked === true).length);
          expect(plan.counts.dislikes).toBe(plan.history.filter((e) => e.liked === false).length);
          expect(plan.counts.watched).toBe(plan.history.filter((e) => e.watched).length);
          expect(plan.counts.watchlist).toBe(plan.watchlist.length);
          const present = new Set(entries.map((e) => e.titleId).filter((id) => !gone.includes(id)));
          expect(plan.counts.already_in_history).toBe([...present].filter((id) => history.includes(id)).length);
          // Oldest first: dates never go backwards (unknown dates first).
          const dates = plan.history.map((e) => e.happenedAt ?? '');
          expect([...dates].sort()).toEqual(dates);
        },
      ),
    );
  });

  it('gives n distinct seqs, ascending, below zero and below every existing seq', () => {
    fc.assert(
      fc.property(fc.nat({ max: 2000 }), fc.option(fc.integer({ min: -1_000_000, max: 1_000_000 }), { nil: null }), (n, minSeq) => {
        const seqs = importSeqs(n, minSeq);
        expect(seqs).toHaveLength(n);
        expect(seqs.every((s, i) => i === 0 || s === seqs[i - 1] + 1)).toBe(true);
        expect(seqs.every((s) => s < 0 && (minSeq === null || s < minSeq))).toBe(true);
      }),
    );
  });
});

describe('matchEntry', () => {
  const matcher = new TitleMatcher([
    { id: 'm1', kind: 'movie', title: 'Superman', originalTitle: null, year: 1978, tmdbId: 1, imdbId: 'tt0078346' },
    { id: 'm2', kind: 'movie', title: 'Superman', originalTitle: null, year: 2025, tmdbId: 2, imdbId: null },
    { id: 's1', kind: 'series', title: 'Dark', originalTitle: null, year: 2017, tmdbId: 3, imdbId: null },
    { id: 'm3', kind: 'movie', title: 'Dark', originalTitle: null, year: 2017, tmdbId: 4, imdbId: null },
    { id: 's2', kind: 'series', title: 'Lost', originalTitle: null, year: 2004, tmdbId: 5, imdbId: null },
  ]);
  const base: ImportedEntry = { name: '', year: null, kind: 'movie', imdbId: null, tmdbId: null, sourceRating: null, liked: null, watched: true, watchlist: false, happenedAt: null, line: 1 };

  it('matches by year, by IMDb id, and tries both kinds when the file does not say', () => {
    expect(matchEntry(matcher, { ...base, name: 'Superman', year: 1978 })).toEqual({ kind: 'matched', id: 'm1' });
    expect(matchEntry(matcher, { ...base, name: 'Superman' })).toEqual({ kind: 'ambiguous', ids: ['m1', 'm2'] });
    expect(matchEntry(matcher, { ...base, name: 'Anything', imdbId: 'tt0078346' })).toEqual({ kind: 'matched', id: 'm1' });
    expect(matchEntry(matcher, { ...base, name: 'Lost', kind: null })).toEqual({ kind: 'matched', id: 's2' });
    expect(matchEntry(matcher, { ...base, name: 'Dark', kind: null })).toEqual({ kind: 'ambiguous', ids: ['m3', 's1'] });
    expect(matchEntry(matcher, { ...base, name: 'Nothing like it', kind: null })).toEqual({ kind: 'none' });
  });

  it('answers for any name and year, and an ambiguous answer lists only catalog titles', () => {
    fc.assert(
      fc.property(
        fc.record({
          name: fc.oneof(fc.constantFrom('Superman', 'Dark', 'Lost', 'SUPERMAN!', 'dark'), fc.string({ maxLength: 20 })),
          year: fc.option(fc.integer({ min: 1800, max: 2100 }), { nil: null }),
          kind: fc.constantFrom('movie' as const, 'series' as const, null),
        }),
        (e) => {
          const m = matchEntry(matcher, { ...base, ...e });
          if (m.kind === 'matched') expect(matcher.has(m.id)).toBe(true);
          if (m.kind === 'ambiguous') {
            expect(m.ids.length).toBeGreaterThan(1);
            expect(m.ids.every((id) => matcher.has(id))).toBe(true);
          }
        },
      ),
    );
  });
});
