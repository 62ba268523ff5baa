import { describe, expect, it } from 'vitest';
import { renderLogo, renderPoster, type PosterInput } from './artwork.js';
import { fitText } from './artwork/text.js';
import { xmlProblems } from './test-support.js';

const base: PosterInput = { id: 'movie-x-2000', kind: 'movie', title: 'X', originalTitle: null, year: 2000, endYear: null, genres: ['Drama'], language: 'English' };

describe('generated artwork', () => {
  it('escapes every piece of text and stays well-formed', () => {
    const nasty = `<script>alert("x")</script> & 'Q' ]]>`;
    const svg = renderPoster({ ...base, title: nasty, originalTitle: `Caf\u00e9 & <b>"bar"</b>`, language: 'A&B' });
    expect(xmlProblems(svg)).toEqual([]);
    expect(svg).not.toMatch(/<script|<b>/);
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Q&#39;');
    const logo = renderLogo({ name: `A&B <i>"x"</i>`, slug: 'a-b', color: '#123456' });
    expect(xmlProblems(logo)).toEqual([]);
    expect(logo).not.toContain('<i>');
  });

  it('is a 2:3 poster, different per title, the same for the same title', () => {
    const a = renderPoster(base);
    expect(a).toMatch(/viewBox="0 0 400 600"/);
    expect(renderPoster(base)).toBe(a);
    const others = ['movie-y-2001', 'movie-z-2002', 'series-w-2003'].map((id) => renderPoster({ ...base, id }));
    expect(new Set([a, ...others]).size).toBe(4);
    const genres = ['Horror', 'Comedy', 'Science Fiction', 'Western'].map((g) => renderPoster({ ...base, genres: [g] }));
    expect(new Set(genres).size).toBe(4);
  });

  it('labels series with their years and wraps long titles without losing words', () => {
    const running = renderPoster({ ...base, kind: 'series', year: 2019, endYear: null, title: 'Running' });
    expect(running).toContain('SERIES · 2019–');
    const ended = renderPoster({ ...base, kind: 'series', year: 2008, endYear: 2013, title: 'Ended' });
    expect(ended).toContain('SERIES · 2008–2013');
    const long = 'The Lord of the Rings: The Fellowship of the Ring';
    const fit = fitText(long, 336, 5, [72, 64, 56, 48, 40, 32, 28, 24]);
    expect(fit.lines.join(' ')).toBe(long);
    expect(fit.lines.length).toBeGreaterThan(1);
    expect(fit.fontSize).toBeLessThan(72);
  });
});
