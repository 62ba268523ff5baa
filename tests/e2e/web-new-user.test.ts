// What a careful new user stumbled on (issue 35, item 12), in the built app at a laptop's and a
// phone's size: the watchlist's service logos at their own size (not the poster's), the "Nothing
// left fits" message in view after "Show me another", and an unknown address showing "Page not
// found" with a 404.
import { describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import type { TestServer } from '../../server/test/support/test-server.js';
import { journeyUser, screenshot, signedInPage, useWebApp, VIEWPORTS } from './support/web-harness.js';

describe('a new user at 1280x800 and 390x844', () => {
  let server: TestServer;
  let browser: Browser;
  useWebApp((s, b) => ((server = s), (browser = b)), { FREE_WEEKLY_LIMIT: '40' });

  /** Whether the element lies wholly inside the page's viewport as it is scrolled now. */
  async function inViewport(target: Locator): Promise<boolean> {
    return target.evaluate((el) => {
      const r = el.getBoundingClientRect();
      // Scrolled to the nearest edge, the bottom may sit a fraction of a pixel past it.
      return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight + 1;
    });
  }

  it.each(['desktop', 'phone'] as const)('on the watchlist the service logos keep their 20 px, the poster its 80x120 (%s)', async (viewport) => {
    const user = await journeyUser(server, 'Wanda Watchlist');
    await user.api.settings.updateProfile({ country: 'US' });
    const pick = await user.api.recommendations.current();
    await user.api.watchlist.add({ title_id: pick.title_id });
    const page = await signedInPage(browser, server, user, viewport, '/app/watchlist');
    const card = page.locator('.watch-card').first();
    await card.waitFor();
    const logo = card.locator('img.platform-logo').first();
    await logo.waitFor();
    expect(await logo.boundingBox()).toMatchObject({ width: 20, height: 20 });
    expect(await card.locator(':scope > img').boundingBox()).toMatchObject({ width: 80, height: 120 });
    await screenshot(page, 'new-user-watchlist');
    await page.context().close();
  });

  it.each(['desktop', 'phone'] as const)('"Nothing left fits" is on screen after Show me another (%s)', async (viewport) => {
    const user = await journeyUser(server, 'Nora Nothing');
    await user.api.settings.updateProfile({ country: 'US' });
    const pick = await user.api.recommendations.current();
    await user.api.recommendations.rate({ movie_title: pick.movie_title, rating: false, recommendation_id: pick.id });
    // Nothing can fit: every genre excluded (at most 30), movies only, 30 minutes.
    const { genres } = await user.api.onboarding.genres();
    await user.api.settings.updateProfile({ exclusions: { genres: genres.slice(0, 30) }, tonight: { max_minutes: 30, kind: 'movie' } });
    const page = await signedInPage(browser, server, user, viewport);
    const card = page.locator('article.rec-card');
    await card.waitFor();
    const another = card.getByRole('button', { name: 'Show me another' });
    // Scrolled down to the buttons, as a user who read the card is (the history runs below it).
    await another.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await another.click();
    const alert = page.getByRole('alert').filter({ hasText: /^Nothing left fits/ });
    await alert.waitFor();
    await expect.poll(() => inViewport(alert)).toBe(true);
    expect(page.viewportSize()).toEqual(VIEWPORTS[viewport]);
    await screenshot(page, 'new-user-nothing-fits', { fullPage: false });
    await page.context().close();
  });

  it('an unknown address shows "Page not found", answered with 404', async () => {
    const page = await (await browser.newContext({ baseURL: server.url, viewport: VIEWPORTS.desktop })).newPage();
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect((await page.goto('/about'))?.status()).toBe(200);
    await page.context().close();
  });
});
