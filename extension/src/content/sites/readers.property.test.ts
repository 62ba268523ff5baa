// @vitest-environment jsdom
// Whatever a page holds (any heading, any og:title, any JSON-LD, nested as deep and as long as it
// likes), every site's reader ends quickly and answers null or a title of 1-300 characters with a
// year in 1870-2100 or none: what it sends is always what the API accepts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BROWSE_SITES } from '../../lib/browse-sites';
import { READERS } from './index';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON values, deep and wide, with title-like nodes among them. */
const jsonLd = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.integer(),
    fc.record({ '@type': fc.constantFrom('Movie', 'TVSeries', 'Organization', 'BreadcrumbList'), name: fc.oneof(fc.string(), fc.string({ minLength: 290, maxLength: 320 }), fc.integer()), dateCreated: fc.oneof(fc.string(), fc.integer()) }),
    fc.array(tie('node'), { maxLength: 8 }),
    fc.record({ '@graph': fc.array(tie('node'), { maxLength: 8 }) }),
  ),
})).node;

const page = fc.record({
  heading: fc.option(fc.string({ maxLength: 400 })),
  og: fc.option(fc.string({ maxLength: 400 })),
  year: fc.option(fc.string({ maxLength: 40 })),
  ld: fc.array(fc.oneof(jsonLd.map((v) => JSON.stringify(v)), fc.string()), { maxLength: 12 }),
});

function html(p: { heading: string | null; og: string | null; year: string | null; ld: string[] }): string {
  const meta = p.og === null ? '' : `<meta property="og:title" content="${escapeHtml(p.og)}">`;
  const scripts = p.ld.map((t) => `<script type="application/ld+json">${t.replace(/<\//g, '<\\/')}</script>`).join('');
  const h = p.heading === null ? '' : ['title-info-title', 'title'].map((a) => `<h1 data-uia="${a}" data-testid="${a}" data-automation-id="${a}" class="${a}">${escapeHtml(p.heading!)}</h1>`).join('');
  const y = p.year === null ? '' : `<span data-uia="item-year" data-automation-id="release-year-badge" data-testid="metadata_release_year">${escapeHtml(p.year)}</span><div data-testid="details-metadata">${escapeHtml(p.year)}</div><p data-testid="metadata">${escapeHtml(p.year)}</p>`;
  return `<!doctype html><html><head>${meta}${scripts}</head><body>${h}${y}</body></html>`;
}

describe('site readers on any page', () => {
  it.each(BROWSE_SITES.map((s) => [s.name, s] as const))('%s: null or a title the API accepts', (_name, site) => {
    const read = READERS[site.id];
    fc.assert(
      fc.property(page, (p) => {
        const found = read(new DOMParser().parseFromString(html(p), 'text/html'), new URL(`https://${new URL(site.matches[0].replace('/*', '/')).hostname}/`));
        if (found === null) return;
        expect(found.title.length).toBeGreaterThanOrEqual(1);
        expect(found.title.length).toBeLessThanOrEqual(300);
        expect(found.title).toBe(found.title.trim());
        if (found.year !== undefined) {
          expect(Number.isInteger(found.year)).toBe(true);
          expect(found.year).toBeGreaterThanOrEqual(1870);
          expect(found.year).toBeLessThanOrEqual(2100);
        }
        expect(Object.keys(found).every((k) => k === 'title' || k === 'year')).toBe(true);
      }),
      { numRuns: 100 },
    );
    // Parsing a page with jsdom takes a few ms: 100 pages on a busy machine can pass vitest's 5 s default.
  }, 60_000);
});
