// "Never show me" and tonight's constraints are parsed by these schemas before the engine's
// exclusion pass loops over them: for any lists each must answer with at most 30 entries of 1-60
// trimmed characters, no repeat ignoring case, genres in the catalog's spelling, or an error with a
// message; never throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GENRES } from '../constants.js';
import { EXCLUSION_LIMITS } from '../tonight.js';
import { NewRecommendationRequest } from './recommendations.js';
import { Exclusions } from './tonight.js';

const word = fc.oneof(fc.string({ maxLength: 70 }), fc.constantFrom(...GENRES, ...GENRES.map((g) => g.toUpperCase()), ' gore ', 'Gore', 'superhero'));
const list = fc.oneof(fc.array(word, { maxLength: 40 }), fc.anything());

describe('exclusions, for any lists', () => {
  it('keep at most 30 trimmed entries of 1-60 characters, unique ignoring case, or refuse with a message', () => {
    fc.assert(
      fc.property(list, list, list, (genres, keywords, people) => {
        const r = Exclusions.safeParse({ genres, keywords, people });
        if (!r.success) {
          expect(r.error.issues.every((i) => i.message.length > 0)).toBe(true);
          return;
        }
        for (const l of [r.data.genres, r.data.keywords, r.data.people]) {
          expect(l.length).toBeLessThanOrEqual(EXCLUSION_LIMITS.entries);
          expect(new Set(l.map((v) => v.toLowerCase())).size).toBe(l.length);
          for (const v of l) expect(v === v.trim() && v.length >= 1 && v.length <= EXCLUSION_LIMITS.length).toBe(true);
        }
        for (const g of r.data.genres) expect(GENRES).toContain(g);
      }),
      { numRuns: 2_000 },
    );
  });

  it('a pick request takes a time of 30-600 whole minutes and an exploration of 0-1, or refuses', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (max_minutes, exploration, finish_tonight) => {
        const r = NewRecommendationRequest.safeParse({ max_minutes, exploration, finish_tonight });
        if (!r.success) return;
        const m = r.data.max_minutes;
        if (m !== undefined && m !== null) expect(Number.isInteger(m) && m >= 30 && m <= 600).toBe(true);
        const e = r.data.exploration;
        if (e !== undefined && e !== null) expect(e >= 0 && e <= 1).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});
