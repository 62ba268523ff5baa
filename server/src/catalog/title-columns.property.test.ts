import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TitleColumns } from './title-columns.js';

const name = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('Bong Joon-ho', 'Amélie', '東京', 'heist', 'time travel', ''));
const rating = fc.option(fc.double({ min: 0, max: 10, noNaN: true }), { nil: null });
const title = fc.record({ keywords: fc.array(name, { maxLength: 9 }), cast: fc.array(name, { maxLength: 6 }), imdb: rating, tmdb: rating, quality: fc.double({ noNaN: true }), popularity: fc.double({ noNaN: true }) });

describe('title columns', () => {
  it('give back every title its own lists and numbers, in order, before and after sealing, past every growth', () => {
    fc.assert(
      fc.property(fc.array(title, { maxLength: 3000 }), (titles) => {
        const cols = new TitleColumns();
        const slots = titles.map((t) => cols.add(t.keywords, t.cast, t.imdb, t.tmdb));
        expect(slots).toEqual(titles.map((_, i) => i));
        const check = () =>
          titles.forEach((t, i) => {
            expect(cols.keywords(i)).toEqual(t.keywords);
            expect(cols.cast(i)).toEqual(t.cast);
            expect(cols.imdb(i)).toBe(t.imdb);
            expect(cols.tmdbRating(i)).toBe(t.tmdb);
          });
        check();
        titles.forEach((t, i) => cols.setRanking(i, t.quality, t.popularity));
        cols.seal();
        check();
        titles.forEach((t, i) => {
          expect(cols.quality(i)).toBe(t.quality);
          expect(cols.popularity(i)).toBe(t.popularity);
        });
      }),
      { numRuns: 40 },
    );
  });

  it('hands out a new list on each read, so a caller that changes one changes no title', () => {
    const cols = new TitleColumns();
    cols.add(['heist', 'rain'], ['Song Kang-ho'], 8.1, null);
    const first = cols.keywords(0);
    first.push('changed');
    first[0] = 'also changed';
    expect(cols.keywords(0)).toEqual(['heist', 'rain']);
    expect(cols.keywords(0)).not.toBe(cols.keywords(0));
  });

  it('takes no title once sealed', () => {
    const cols = new TitleColumns();
    cols.add(['a'], [], null, null);
    cols.seal();
    expect(() => cols.add(['b'], [], null, null)).toThrow(/sealed/);
  });
});
