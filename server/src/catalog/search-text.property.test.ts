import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { searchText } from './search-text.js';

describe('searchText', () => {
  it('folds punctuation, accents and letter case so both spellings meet', () => {
    const same = (a: string, b: string) => expect(searchText(a), `${a} / ${b}`).toBe(searchText(b));
    same('WALL·E', 'wall-e');
    same('WALL-E', 'walle');
    same('Amélie', 'AMELIE');
    same('Spider-Man', 'spiderman');
    same("Schindler's List", 'schindlers list');
    same('Schindler’s List', "Schindler's List");
    same('Léon: The Professional', 'leon the professional');
    same('Mission: Impossible – Fallout', 'mission impossible fallout');
    same('Tár', 'TAR');
    same('Fast & Furious', 'fast and furious');
    same('Straße', 'strasse');
    // Marks that change a letter in other scripts are kept: が is not か.
    expect(searchText('が')).not.toBe(searchText('か'));
  });

  it('is idempotent and ignores case and accents, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (s) => {
        const f = searchText(s);
        expect(searchText(f)).toBe(f);
        expect(searchText(s.toUpperCase())).toBe(searchText(s.toLowerCase()));
        expect(searchText(s.normalize('NFD'))).toBe(f);
        expect(searchText(s.normalize('NFC'))).toBe(f);
      }),
      { numRuns: 2000 },
    );
  });

  it('folds plain ASCII (its fast path) exactly as the full Unicode folding does', () => {
    // An accented letter at the end sends the same text down the Unicode path.
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 60 }), (s) => {
        expect(searchText(`${s}é`)).toBe(`${searchText(s)}e`);
      }),
      { numRuns: 2000 },
    );
  });
});
