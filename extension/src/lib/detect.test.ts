import { describe, it, expect } from 'vitest';
import { STREAMING_SITES } from './shared';
import { detectPlatform, platformSearchUrl, wantsPlatformPick, type PlatformSite } from './detect';

const platforms: PlatformSite[] = [
  { name: 'Netflix', hosts: ['netflix.com'], search_url: 'https://www.netflix.com/search?q={q}' },
  { name: 'HBO Max', hosts: ['hbomax.com', 'max.com'], search_url: 'https://play.hbomax.com/search?q={q}' },
  { name: 'Apple TV', hosts: ['tv.apple.com'], search_url: 'https://tv.apple.com/search?term={q}' },
];

describe('detectPlatform', () => {
  it('matches a platform host and its subdomains', () => {
    expect(detectPlatform('https://www.netflix.com/browse', platforms)?.name).toBe('Netflix');
    expect(detectPlatform('https://netflix.com/title/80100172', platforms)?.name).toBe('Netflix');
    expect(detectPlatform('https://WWW.NETFLIX.COM./browse', platforms)?.name).toBe('Netflix');
    expect(detectPlatform('https://play.max.com/', platforms)?.name).toBe('HBO Max');
    expect(detectPlatform('https://tv.apple.com/us/show/severance', platforms)?.name).toBe('Apple TV');
  });

  it('does not match look-alikes, other apple hosts, non-web URLs or nothing', () => {
    expect(detectPlatform('https://notnetflix.com/', platforms)).toBeNull();
    expect(detectPlatform('https://netflix.com.evil.example/', platforms)).toBeNull();
    expect(detectPlatform('https://evil.example/?u=https://www.netflix.com', platforms)).toBeNull();
    expect(detectPlatform('https://www.apple.com/tv', platforms)).toBeNull();
    expect(detectPlatform('chrome://newtab/', platforms)).toBeNull();
    expect(detectPlatform('file:///home/netflix.com', platforms)).toBeNull();
    expect(detectPlatform('not a url', platforms)).toBeNull();
    expect(detectPlatform(undefined, platforms)).toBeNull();
  });

  it('has a built-in list for when the server cannot be asked', () => {
    expect(detectPlatform('https://www.primevideo.com/detail/x', STREAMING_SITES)?.name).toBe('Prime Video');
    expect(detectPlatform('https://www.hotstar.com/in', STREAMING_SITES)?.name).toBe('JioHotstar');
  });
});

describe('platformSearchUrl', () => {
  it('fills the title into the search template, encoded', () => {
    expect(platformSearchUrl(platforms[0], 'Amélie & Co')).toBe('https://www.netflix.com/search?q=Am%C3%A9lie%20%26%20Co');
    expect(platformSearchUrl({ ...platforms[0], search_url: 'https://x.example/search' }, 'A')).toBe('https://x.example/search');
  });
});

describe('wantsPlatformPick', () => {
  it('asks once per pick for a pick on the detected platform', () => {
    expect(wantsPlatformPick('Hulu', platforms[0], null)).toBe(true);
    expect(wantsPlatformPick(null, platforms[0], null)).toBe(true);
    expect(wantsPlatformPick('netflix', platforms[0], null)).toBe(false);
    expect(wantsPlatformPick('Hulu', platforms[0], 'Netflix')).toBe(false);
    expect(wantsPlatformPick('Hulu', null, null)).toBe(false);
  });
});
