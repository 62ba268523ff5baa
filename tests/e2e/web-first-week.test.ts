// A new user's first minutes in real Chromium against the real server (issue 12, items 1, 3, 4):
// Settings right after onboarding shows what onboarding saved, the browser's timezone becomes the
// profile's, scheduled emails are only on when asked for, and the schedule dialog starts filled in.
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { uniqueEmail, type TestServer } from '../../server/test/support/test-server.js';
import { registerInBrowser, screenshot, seriousViolations, useWebApp, VIEWPORTS } from './support/web-harness.js';

const BERLIN = 'Europe/Berlin';

describe('a new user in Berlin, first week', () => {
  let server: TestServer;
  let browser: Browser;
  useWebApp((s, b) => ((server = s), (browser = b)));

  const berlinContext = (): Promise<BrowserContext> =>
    browser.newContext({ baseURL: server.url, viewport: VIEWPORTS.desktop, timezoneId: BERLIN, locale: 'en-GB', reducedMotion: 'reduce' });

  /** Register with the email code, then genres, English + Korean, three favourites, Netflix + Prime Video. */
  async function signUpAndOnboard(page: Page, email: string, beforeFinish?: () => Promise<void>) {
    await registerInBrowser(page, server, email);
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

  it('asks for the scheduled email at the end of onboarding, and the schedule dialog opens with a date, the time and Berlin', async () => {
    const ctx = await berlinContext();
    const page = await ctx.newPage();
    await signUpAndOnboard(page, uniqueEmail('email-offer'), async () => {
      const offer = page.getByRole('region', { name: /Email me a pick/ });
      expect(await offer.getByLabel('Your timezone').inputValue()).toBe(BERLIN);
      const toggle = offer.getByRole('checkbox', { name: /Email me a pick on the days I choose/ });
      expect(await toggle.isChecked()).toBe(false);
      await toggle.check();
      expect(await offer.getByLabel('Time', { exact: true }).inputValue()).toBe('19:00');
      await offer.getByRole('checkbox', { name: 'Saturday' }).check();
      await offer.getByLabel('Time', { exact: true }).fill('20:30');
    });
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const profile = await (await fetch(`${server.url}/api/settings/profile`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(profile).toMatchObject({ timezone: BERLIN, email_delivery: true, selected_days: [1, 2, 3, 4, 5, 6], recommendation_time: '20:30' });

    // The schedule dialog: the next date the profile is due, its time (or later tonight, when 20:30
    // has passed in Berlin: shared/src/schedule.ts), Berlin; Google's link at that time.
    await page.locator('article.rec-card').getByRole('button', { name: 'Schedule' }).click();
    const dialog = page.getByRole('dialog');
    const date = await dialog.getByLabel('Date').inputValue();
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(date >= new Intl.DateTimeFormat('en-CA', { timeZone: BERLIN }).format(new Date())).toBe(true);
    const time = await dialog.getByLabel('Time', { exact: true }).inputValue();
    expect(time === '20:30' || (date === new Intl.DateTimeFormat('en-CA', { timeZone: BERLIN }).format(new Date()) && time > '20:30')).toBe(true);
    expect(await dialog.getByLabel('Timezone').inputValue()).toBe(BERLIN);
    const href = new URL((await dialog.getByRole('link', { name: /Add to Google Calendar/ }).getAttribute('href'))!);
    const start = href.searchParams.get('dates')!.split('/')[0];
    const instant = new Date(`${start.slice(0, 4)}-${start.slice(4, 6)}-${start.slice(6, 8)}T${start.slice(9, 11)}:${start.slice(11, 13)}:00Z`);
    expect(new Intl.DateTimeFormat('en-CA', { timeZone: BERLIN, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant).replace(',', '')).toBe(`${date} ${time}`);

    // The timezone field searches every IANA zone from the keyboard.
    const tz = dialog.getByLabel('Timezone');
    await tz.fill('sao pa');
    await tz.press('ArrowDown');
    await tz.press('Enter');
    expect(await tz.inputValue()).toBe('America/Sao_Paulo');
    expect(await dialog.isVisible()).toBe(true);
    await tz.fill('tok');
    await tz.press('Escape');
    expect(await tz.inputValue()).toBe('America/Sao_Paulo');
    expect(await dialog.isVisible()).toBe(true);
    await ctx.close();
  });

  it('shows the changed screens at 1280x800 and 390x844 with no serious or critical axe violation', async () => {
    for (const viewport of Object.keys(VIEWPORTS) as Array<keyof typeof VIEWPORTS>) {
      const ctx = await browser.newContext({ baseURL: server.url, viewport: VIEWPORTS[viewport], timezoneId: BERLIN, locale: 'en-GB', reducedMotion: 'reduce' });
      const page = await ctx.newPage();
      const shoot = async (name: string, fullPage = true) => {
        await page.waitForLoadState('networkidle');
        if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `first-week-${name}`, { fullPage });
        expect(await seriousViolations(page), `${name} ${viewport}`).toEqual([]);
      };
      await signUpAndOnboard(page, uniqueEmail(`shots-${viewport}`), async () => {
        await page.getByRole('checkbox', { name: /Email me a pick on the days I choose/ }).check();
        await shoot('onboarding-last-step');
      });
      await page.locator('article.rec-card').getByRole('button', { name: 'Schedule' }).click();
      await page.getByRole('dialog').getByLabel('Date').waitFor();
      await shoot('schedule-dialog', false);
      await page.getByRole('dialog').getByLabel('Timezone').fill('europe');
      await shoot('schedule-timezone-search', false);
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await page.goto('/app/settings');
      await page.getByRole('region', { name: 'Profile' }).getByLabel('Timezone').waitFor();
      await shoot('settings');
      await ctx.close();
    }
  });
});
