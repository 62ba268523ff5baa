// A new user's first minutes in real Chromium against the real server (issue 12, items 1, 3, 4):
// Settings right after onboarding shows what onboarding saved, the browser's timezone becomes the
// profile's, scheduled emails are only on when asked for, and the schedule dialog starts filled in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { GOOD_PASSWORD, startTestServer, uniqueEmail, type TestServer } from '../../server/test/support/test-server.js';
import { WEB_DIST } from './support/extension-harness.js';
import { launchBrowser, VIEWPORTS } from './support/web-harness.js';

const BERLIN = 'Europe/Berlin';

describe('a new user in Berlin, first week', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error(`no web build at ${WEB_DIST}: run npm run build`);
    server = await startTestServer('sqlite', { webDist: WEB_DIST });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const berlinContext = (): Promise<BrowserContext> =>
    browser.newContext({ baseURL: server.url, viewport: VIEWPORTS.desktop, timezoneId: BERLIN, locale: 'en-GB', reducedMotion: 'reduce' });

  /** Register with the email code, then genres, English + Korean, three favourites, Netflix + Prime Video. */
  async function signUpAndOnboard(page: Page, email: string, beforeFinish?: () => Promise<void>) {
    await page.goto('/register');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(GOOD_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/verify-email');
    await page.getByLabel('Verification code').fill(await server.mailbox.codeFor(email));
    await page.getByRole('button', { name: 'Verify email' }).click();
    await page.waitForURL('**/app/onboarding');
    const next = page.getByRole('button', { name: 'Next' });
    for (const g of ['Drama', 'Science Fiction']) await page.getByRole('checkbox', { name: g }).check();
    await next.click();
    for (const l of ['English', 'Korean']) await page.getByRole('checkbox', { name: l }).check();
    await next.click();
    const movies = page.locator('.movie-option input');
    await movies.first().waitFor();
    for (const i of [0, 1, 2]) await movies.nth(i).check();
    await next.click();
    for (const p of ['Netflix', 'Prime Video']) await page.getByRole('checkbox', { name: p }).check();
    await beforeFinish?.();
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL('**/app/dashboard');
    await page.locator('article.rec-card').waitFor();
  }

  it('Settings opened from the header right after onboarding shows the languages and services just chosen, and the browser zone', async () => {
    const ctx = await berlinContext();
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signUpAndOnboard(page, uniqueEmail('first-week'));

    // No reload: the header's Settings link, as a person would.
    await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/app/settings');
    const langs = page.getByRole('region', { name: 'Preferred languages' });
    await langs.getByRole('checkbox', { name: 'English' }).waitFor();
    for (const l of ['English', 'Korean']) expect(await langs.getByRole('checkbox', { name: l }).isChecked(), l).toBe(true);
    expect(await langs.getByText('Select at least one language to save.').count()).toBe(0);
    expect(await langs.getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);
    const services = page.getByRole('region', { name: 'Streaming services' });
    for (const p of ['Netflix', 'Prime Video']) expect(await services.getByRole('checkbox', { name: p }).isChecked(), p).toBe(true);

    // The profile carries the browser's zone, and scheduled emails wait until asked for.
    const profile = page.getByRole('region', { name: 'Profile' });
    expect(await profile.getByLabel('Timezone').inputValue()).toBe(BERLIN);
    expect(await profile.getByRole('checkbox', { name: /Send me a pick on these days/ }).isChecked()).toBe(false);

    // Saving one section keeps the other as onboarding left it (the data-loss path of issue 12).
    await langs.getByRole('checkbox', { name: 'Korean' }).uncheck();
    await langs.getByRole('button', { name: 'Save' }).click();
    await langs.getByText('Saved.').waitFor();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const res = await fetch(`${server.url}/api/settings/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(await res.json()).toMatchObject({ preferred_languages: ['English'], ott_subscriptions: ['Netflix', 'Prime Video'], timezone: BERLIN, email_delivery: false });
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
