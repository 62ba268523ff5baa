import { describe, expect, it } from 'vitest';
import type { Offer } from './snapshot.js';
import { WHERE_TO_WATCH_MAX, whereToWatch } from './where-to-watch.js';

const offer = (platform: string, region: string, kind: Offer['kind'], link: string | null = null): Offer => ({ platform, region, kind, as_of: '2026-01', link, source: 'builtin' });
const platforms = new Map([
  ['Netflix', { name: 'Netflix', logo_url: '/n.svg', search_url: 'https://netflix.example/search?q={q}' }],
  ['Apple TV', { name: 'Apple TV', logo_url: '/a.svg', search_url: '' }],
]);
const places = (offers: Offer[], country: string | null, mine: string[] = []) => whereToWatch('Dark', offers, { country, platforms: mine }, (n) => platforms.get(n));

describe('whereToWatch', () => {
  it('lists the offers in the country, yours first and streaming before rent, once per service and kind', () => {
    const got = places([offer('Apple TV', 'IN', 'rent'), offer('Hulu', 'IN', 'free'), offer('Netflix', 'GLOBAL', 'subscription'), offer('Netflix', 'IN', 'subscription'), offer('Netflix', 'US', 'buy')], 'IN', ['Netflix']);
    expect(got.map((o) => [o.platform, o.kind, o.elsewhere, o.yours])).toEqual([
      ['Netflix', 'subscription', false, true],
      ['Hulu', 'free', false, false],
      ['Apple TV', 'rent', false, false],
    ]);
    expect(got[0]).toMatchObject({ link: 'https://netflix.example/search?q=Dark', logo_url: '/n.svg' });
    expect(got[2].link).toBeNull();
  });

  it('adds where it streams elsewhere only when nothing streams in the country, never rent or buy elsewhere', () => {
    const got = places([offer('Apple TV', 'IN', 'buy'), offer('Netflix', 'US', 'subscription'), offer('Netflix', 'GB', 'rent')], 'IN');
    expect(got.map((o) => [o.platform, o.kind, o.region, o.elsewhere])).toEqual([
      ['Apple TV', 'buy', 'IN', false],
      ['Netflix', 'subscription', 'US', true],
    ]);
  });

  it('without a country, lists every region; keeps only web links from sources; stays short', () => {
    const got = places([offer('Netflix', 'US', 'subscription', 'javascript:alert(1)'), offer('Netflix', 'IN', 'subscription', 'https://netflix.example/in')], null);
    expect(got.map((o) => [o.region, o.elsewhere, o.link])).toEqual([
      ['IN', false, 'https://netflix.example/in'],
      ['US', false, 'https://netflix.example/search?q=Dark'],
    ]);
    const many = Array.from({ length: 40 }, (_, i) => offer(`Service ${i}`, 'US', 'subscription'));
    expect(places(many, 'IN')).toHaveLength(WHERE_TO_WATCH_MAX);
  });
});
