// @vitest-environment jsdom
// Each site's player-page reader against a local page that mimics that site's player (fixtures/:
// our own HTML with the title element over the video and the document title those players carry),
// the fallbacks it takes (the document title, then the media session's title), and pages that name
// no title. Which addresses are player pages is lib/detect.ts, checked here with the readers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BROWSE_SITES, browseSiteOf, type BrowseSiteId } from '../../lib/browse-sites';
import { isPlayerPage } from '../../lib/detect';
import { PLAYER_READERS } from './index';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

/** Per site: a player address, its fixture, the series it plays, its title selector, and a title page. */
const PLAYERS: Record<Exclude<BrowseSiteId, 'prime-video'>, { url: string; file: string; title: string; element: string; titlePage: string }> = {
  netflix: { url: 'https://www.netflix.com/watch/80077368?trackId=14170286', file: 'netflix-player.html', title: 'Stranger Things', element: '[data-uia="video-title"]', titlePage: 'https://www.netflix.com/title/80057281' },
  'disney-plus': { url: 'https://www.disneyplus.com/video/2f7bf5a8-5a3c-4b0a-a0b7-1f5b0c5d9e01', file: 'disney-plus-player.html', title: 'The Mandalorian', element: '.title-field', titlePage: 'https://www.disneyplus.com/series/the-mandalorian/3jLIGMDYINqD' },
  max: { url: 'https://play.max.com/video/watch/2e8e5c0d-9cf9-4cbe-a2a2-7ad9cb9a7e1f/0b6a5c1e-8f1d-4a43-9c2e-5b1d0e7f4a21', file: 'max-player.html', title: 'The Last of Us', element: '[data-testid="player-ux-asset-title"]', titlePage: 'https://play.max.com/show/2e8e5c0d-9cf9-4cbe-a2a2-7ad9cb9a7e1f' },
  hotstar: { url: 'https://www.hotstar.com/in/shows/special-ops/1260022898/the-big-con/1260045678/watch', file: 'hotstar-player.html', title: 'Special Ops', element: '[data-testid="player-title"]', titlePage: 'https://www.hotstar.com/in/shows/special-ops/1260022898' },
};

/** The fixture without its title element (the player hides its controls) and with `docTitle`. */
function bare(file: string, element: string, docTitle?: string): Document {
  const doc = parse(fixture(file));
  doc.querySelectorAll(element).forEach((el) => el.remove());
  if (docTitle !== undefined) doc.title = docTitle;
  return doc;
}

describe.each(Object.entries(PLAYERS).map(([id, p]) => [id, p] as const))('%s player page', (id, page) => {
  const site = BROWSE_SITES.find((s) => s.id === id)!;
  const read = PLAYER_READERS[site.id]!;
  const url = new URL(page.url);

  it('is a player page by its address; its title page and the site elsewhere are not', () => {
    expect(browseSiteOf(page.url)?.id).toBe(site.id);
    expect(isPlayerPage(site.id, url)).toBe(true);
    expect(site.isTitlePage(url)).toBe(false);
    for (const other of [page.titlePage, '/', '/browse', '/search?q=dark', '/account', '/watch/', '/video/watch/']) {
      expect(isPlayerPage(site.id, new URL(other, url)), other).toBe(false);
    }
  });

  it('reads the series or film the player shows from its title element, not the episode', () => {
    expect(read(parse(fixture(page.file)), url, { title: 'Chapter One' })).toEqual({ title: page.title });
  });

  it('falls back to the document title, then to the media session title', () => {
    const doc = bare(page.file, page.element);
    if (site.id !== 'netflix') expect(read(doc, url, null)).toEqual({ title: page.title });
    // The site's name alone names nothing: the media session's title, when the site set one.
    const named = bare(page.file, page.element, site.name);
    expect(read(named, url, null)).toBeNull();
    expect(read(named, url, { title: '  Dark ' })).toEqual({ title: 'Dark' });
  });

  it('reads nothing from a player that names no title (loading, the site name alone, a media title of another type)', () => {
    expect(read(parse(fixture('unreadable.html')), url, null)).toBeNull();
    expect(read(parse('<!doctype html><title></title><body><video></video></body>'), url, { title: 42 })).toBeNull();
    expect(read(bare(page.file, page.element, ''), url, { title: 'x'.repeat(301) })).toBeNull();
  });

  it('on any page and any media title: null or a title the API accepts, never a year it did not read', () => {
    fc.assert(
      fc.property(fc.option(fc.string({ maxLength: 400 })), fc.string({ maxLength: 400 }), fc.option(fc.oneof(fc.string({ maxLength: 400 }), fc.integer())), (heading, docTitle, media) => {
        const doc = bare(page.file, page.element, docTitle);
        if (heading !== null) {
          const h = doc.createElement('h4');
          h.textContent = heading;
          const holder = doc.createElement('div');
          holder.setAttribute('data-uia', 'video-title');
          holder.setAttribute('data-testid', 'player-ux-asset-title');
          holder.className = 'title-field player-title';
          holder.append(h);
          doc.body.append(holder);
        }
        const found = read(doc, url, media === null ? null : { title: media });
        if (found === null) return;
        expect(found.title.length).toBeGreaterThanOrEqual(1);
        expect(found.title.length).toBeLessThanOrEqual(300);
        expect(found.title).toBe(found.title.trim());
        expect(Object.keys(found)).toEqual(['title']);
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});

describe('player pages by address', () => {
  it('Netflix: /watch/<id> with a locale or a query, not a look-alike path', () => {
    expect(isPlayerPage('netflix', new URL('https://www.netflix.com/gb/watch/80057281'))).toBe(true);
    expect(isPlayerPage('netflix', new URL('https://www.netflix.com/watch/80057281/'))).toBe(true);
    expect(isPlayerPage('netflix', new URL('https://www.netflix.com/watch/stranger'))).toBe(false);
    expect(isPlayerPage('netflix', new URL('https://www.netflix.com/title/80057281/watch/1'))).toBe(false);
  });

  it('JioHotstar: a film or an episode ending in /watch', () => {
    expect(isPlayerPage('hotstar', new URL('https://www.hotstar.com/in/movies/jawan/1260155436/watch'))).toBe(true);
    expect(isPlayerPage('hotstar', new URL('https://www.hotstar.com/in/movies/jawan/1260155436'))).toBe(false);
  });

  it('Prime Video has no player page of its own (it plays over the detail page)', () => {
    expect(isPlayerPage('prime-video', new URL('https://www.primevideo.com/detail/0QN9PH8Y2W3XW0KXJ3CRBJ5R3V/?autoplay=1'))).toBe(false);
    expect(PLAYER_READERS['prime-video']).toBeUndefined();
  });
});
