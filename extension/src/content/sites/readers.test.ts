// @vitest-environment jsdom
// Each site's reader against a local page that mimics that site's title page (fixtures/: our own
// HTML with the headings, meta tags and JSON-LD those pages carry), the fallbacks each reader
// takes when a part is missing, and pages it must not read at all (null: the badge shows nothing).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSE_SITES, browseSiteOf, type BrowseSiteId } from '../../lib/browse-sites';
import { READERS } from './index';
import { yearIn } from './common';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
/** The page with every element matching `selector` removed. */
const without = (html: string, selector: string) => {
  const doc = parse(html);
  doc.querySelectorAll(selector).forEach((el) => el.remove());
  return doc;
};

const PAGES: Record<BrowseSiteId, { url: string; file: string; expected: { title: string; year: number } }> = {
  netflix: { url: 'https://www.netflix.com/title/80057281', file: 'netflix-title.html', expected: { title: 'Stranger Things', year: 2016 } },
  'prime-video': { url: 'https://www.primevideo.com/detail/0QN9PH8Y2W3XW0KXJ3CRBJ5R3V/', file: 'prime-video-title.html', expected: { title: 'The Boys', year: 2019 } },
  'disney-plus': { url: 'https://www.disneyplus.com/movies/toy-story/1Lfkm9ZVUa2M', file: 'disney-plus-title.html', expected: { title: 'Toy Story', year: 1995 } },
  max: { url: 'https://play.max.com/show/2e8e5c0d-9cf9-4cbe-a2a2-7ad9cb9a7e1f', file: 'max-title.html', expected: { title: 'The Last of Us', year: 2023 } },
  hotstar: { url: 'https://www.hotstar.com/in/shows/special-ops/1260022898', file: 'hotstar-title.html', expected: { title: 'Special Ops', year: 2020 } },
};

describe.each(BROWSE_SITES.map((s) => [s.name, s] as const))('%s', (_name, site) => {
  const page = PAGES[site.id];
  const read = READERS[site.id];
  const url = new URL(page.url);

  it('recognises its title pages by address, and nothing else', () => {
    expect(browseSiteOf(page.url)?.id).toBe(site.id);
    expect(site.isTitlePage(url)).toBe(true);
    for (const other of ['/', '/browse', '/search?q=dark', '/account', '/watch/80057281']) {
      expect(site.isTitlePage(new URL(other, url)), other).toBe(false);
    }
  });

  it('reads the title and year of its title page', () => {
    expect(read(parse(fixture(page.file)), url)).toEqual(page.expected);
  });

  it('falls back to the page title meta tag when the structured parts are missing', () => {
    const doc = without(fixture(page.file), 'script[type="application/ld+json"], h1, [data-testid="details-title-treatment"]');
    const found = read(doc, url);
    expect(found?.title).toBe(page.expected.title);
  });

  it('reads nothing from a page that names no title (a loading page, a broken JSON-LD, the site name alone)', () => {
    expect(read(parse(fixture('unreadable.html')), url)).toBeNull();
    expect(read(parse('<!doctype html><title></title><body></body>'), url)).toBeNull();
    expect(read(parse(`<html><head><meta property="og:title" content="${site.name}"></head></html>`), url)).toBeNull();
  });

  it('never returns a title longer than the API accepts', () => {
    const long = 'x'.repeat(301);
    const doc = parse(`<html><head><meta property="og:title" content="Watch ${long} | ${site.name}"></head><body><h1 data-testid="title" data-uia="title-info-title" data-automation-id="title">${long}</h1></body></html>`);
    expect(read(doc, url)).toBeNull();
  });
});

describe('site addresses', () => {
  it('knows each site by its real hosts only', () => {
    expect(browseSiteOf('https://www.netflix.com/gb/title/80057281')?.id).toBe('netflix');
    expect(browseSiteOf('https://play.hbomax.com/movie/2e8e5c0d-9cf9-4cbe-a2a2-7ad9cb9a7e1f')?.id).toBe('max');
    expect(browseSiteOf('https://netflix.com.evil.example/title/1')).toBeNull();
    expect(browseSiteOf('http://www.netflix.com/title/1')).toBeNull();
    expect(browseSiteOf('not a url')).toBeNull();
  });

  it('reads a year only where one is written, within 1870-2100', () => {
    expect(yearIn('2016-7-15')).toBe(2016);
    expect(yearIn('1995 • 1h 21m')).toBe(1995);
    expect(yearIn('Released 12019')).toBeUndefined();
    expect(yearIn('1869')).toBeUndefined();
    expect(yearIn(2100)).toBe(2100);
    expect(yearIn(2101)).toBeUndefined();
    expect(yearIn(null)).toBeUndefined();
  });
});
