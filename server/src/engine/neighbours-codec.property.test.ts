import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildNeighbours, type NeighbourTable } from './neighbours.js';
import { CorruptNeighbours, decodeNeighbours, encodeNeighbours } from './neighbours-codec.js';

// Title ids as the catalog spells them, plus non-ASCII ones (the id text is UTF-8 in the blob).
const titleId = fc.oneof(fc.constantFrom('tt0111161', 'tmdb:movie:550', 'Amélie', '東京', 'a', ''), fc.string({ maxLength: 10, unit: 'grapheme' }));
const interaction = fc.record({ userId: fc.integer({ min: 0, max: 30 }).map((u) => `user-${u}`), titleId, weight: fc.constantFrom(0.5, 1, 2) });
const options = fc.record({ k: fc.integer({ min: 1, max: 8 }), minPeople: fc.integer({ min: 1, max: 3 }), window: fc.integer({ min: 0, max: 4 }), shrinkage: fc.constantFrom(0, 1, 10) });
const tables = fc.tuple(fc.array(interaction, { maxLength: 300 }), options).map(([rows, opts]) => buildNeighbours(rows, opts));

function answers(table: NeighbourTable) {
  return table.ids.map((id) => ({ id, of: table.of(id), support: table.support(id) }));
}

describe('neighbour table codec', () => {
  it('gives back a table that answers of() and support() as the one encoded, for every title and an unknown one', () => {
    fc.assert(
      fc.property(tables, (table) => {
        const back = decodeNeighbours(encodeNeighbours(table));
        expect(back.ids).toEqual(table.ids);
        expect(answers(back)).toEqual(answers(table));
        expect(back.of('no such title')).toEqual([]);
        expect(back.support('no such title')).toBe(0);
        expect(back.byteLength).toBe(table.byteLength);
      }),
      { numRuns: 150 },
    );
  });

  it('reads a blob that starts at any byte of a larger buffer, as a database driver may hand it over', () => {
    fc.assert(
      fc.property(tables, fc.integer({ min: 0, max: 7 }), (table, shift) => {
        const blob = encodeNeighbours(table);
        const inside = new Uint8Array(blob.length + shift + 3);
        inside.set(blob, shift);
        expect(answers(decodeNeighbours(inside.subarray(shift, shift + blob.length)))).toEqual(answers(table));
      }),
      { numRuns: 40 },
    );
  });

  it('refuses a truncated, lengthened or damaged blob with a clear error, never a wrong table', () => {
    fc.assert(
      fc.property(tables, fc.nat(), fc.integer({ min: 1, max: 255 }), (table, where, flip) => {
        const blob = encodeNeighbours(table);
        const at = where % blob.length;
        const damaged = blob.slice();
        damaged[at] ^= flip;
        const cut = blob.subarray(0, at);
        const longer = new Uint8Array(blob.length + 4);
        longer.set(blob);
        for (const bad of [damaged, cut, longer]) expect(() => decodeNeighbours(bad)).toThrow(CorruptNeighbours);
      }),
      { numRuns: 150 },
    );
  });

  it('names what is wrong', () => {
    const blob = encodeNeighbours(buildNeighbours([{ userId: 'u', titleId: 'A', weight: 1 }, { userId: 'u', titleId: 'B', weight: 1 }]));
    expect(() => decodeNeighbours(new Uint8Array(3))).toThrow(/shorter than its header/);
    expect(() => decodeNeighbours(new Uint8Array(blob.length))).toThrow(/magic/);
    const later = blob.slice();
    later[4] = 9;
    expect(() => decodeNeighbours(later)).toThrow(/format 9/);
    expect(() => decodeNeighbours(blob.subarray(0, blob.length - 4))).toThrow(/header says/);
  });
});
