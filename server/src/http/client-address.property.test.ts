// The per-IP limit key, for any address: every address of one IPv6 /64 shares a key however it is
// written, different /64s never do, and IPv4 (plain or IPv4-mapped) keeps one key per address.
import { isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { limitKey } from './client-address.js';

const group = fc.integer({ min: 0, max: 0xffff });
const half = fc.tuple(group, group, group, group);
const ipv4 = fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }));

/** How an address may be written: groups padded or not, upper or lower case, its longest zero run as `::` or not. */
const style = fc.record({ pad: fc.boolean(), upper: fc.boolean(), compress: fc.boolean(), zone: fc.boolean() });

function write(g: number[], s: { pad: boolean; upper: boolean; compress: boolean; zone: boolean }): string {
  let parts = g.map((x) => (s.pad ? x.toString(16).padStart(4, '0') : x.toString(16)));
  if (s.upper) parts = parts.map((p) => p.toUpperCase());
  let text = parts.join(':');
  if (s.compress) {
    let best = { at: -1, len: 0 };
    for (let i = 0; i < 8; ) {
      let j = i;
      while (j < 8 && g[j] === 0) j++;
      if (j - i > best.len) best = { at: i, len: j - i };
      i = j === i ? i + 1 : j;
    }
    if (best.len >= 2) text = `${parts.slice(0, best.at).join(':')}::${parts.slice(best.at + best.len).join(':')}`;
  }
  return s.zone ? `${text}%eth0` : text;
}

/** In ::ffff:0:0/96, the IPv4-mapped addresses, which count per address. */
const mapped = (g: number[]) => g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;

describe('per-IP limit keys', () => {
  it('any two addresses of one /64 share a key, however written', () => {
    fc.assert(
      fc.property(half, half, half, style, style, (prefix, a, b, sa, sb) => {
        const [x, y] = [[...prefix, ...a], [...prefix, ...b]];
        fc.pre(!mapped(x) && !mapped(y));
        const [wx, wy] = [write(x, sa), write(y, sb)];
        expect(isIP(wx), wx).toBe(6);
        expect(limitKey(wx), `${wx} ${wy}`).toBe(limitKey(wy));
        expect(limitKey(wx)).toBe(`${prefix.map((p) => p.toString(16)).join(':')}::/64`);
      }),
      { numRuns: 1000, examples: [[[0x2001, 0xdb8, 0, 0], [0, 0, 0, 1], [0xffff, 0xffff, 0xffff, 0xffff], { pad: false, upper: false, compress: true, zone: false }, { pad: true, upper: true, compress: false, zone: true }]] },
    );
  });

  it('addresses of different /64s never share a key', () => {
    fc.assert(
      fc.property(half, half, half, half, style, style, (pa, a, pb, b, sa, sb) => {
        fc.pre(pa.some((p, i) => p !== pb[i]));
        const [x, y] = [[...pa, ...a], [...pb, ...b]];
        fc.pre(!mapped(x) && !mapped(y));
        expect(limitKey(write(x, sa))).not.toBe(limitKey(write(y, sb)));
      }),
      { numRuns: 1000, examples: [[[0x2001, 0xdb8, 0, 1], [0, 0, 0, 1], [0x2001, 0xdb8, 0, 2], [0, 0, 0, 1], { pad: false, upper: false, compress: true, zone: false }, { pad: false, upper: false, compress: true, zone: false }]] },
    );
  });

  it('IPv4 and IPv4-mapped IPv6 keep one key per address, the IPv4 one, never an IPv6 /64', () => {
    fc.assert(
      fc.property(ipv4, ipv4, style, fc.boolean(), (a, b, s, dotted) => {
        const [da, db] = [a.join('.'), b.join('.')];
        expect(limitKey(da)).toBe(da);
        if (da !== db) expect(limitKey(da)).not.toBe(limitKey(db));
        const g = [0, 0, 0, 0, 0, 0xffff, (a[0] << 8) | a[1], (a[2] << 8) | a[3]];
        const asV6 = dotted ? `${write(g, { ...s, zone: false }).replace(/:[0-9a-f]+:[0-9a-f]+$/i, '')}:${da}` : write(g, s);
        expect(isIP(asV6), asV6).toBe(6);
        expect(limitKey(asV6), asV6).toBe(da);
      }),
      { numRuns: 1000, examples: [[[127, 0, 0, 1], [127, 0, 0, 2], { pad: false, upper: false, compress: true, zone: false }, true]] },
    );
  });

  it('anything that is not an address is its own key', () => {
    for (const v of ['unknown', '', '1.2.3', 'fe80::1::2']) expect(limitKey(v)).toBe(v);
  });
});
