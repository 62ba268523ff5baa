// Every screen holds longer words and the other direction (issue 39): in the pseudo-locale (English
// accented and 40% longer, shared/catalogs.mjs) at 390x844 and 1280x800 no text is clipped, no two
// texts overlap, the page never scrolls sideways and axe finds nothing serious; in Arabic the pages
// are mirrored (the header's first item on the right, text aligned right).
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signUp, type TestClient, type TestServer } from '../../server/test/support/test-server.js';
import { journeyUser, newContext, screenshot, seriousViolations, useWebApp, VIEWPORTS } from './support/web-harness.js';

const PSEUDO = 'en-XA';

interface LayoutProblem {
  kind: 'clipped' | 'overlap' | 'sideways';
  what: string;
}

/**
 * What the page shows wrongly: text cut by its box (overflow hidden or an ellipsis with more text
 * than room), two visible texts of different elements drawn over each other, a page wider than
 * the screen. Decorative parts (aria-hidden) and the screen-reader-only text are left out.
 */
function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const problems: Array<{ kind: 'clipped' | 'overlap' | 'sideways'; what: string }> = [];
    // Sections the browser skips until they come into view (content-visibility: auto) keep a
    // placeholder height until then: laid out for real, as a reader scrolling to them sees them.
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('*'))) if (getComputedStyle(el).contentVisibility === 'auto') el.style.contentVisibility = 'visible';
    const shown = (el: Element) => {
      if (el.closest('[aria-hidden="true"], .sr-only, .visually-hidden')) return false;
      // A closed <details> shows its summary only.
      const details = el.closest('details');
      if (details && !details.open && !el.closest('summary')) return false;
      const s = getComputedStyle(el);
      return s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) > 0;
    };
    const label = (el: Element) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > window.innerWidth + 1) {
      // The culprits: elements past the screen's right edge that stick out of their own parent.
      const culprits = Array.from(document.body.querySelectorAll('*')).filter((e) => {
        const right = e.getBoundingClientRect().right;
        return right > window.innerWidth + 1 && e.parentElement && right > e.parentElement.getBoundingClientRect().right + 1 && shown(e);
      });
      problems.push({ kind: 'sideways', what: `${root.scrollWidth} > ${window.innerWidth}: ${culprits.slice(0, 3).map(label).join(', ') || '?'}` });
    }
    /** A text rect cut to the boxes that clip it (overflow other than visible): what is drawn of it. */
    const drawn = (el: Element, r: DOMRect): DOMRect | null => {
      let { left, top, right, bottom } = r;
      for (let box: Element | null = el; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflow === 'visible') continue;
        const b = box.getBoundingClientRect();
        left = Math.max(left, b.left);
        top = Math.max(top, b.top);
        right = Math.min(right, b.right);
        bottom = Math.min(bottom, b.bottom);
      }
      return right - left > 1 && bottom - top > 1 ? new DOMRect(left, top, right - left, bottom - top) : null;
    };
    /** Words from the catalogs: the pseudo-locale's accents (a person's name or a title is not the layout's to fit). */
    const fromCatalog = (text: string) => /[àéîöûñţšŕĝĥķļɱ]/.test(text);
    const rects: Array<{ el: Element; r: DOMRect }> = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !(node.textContent ?? '').trim() || !shown(el)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const raw of Array.from(range.getClientRects())) {
        const r = drawn(el, raw);
        if (r) rects.push({ el, r });
      }
      // Clipped: the element (or the box that clips it) is narrower than its text.
      for (let box: Element | null = el; box && box !== document.body; box = box.parentElement) {
        const s = getComputedStyle(box);
        const clips = s.overflowX === 'hidden' || s.overflowX === 'clip' || s.textOverflow === 'ellipsis';
        if (clips && box.scrollWidth > box.clientWidth + 1 && box.clientWidth > 2 && fromCatalog(box.textContent ?? '')) {
          problems.push({ kind: 'clipped', what: label(box) });
          break;
        }
        if (s.overflowX === 'auto' || s.overflowX === 'scroll') break;
      }
    }
    for (let i = 0; i < rects.length; i++) {
      for (let j = i + 1; j < rects.length; j++) {
        const a = rects[i];
        const b = rects[j];
        if (a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const dx = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const dy = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (dx > 2 && dy > 2) problems.push({ kind: 'overlap', what: `${label(a.el)} / ${label(b.el)}` });
      }
    }
    return [...new Map(problems.map((p) => [`${p.kind} ${p.what}`, p])).values()];
  });
}

describe('every screen in longer words and the other direction', () => {
  let server: TestServer;
  let browser: Browser;
  useWebApp((s, b) => ((server = s), (browser = b)), { FREE_WEEKLY_LIMIT: '40' });

  async function open(viewport: keyof typeof VIEWPORTS, locale: string, path: string, user?: TestClient): Promise<Page> {
    const context = await newContext(browser, server.url, viewport);
    const session = user ? { token: user.store.token!, user: JSON.stringify(await user.api.settings.profile()) } : null;
    await context.addInitScript(
      ([l, s]) => {
        localStorage.setItem('ui_language', l as string);
        if (s) {
          localStorage.setItem('token', (s as { token: string }).token);
          localStorage.setItem('user', (s as { user: string }).user);
        }
      },
      [locale, session] as const,
    );
    const page = await context.newPage();
    await page.goto(path);
    await page.locator('h1').first().waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
    return page;
  }

  for (const viewport of ['phone', 'desktop'] as const) {
    const { width, height } = VIEWPORTS[viewport];
    it(`${width}x${height}: no clipped or overlapping text, nothing sideways, axe clean, in the pseudo-locale`, async () => {
      const user = await journeyUser(server, 'Pseudo Locale-Userwithalongname');
      await user.api.recommendations.current();
      // Signed up, not yet onboarded: onboarding's first screen.
      const newcomer = await signUp(server, { fullName: 'Pseudo Newcomer' });
      const screens: Array<[string, typeof user | undefined]> = [
        ['/', undefined],
        ['/login', undefined],
        ['/register', undefined],
        ['/privacy-policy', undefined],
        ['/app/onboarding', newcomer],
        ['/app/dashboard', user],
        ['/app/settings', user],
        ['/app/watchlist', user],
      ];
      const found: string[] = [];
      for (const [path, who] of screens) {
        const page = await open(viewport, PSEUDO, path, who);
        if (path === '/app/dashboard') await page.locator('article.rec-card').waitFor();
        // The pseudo-locale's accents are on screen: the page's words came from the catalogs.
        await expect.poll(() => page.locator('h1').first().innerText()).toMatch(/[àéîöûñţšŕ]/);
        for (const p of await layoutProblems(page)) found.push(`${path}: ${p.kind} ${p.what}`);
        for (const v of await seriousViolations(page)) found.push(`${path}: axe ${v.id} (${v.help})`);
        await screenshot(page, `pseudo${path.replace(/\//g, '-') || '-landing'}`);
        await page.context().close();
      }
      expect(found, found.join('\n')).toEqual([]);
    });
  }

  it('mirrors the pages in Arabic', async () => {
    const user = await journeyUser(server, 'Rania Rtl');
    await user.api.recommendations.current();
    for (const [path, signedIn] of [['/', false], ['/app/dashboard', true]] as const) {
      const page = await open('desktop', 'ar', path, signedIn ? user : undefined);
      if (signedIn) await page.locator('article.rec-card').waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      // The card's text aligns to the right, as Arabic reads.
      if (signedIn) expect(await page.locator('.rec-title').evaluate((el) => getComputedStyle(el).textAlign)).toMatch(/^(start|right)$/);
      const h1 = page.locator('h1').first();
      expect(await h1.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
      // The header reads from the right: its first link (the logo) is right of its last item.
      const header = page.locator('header').first();
      const xs = await header.locator('a, button').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0).map((r) => r.left));
      expect(xs.length).toBeGreaterThan(1);
      expect(xs[0]).toBeGreaterThan(xs[xs.length - 1]);
      await screenshot(page, `arabic${path.replace(/\//g, '-') || '-landing'}`);
      await page.context().close();
    }
  });
});
