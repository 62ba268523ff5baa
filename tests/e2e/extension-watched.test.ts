// A title watched on a streaming site, in headless Chromium with the built extension: the mimic
// Netflix title page (served over HTTPS under its real hostname, as in extension-badge.test.ts)
// carries a real <video> element playing a generated media file. With the default choice (Ask me)
// the end of the video makes the badge ask "Watched it?" and sends nothing; its button marks the
// title watched. With "Mark it watched automatically" chosen in the options page, the end alone
// does it and the badge says so. Either way the title is in the user's history as watched on a
// streaming site (read through the API), and the one request carried the title id and the event.
/// <reference types="chrome" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchedOnLabel } from '@app/shared';
import { OPTIONS, useChromiumVideoWorld } from './support/chromium-video-world.js';
import { focusShadowButton, shadowText } from './support/closed-shadow.js';
import { artifact } from './support/extension-harness.js';
import { MEDIA_SECONDS, PLAY_TO_END, TITLE_URL } from './support/mimic-video.js';

const TITLE = { title: 'Stranger Things', year: 2016 };

describe('a title watched on a streaming site (Chromium)', () => {
  const { world, signedInUser } = useChromiumVideoWorld((name) => ({ nonce: `watched-${name.replace(/\W/g, '')}-nonce-0123456789`, browser_name: 'Chromium (watched test)' }));

  /** The badge's text, read through the closed shadow root over CDP. */
  const badgeText = (page: Page) => shadowText(world().context, page, 'tonights-pick-badge');

  /** Presses one of the badge's buttons (by its data-action) with the keyboard. */
  async function pressBadgeButton(page: Page, action: string): Promise<void> {
    if (!(await focusShadowButton(world().context, page, action))) throw new Error(`no badge button ${action}`);
    await page.keyboard.press('Enter');
  }

  const watchedRequests = () => world().seen.filter((r) => r.url === '/api/extension/watched');

  it('Ask me (the default): the end of the video asks "Watched it?" and sends nothing; its button marks the title watched', async () => {
    const user = await signedInUser('Ask Tester');
    const fit = await user.api.fit.title(TITLE);
    const tab = await world().context.newPage();
    await tab.goto(TITLE_URL);
    await expect.poll(() => badgeText(tab), { timeout: 15_000 }).toContain('Watched it');
    expect(await badgeText(tab)).not.toContain('Watched it?');

    expect(await tab.evaluate(PLAY_TO_END)).toBeCloseTo(MEDIA_SECONDS, 0);
    await expect.poll(() => badgeText(tab), { timeout: 15_000 }).toContain('Watched it? | Yes, mark it watched');
    // The player really played: it reached its end.
    await expect.poll(() => tab.evaluate(() => (document.getElementById('player') as HTMLVideoElement).ended), { timeout: 15_000 }).toBe(true);
    await tab.screenshot({ path: artifact('watched-ask.png') });
    expect(watchedRequests()).toEqual([]);

    await pressBadgeButton(tab, 'watched-confirm');
    await expect.poll(() => badgeText(tab)).toContain('Watched ✓');
    expect(await badgeText(tab)).toContain('Marked watched.');
    expect(await badgeText(tab)).not.toContain('Watched it?');
    expect(watchedRequests().map((r) => [r.method, JSON.parse(r.body)])).toEqual([['POST', { title_id: fit.title_id, event: 'ended' }]]);
    const history = await user.api.recommendations.history();
    expect(history.recommendations.filter((r) => r.title_id === fit.title_id)).toEqual([
      expect.objectContaining({ movie_title: 'Stranger Things', status: 'watched', origin: 'extension', reason: watchedOnLabel('extension') }),
    ]);
    await tab.close();
  });

  it('Mark it watched automatically (chosen in the options page): the end of the video marks it, and the badge says so', async () => {
    const user = await signedInUser('Auto Tester');
    const options = await world().context.newPage();
    await options.goto(OPTIONS);
    await expect.poll(() => options.getByRole('radio', { name: 'Ask me' }).isChecked()).toBe(true);
    await options.getByRole('radio', { name: 'Mark it watched automatically' }).check();
    await expect.poll(() => options.getByText('Saved: Mark it watched automatically.').isVisible()).toBe(true);
    await options.screenshot({ path: artifact('watched-options.png'), fullPage: true });
    await options.close();
    expect(await world().worker.evaluate(async () => (await chrome.storage.local.get('watchedMode')).watchedMode)).toBe('auto');

    const fit = await user.api.fit.title(TITLE);
    const before = watchedRequests().length;
    const tab = await world().context.newPage();
    await tab.goto(TITLE_URL);
    await expect.poll(() => badgeText(tab), { timeout: 15_000 }).toContain('Watched it');
    await tab.evaluate(PLAY_TO_END);
    await expect.poll(() => badgeText(tab), { timeout: 15_000 }).toContain('Marked watched.');
    expect(await badgeText(tab)).toContain('Watched ✓');
    expect(watchedRequests().slice(before).map((r) => JSON.parse(r.body))).toEqual([{ title_id: fit.title_id, event: 'ended' }]);
    const history = await user.api.recommendations.history();
    expect(history.recommendations.filter((r) => r.title_id === fit.title_id)).toEqual([expect.objectContaining({ status: 'watched', origin: 'extension' })]);
    await tab.close();
  });
});
