// Tonight's constraints in the browser (issue 19): a user says on the dashboard that they have
// 1 h 40, gets a pick that fits and says so; then excludes a genre in Settings > Never show me, and
// the next picks never show it (and still fit the remembered time). Screens are axe-scanned.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { TestClient, TestServer } from '../../server/test/support/test-server.js';
import { journeyUser, screenshot, seriousViolations, signedInPage, useWebApp, WEB_ARTIFACTS } from './support/web-harness.js';

describe("tonight's constraints in the web app", () => {
  let server: TestServer;
  let browser: Browser;
  // Enough weekly picks for every action below, whatever the free plan's default.
  useWebApp((s, b) => ((server = s), (browser = b)), { FREE_WEEKLY_LIMIT: '40' });

  async function signedIn(user: TestClient, viewport: 'desktop' | 'phone'): Promise<Page> {
    const page = await signedInPage(browser, server, user, viewport);
    await page.locator('article.rec-card').waitFor();
    return page;
  }

  it('1 h 40 on the dashboard gives a pick that fits and says so; a genre excluded in Settings never comes back', async () => {
    const user = await journeyUser(server, 'Tina Tonight');
    const page = await signedIn(user, 'desktop');
    const card = page.locator('article.rec-card');
    const title = card.getByRole('heading', { level: 2 });
    const tonight = card.getByRole('group', { name: 'Tonight' });
    await expect.poll(() => card.locator('.tonight-now').innerText()).toBe('Any length · Movie or series');

    // Closed to its summary line under the buttons; a click opens it.
    await card.locator('.tonight > summary').click();
    await tonight.getByLabel('Time you have').selectOption({ label: '1 h 40' });
    const before = await title.innerText();
    await card.getByRole('button', { name: 'New recommendation' }).click();
    await expect.poll(() => title.innerText()).not.toBe(before);
    // "At 1 h 38, it fits your 1 h 40." for a film; "Its 45 min episodes fit your 1 h 40." for a series.
    await expect.poll(() => card.locator('.rec-reason').innerText()).toMatch(/fits? your 1 h 40\./);
    const pick = await user.api.recommendations.current();
    expect(pick.movie_title).toBe(await title.innerText());
    expect(pick.runtime).not.toBeNull();
    expect(pick.runtime!).toBeLessThanOrEqual(100);
    expect((await user.api.settings.profile()).tonight.max_minutes).toBe(100);
    await screenshot(page, 'tonight-dashboard');
    expect(await seriousViolations(page)).toEqual([]);

    // Exclude the genre of the pick on screen in Settings > Never show me.
    const genre = pick.genres[0];
    await page.goto('/app/settings#never-show');
    const never = page.getByRole('region', { name: 'Never show me' });
    await never.getByRole('checkbox', { name: genre, exact: true }).check();
    await never.getByRole('textbox', { name: 'Keywords' }).fill('superhero');
    await never.getByRole('textbox', { name: 'Keywords' }).press('Enter');
    await never.getByRole('button', { name: 'Save' }).click();
    await never.getByText('Saved. Your next picks leave these out.').waitFor();
    await never.screenshot({ path: join(WEB_ARTIFACTS, 'tonight-never-show-1280x800.png') });
    expect(await seriousViolations(page)).toEqual([]);
    expect((await user.api.settings.profile()).exclusions).toEqual({ genres: [genre], keywords: ['superhero'], people: [] });

    await page.goto('/app/dashboard');
    await card.waitFor();
    await expect.poll(() => card.locator('.tonight-now').innerText()).toBe('1 h 40 · Movie or series · Never show me on');
    for (let i = 0; i < 4; i++) {
      const shown = await title.innerText();
      await card.getByRole('button', { name: 'New recommendation' }).click();
      await expect.poll(() => title.innerText()).not.toBe(shown);
      const next = await user.api.recommendations.current();
      expect(next.genres).not.toContain(genre);
      expect(next.runtime!).toBeLessThanOrEqual(100);
    }
    await page.context().close();
  });

  it("on a phone the Tonight line sits under the card's buttons, which stay on the first screen, and opens with a tap", async () => {
    const user = await journeyUser(server, 'Pat Phone');
    // A country chosen (the one-time country prompt is answered), and tonight's constraints remembered.
    await user.api.settings.updateProfile({ country: 'US', tonight: { max_minutes: 90, kind: 'movie' } });
    const page = await signedIn(user, 'phone');
    const card = page.locator('article.rec-card');
    const summary = card.locator('.tonight > summary');
    await expect.poll(() => summary.innerText()).toContain('1 h 30 · Movie');
    await screenshot(page, 'tonight-phone-closed', { fullPage: false });
    const button = (await card.getByRole('button', { name: 'New recommendation' }).boundingBox())!;
    expect(button.y + button.height).toBeLessThanOrEqual(844);
    await summary.click();
    await card.getByRole('group', { name: 'Tonight' }).getByRole('radio', { name: 'Series' }).check();
    await screenshot(page, 'tonight-phone', { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
