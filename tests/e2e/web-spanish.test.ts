// A browser in Spanish from the first page to the first pick (issue 39): the landing answered in
// Spanish before any script runs, sign-up, the verification code mailed in Spanish, onboarding and
// the dashboard's pick, each screen without one English text of the catalogs on it, the pick's
// reason in Spanish, and the account's language Spanish from then on.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { GOOD_PASSWORD, uniqueEmail, type TestServer } from '../../server/test/support/test-server.js';
import { translate } from '../../server/src/i18n/messages.js';
import { catalog, englishOnPage } from './support/catalogs.js';
import { screenshot, useWebApp, VIEWPORTS } from './support/web-harness.js';

const es = catalog('es');
const say = (key: string) => {
  if (!es[key]) throw new Error(`no Spanish message ${key}`);
  return es[key];
};

describe('a browser in Spanish', () => {
  let server: TestServer;
  let browser: Browser;
  useWebApp((s, b) => ((server = s), (browser = b)));

  async function noEnglish(page: Page, where: string) {
    expect(await englishOnPage(page, 'es'), where).toEqual([]);
  }

  it('signs up, onboards and gets a pick entirely in Spanish', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: VIEWPORTS.desktop, locale: 'es-ES', reducedMotion: 'reduce' });
    const page = await context.newPage();

    // The landing: the server answers the Spanish page at "/" (Accept-Language: es-ES).
    const landing = await page.goto('/');
    expect(await landing!.text()).toContain('<html lang="es" dir="ltr">');
    await page.locator('h1').waitFor();
    await noEnglish(page, 'landing');
    await page.getByRole('link', { name: say('site.header.getStarted') }).first().click();

    // Sign-up and the code, mailed in Spanish.
    const email = uniqueEmail('espanol');
    await page.waitForURL('**/register');
    await page.getByLabel(say('auth.field.email')).fill(email);
    await page.getByLabel(say('auth.field.password')).fill(GOOD_PASSWORD);
    await noEnglish(page, 'register');
    await page.getByRole('button', { name: say('auth.register.submit') }).click();
    await page.waitForURL('**/verify-email');
    const code = await server.mailbox.codeFor(email);
    const mail = await server.mailbox.waitFor((m) => m.to.includes(email.toLowerCase()));
    expect(mail.subject).toBe(translate('es', 'server-email.verification.subject', { code }));
    await noEnglish(page, 'verify');
    await page.getByLabel(say('auth.verify.codeLabel')).fill(code);
    await page.getByRole('button', { name: say('auth.verify.submit') }).click();
    await page.waitForURL('**/app/onboarding');

    // Onboarding, step by step, in Spanish.
    const next = page.getByRole('button', { name: say('onboarding.page.next') });
    await next.waitFor();
    await noEnglish(page, 'onboarding 1');
    const genres = page.locator('input[type="checkbox"]');
    for (let i = 0; i < 3; i++) await genres.nth(i).check();
    await next.click();
    await page.getByText(say('onboarding.progress.value').replace('{step}', '2').replace('{total}', '4')).first().waitFor();
    await noEnglish(page, 'onboarding 2');
    await page.locator('input[type="checkbox"]').first().check();
    await next.click();
    await page.getByText(say('onboarding.progress.value').replace('{step}', '3').replace('{total}', '4')).first().waitFor();
    const movies = page.locator('.movie-option input');
    await movies.first().waitFor();
    for (let i = 0; i < 3; i++) await movies.nth(i).check();
    await noEnglish(page, 'onboarding 3');
    await next.click();
    await page.getByText(say('onboarding.progress.value').replace('{step}', '4').replace('{total}', '4')).first().waitFor();
    await page.getByRole('checkbox', { name: 'Netflix' }).check();
    await noEnglish(page, 'onboarding 4');
    await page.getByRole('button', { name: say('onboarding.page.finish') }).click();
    await page.waitForURL('**/app/dashboard');

    // The pick: the card's words and its reason in Spanish.
    const card = page.locator('article.rec-card');
    await card.waitFor();
    await expect.poll(() => card.locator('.rec-reason').innerText()).toContain(say('dashboard.card.why').trim());
    const reason = await card.locator('.rec-reason bdi').innerText();
    expect(reason.length).toBeGreaterThan(10);
    expect(reason).not.toMatch(/\b(Because you liked|For your love of|A highly rated pick|on your services)\b/);
    await noEnglish(page, 'dashboard');
    await screenshot(page, 'spanish-dashboard');

    // The account speaks Spanish from now on: the profile says so.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const profile = await (await fetch(`${server.url}/api/settings/profile`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(profile.ui_language).toBe('es');
    await context.close();
  });
});
