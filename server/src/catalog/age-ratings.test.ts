// Age ratings become the youngest age they allow, and only where the string means one age
// wherever TMDB uses it; anything else is unknown (null), which a limit lets through.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minimumAge } from './age-ratings.js';

describe('minimumAge', () => {
  it.each([
    // United States, films and television
    ['G', 0], ['PG', 8], ['PG-13', 13], ['R', 17], ['NC-17', 18],
    ['TV-Y', 0], ['TV-Y7', 7], ['TV-Y7-FV', 7], ['TV-G', 0], ['TV-PG', 8], ['TV-14', 14], ['TV-MA', 17],
    // United Kingdom (BBFC)
    ['U', 0], ['12A', 12], ['12', 12], ['15', 15], ['18', 18], ['R18', 18],
    // India (CBFC), before and since 2024
    ['UA', 12], ['U/A', 12], ['A', 18], ['UA 7+', 7], ['UA 13+', 13], ['UA16+', 16], ['U/A 13+', 13],
    // Germany (FSK), as TMDB gives it and as people write it
    ['0', 0], ['6', 6], ['16', 16], ['FSK 16', 16], ['FSK18', 18],
    // Australia, France, Brazil, the Netherlands
    ['MA15+', 15], ['R18+', 18], ['-12', 12], ['TP', 0], ['L', 0], ['all', 0], ['13+', 13], ['AL', 0], ['14', 14],
    // Case and spaces do not matter
    [' pg-13 ', 13], ['tv-ma', 17],
  ])('%s -> %s', (rating, age) => {
    expect(minimumAge(rating)).toBe(age);
  });

  it.each([[null], [undefined], [''], ['  '], ['NR'], ['Unrated'], ['S'], ['M'], ['E'], ['99'], ['PG-130'], ['Not Rated'], ['12-16']])(
    'an unknown or unmappable rating (%s) is null',
    (rating) => {
      expect(minimumAge(rating)).toBeNull();
    },
  );

  it('never throws and gives null or an age from 0 to 21 for any string', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        const age = minimumAge(s);
        expect(age === null || (Number.isInteger(age) && age >= 0 && age <= 21)).toBe(true);
      }),
    );
  });
});
