// The signed-in web app on a phone (390x844) and a laptop (1280x800), measured with element boxes
// in real Chromium: a one-row header with a menu, the pick's actions on the first screen, the new
// pick scrolled into view, a Feedback entry that covers nothing, routes opening at the top,
// centred dialogs, and the card's label styled however the dashboard is reached.
import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { TestServer } from '../../server/test/support/test-server.js';
import { journeyUser, newContext, screenshot, signedInPage as openSignedIn, useWebApp, VIEWPORTS } from './support/web-harness.js';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const innerHeight = (page: Page) => page.evaluate(() => window.innerHeight);
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** The box of a visible element in viewport coordinates, or null when it is hidden. */
async function visibleBox(l: Locator): Promise<Box | null> {
  return (await l.isVisible()) ? l.evaluate((el) => el.getBoundingClientRect().toJSON() as Box) : null;
}

/** Opens the header menu when the screen is narrow enough to have one. */
async function openNav(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if ((await menu.count()) && (await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
}

describe('web app on a phone and a laptop', () => {
  let server: TestServer;
  let browser: Browser;
  // Enough weekly picks for every action below, whatever the free plan's default.
  useWebApp((s, b) => ((server = s), (browser = b)), { FREE_WEEKLY_LIMIT: '40' });

  async function signedInPage(viewport: keyof typeof VIEWPORTS): Promise<Page> {
    const user = await journeyUser(server, 'Pat Phone-Userwithalongname');
    // Two picks already, so the history has badges to keep clear.
    await user.api.recommendations.current();
    await user.api.recommendations.next({ previous: 'skip' });
    const page = await openSignedIn(browser, server, user, viewport);
    await page.locator('article.rec-card').waitFor();
    await page.locator('.history-item').first().waitFor();
    return page;
  }

  for (const viewport of ['phone', 'desktop'] as const) {
    const { width, height } = VIEWPORTS[viewport];

    it(`${width}x${height}: one-row header, the pick's actions on the first screen, the new pick in view`, async () => {
      const page = await signedInPage(viewport);
      const header = page.locator('header.app-header');
      const headerBox = (await visibleBox(header))!;
      expect(headerBox.height).toBeLessThan(72);
      const items = await header.locator('a, button').evaluateAll((els) =>
        els.map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0).map((r) => r.top + r.height / 2),
      );
      expect(items.length).toBeGreaterThan(1);
      for (const centre of items) expect(Math.abs(centre - items[0])).toBeLessThan(8);

      const card = page.locator('article.rec-card');
      // The replacement buttons carry their cost ("Already Watched · free").
      const actions = [/^Like$/, /^Dislike$/, /^Schedule$/, /^Already Watched/, /^New recommendation/];
      for (const name of actions) {
        const box = (await visibleBox(card.getByRole('button', { name })))!;
        expect(box.y, String(name)).toBeGreaterThanOrEqual(headerBox.height);
        expect(box.y + box.height, String(name)).toBeLessThanOrEqual(height);
      }
      await screenshot(page, 'phone-dashboard');

      // From further down the page, each action that changes the pick brings the new one into view.
      for (const name of [/^New recommendation/, /^Already Watched/]) {
        const title = card.getByRole('heading', { level: 2 });
        const before = await title.innerText();
        const button = card.getByRole('button', { name });
        await button.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 70));
        await button.click();
        await expect.poll(() => title.innerText()).not.toBe(before);
        await expect
          .poll(async () => {
            const box = (await visibleBox(title))!;
            return box.y >= headerBox.height && box.y + box.height <= (await innerHeight(page));
          })
          .toBe(true);
      }
      await page.context().close();
    });

    it(`${width}x${height}: the Feedback entry never covers the card, the reason or the history badges`, async () => {
      const page = await signedInPage(viewport);
      const feedback = page.getByRole('button', { name: 'Feedback' });
      const targets = [page.locator('article.rec-card'), page.locator('.rec-reason'), ...(await page.locator('.history-item .tag').all())];
      for (const target of targets) {
        for (const block of ['center', 'end'] as const) {
          await target.evaluate((el, b) => el.scrollIntoView({ block: b }), block);
          const t = (await visibleBox(target))!;
          for (const entry of await feedback.all()) {
            const f = await visibleBox(entry);
            if (f) expect(intersects(f, t), `Feedback over ${await target.evaluate((el) => el.className)} (${block})`).toBe(false);
          }
        }
      }
      // Still one click (or a menu and a click) away, and its dialog is centred.
      await openNav(page);
      await feedback.click();
      const dialog = page.getByRole('dialog', { name: 'Send feedback' });
      await dialog.waitFor();
      const d = (await visibleBox(dialog))!;
      expect(Math.abs(d.x + d.width / 2 - width / 2)).toBeLessThan(2);
      expect(Math.abs(d.y + d.height / 2 - height / 2)).toBeLessThan(2);
      await screenshot(page, 'phone-feedback-dialog', { fullPage: false });
      await page.context().close();
    });

    it(`${width}x${height}: Settings opens at the top, and the reset confirmation is centred`, async () => {
      const page = await signedInPage(viewport);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      expect(await scrollY(page)).toBeGreaterThan(200);
      await openNav(page);
      await page.getByRole('link', { name: 'Settings' }).click();
      await page.getByRole('region', { name: 'Profile' }).waitFor();
      expect(await scrollY(page)).toBe(0);

      await page.getByRole('region', { name: 'Reset preferences' }).getByRole('button', { name: 'Reset preferences' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reset your preferences?' });
      await dialog.waitFor();
      const d = (await visibleBox(dialog))!;
      expect(Math.abs(d.x + d.width / 2 - width / 2)).toBeLessThan(2);
      expect(Math.abs(d.y + d.height / 2 - height / 2)).toBeLessThan(2);
      await screenshot(page, 'phone-reset-dialog', { fullPage: false });
      await page.context().close();
    });
  }

  it('390x844: the public header is one row too', async () => {
    const ctx = await newContext(browser, server.url, 'phone');
    const page = await ctx.newPage();
    for (const path of ['/', '/login', '/privacy-policy']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const header = page.locator('header.site-header');
      expect((await visibleBox(header))!.height, path).toBeLessThan(72);
      const right = await header.locator('a, button').evaluateAll((els) => Math.max(...els.map((e) => e.getBoundingClientRect().right)));
      expect(right, path).toBeLessThanOrEqual(390);
      // The brand name on one line too, not folded beside the actions.
      expect((await visibleBox(header.locator('.logo-text')))!.height, path).toBeLessThan(30);
      if (path === '/login') await screenshot(page, 'phone-public-header', { fullPage: false });
    }
    await ctx.close();
  });

  it('390x844: the menu button opens the navigation, and Escape closes it and gives focus back', async () => {
    const page = await signedInPage('phone');
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('link', { name: 'Settings' }).isVisible()).toBe(false);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    for (const name of ['Home', 'Settings']) expect(await page.getByRole('link', { name }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    await screenshot(page, 'phone-menu-open');
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('link', { name: 'Settings' }).isVisible()).toBe(false);
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it('styles the "Movie · Tonight\'s pick" label for a returning user who reloads the dashboard', async () => {
    const page = await signedInPage('phone');
    await page.reload();
    const label = page.locator('article.rec-card .eyebrow');
    await label.waitFor();
    expect(await label.innerText()).toMatch(/Tonight.s pick/i);
    expect(await label.evaluate((el) => getComputedStyle(el).textTransform)).toBe('uppercase');
    expect(await label.evaluate((el) => getComputedStyle(el).fontWeight)).toBe('700');
    await page.context().close();
  });
});
