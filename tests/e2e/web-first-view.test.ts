// The dashboard's first view as the built app serves it (web/finish-build.mjs, docs/performance.md
// "Web"): its page asks for the pick, the profile and the week's counters while the app's code
// loads, and the app takes those answers instead of asking again; its stylesheets come as one file
// and none is fetched twice; what the card does not show (the history, the household) is asked for
// after the card is on screen; nothing breaks on the way (no page error, nothing the CSP refuses),
// and no answer is left open, whichever of the app's code and the early script runs first.
import { describe, expect, it } from 'vitest';
import type { Browser, Request } from 'playwright-core';
import type { TestServer } from '../../server/test/support/test-server.js';
import { cspViolations, journeyUser, newContext, useWebApp } from './support/web-harness.js';

describe("the dashboard's first view", () => {
  let server: TestServer;
  let browser: Browser;
  useWebApp((s, b) => ((server = s), (browser = b)));

  it('reads each first answer once, its stylesheets once, and what is below the card after the card', async () => {
    const user = await journeyUser(server, 'Fay First-View');
    const session = { token: user.store.token!, user: JSON.stringify(await user.api.settings.profile()) };
    const page = await (await newContext(browser, server.url, 'phone')).newPage();
    await page.goto('/robots.txt');
    await page.evaluate((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('user', s.user);
    }, session);

    // When the card's title first enters the page, on the page's own clock.
    await page.addInitScript(() => {
      const w = window as unknown as { __cardAt?: number };
      new MutationObserver(() => {
        if (w.__cardAt === undefined && document.querySelector('article h2')) w.__cardAt = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const requests: string[] = [];
    page.on('request', (r: Request) => requests.push(new URL(r.url()).pathname));
    // This user has no country yet, so the card waits for the country prompt's code: held back here,
    // what is below the card must still wait for the card itself.
    const prompt = '**/assets/CountryForm-*.js';
    await page.route(prompt, async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await page.goto('/app/dashboard');
    await page.getByRole('article').first().getByRole('heading', { level: 2 }).waitFor();
    await page.getByRole('region', { name: 'Your past picks' }).waitFor();

    const count = (path: string) => requests.filter((r) => r === path).length;
    expect(count('/api/recommendations/current')).toBe(1);
    expect(count('/api/settings/profile')).toBe(1);
    // The counters are read with the first answers, and again once the pick is shown (it may be new).
    expect(count('/api/subscription/status')).toBeLessThanOrEqual(2);
    // The page's stylesheet holds the app's and the signed-in layout's; neither is fetched on its own,
    // and no stylesheet twice (the lazily loaded parts bring their own).
    const styles = requests.filter((r) => r.endsWith('.css'));
    expect(styles[0]).toMatch(/^\/assets\/page-[0-9a-f]{8}\.css$/);
    expect(styles.filter((f) => /^\/assets\/(index|signed-in)-/.test(f))).toEqual([]);
    expect(new Set(styles).size).toBe(styles.length);
    const { cardAt, asked } = await page.evaluate(() => ({
      cardAt: (window as unknown as { __cardAt?: number }).__cardAt,
      asked: performance.getEntriesByType('resource').map((e) => ({ path: new URL(e.name).pathname, at: e.startTime })),
    }));
    expect(cardAt).toBeDefined();
    for (const path of ['/api/recommendations/history', '/api/household']) {
      const first = asked.find((r) => r.path === path);
      expect(first, path).toBeDefined();
      expect(first!.at, path).toBeGreaterThan(cardAt!);
    }
    expect(errors).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
    await page.unroute(prompt);

    // Again with every file in the cache, the early script held back (the app's code runs first),
    // then the app's entry held back: each first read is asked once, and no answer is left open
    // (the network goes quiet well before the early script would cancel an untaken one, 10 s on).
    for (const held of ['**/assets/earlyReads-*.js', '**/assets/index-*.js']) {
      await page.route(held, async (route) => {
        await new Promise((r) => setTimeout(r, 700));
        await route.continue();
      });
      requests.length = 0;
      await page.goto('/app/dashboard');
      await page.getByRole('region', { name: 'Your past picks' }).waitFor();
      await page.waitForLoadState('networkidle', { timeout: 5_000 });
      expect(count('/api/recommendations/current'), held).toBe(1);
      expect(count('/api/settings/profile'), held).toBe(1);
      await page.unroute(held);
    }
    expect(errors).toEqual([]);
  });

  it('the landing and sign-in pages ask for no stylesheet: theirs are in the page', async () => {
    const page = await (await newContext(browser, server.url, 'phone')).newPage();
    const requests: string[] = [];
    page.on('request', (r: Request) => requests.push(new URL(r.url()).pathname));
    for (const path of ['/', '/login']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle', { timeout: 10_000 });
      // Styled by the inline stylesheet: the app's own font stack, not the browser's default serif.
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily), path).not.toMatch(/^(serif|"?Times)/i);
    }
    expect(requests.filter((r) => r.endsWith('.css'))).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });
});
