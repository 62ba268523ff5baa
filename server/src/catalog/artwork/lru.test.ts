import { describe, expect, it } from 'vitest';
import { Lru } from './lru.js';

describe('Lru', () => {
  it('keeps at most maxEntries, dropping the least recently used', () => {
    const c = new Lru<string>(2, 1_000, (v) => v.length);
    c.set('a', 'A');
    c.set('b', 'B');
    expect(c.get('a')).toBe('A');
    c.set('c', 'C');
    expect(c.get('b')).toBeUndefined();
    expect([c.get('a'), c.get('c')]).toEqual(['A', 'C']);
    expect(c.size).toBe(2);
  });

  it('keeps at most maxBytes, and never holds a value larger than that', () => {
    const c = new Lru<string>(100, 10, (v) => v.length);
    for (let i = 0; i < 50; i++) c.set(`k${i}`, 'xxxx');
    expect(c.totalBytes).toBeLessThanOrEqual(10);
    expect(c.size).toBe(2);
    expect(c.get('k49')).toBe('xxxx');
    c.set('huge', 'x'.repeat(11));
    expect(c.get('huge')).toBeUndefined();
    c.set('k49', 'yy');
    expect(c.totalBytes).toBe(6);
    expect(c.get('k49')).toBe('yy');
  });
});
