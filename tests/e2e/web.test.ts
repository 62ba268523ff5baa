// The web app in real Chromium against the real server (built app, real database, SMTP mailbox):
// the whole journey of a new user, the free-plan limit, guards and redirects, feedback and the
// rating link. web-screens.test.ts shoots and scans every screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ical from 'node-ical';
import type { Browser } from 'playwright-core';
import { ALERT_TEXTS, PLAN_LIMIT_TEXTS, PASSWORD_RULES } from '@app/shared';
import { GOOD_PASSWORD, signUp, startTestServer, uniqueEmail, type TestServer } from '../../server/test/support/test-server.js';
import { ratingLink } from '../../server/src/features/recommendations/rating-link.js';
import { freePort, WEB_DIST } from './support/extension-harness.js';
import { chooseTimezone, launchBrowser, newContext } from './support/web-harness.js';

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

describe('web app in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error(`no web build at ${WEB_DIST}: run npm run build`);
    // A real port in APP_URL: the .ics event links back to the app, and port 0 is no URL.
    const port = await freePort();
    server = await startTestServer('sqlite', { webDist: WEB_DIST, env: { PORT: String(port), APP_URL: `http://127.0.0.1:${port}` } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('takes a new user from the landing page through every screen of the product', async () => {
    const ctx = await newContext(browser, server.url, 'desktop');
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Landing: posters, pricing, then sign-up.
    await page.goto('/');
    await expect.poll(() => page.locator('.poster img').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.poster img').first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await page.getByText('Early bird - save $20').count()).toBe(1);
    await page.getByRole('link', { name: 'Get started' }).click();

    // Register, with the password hint; the code comes from the SMTP mailbox.
    const email = uniqueEmail('journey');
    await page.waitForURL('**/register');
    await page.getByText(PASSWORD_RULES.hint).waitFor();
    await page.getByLabel(/Full name/).fill('Jo Journey');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(GOOD_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/verify-email');
    expect(await page.getByRole('button', { name: /Resend code in \d+s/ }).isDisabled()).toBe(true);
    const code = await server.mailbox.codeFor(email);
    await page.getByLabel('Verification code').fill(code.toLowerCase());
    expect(await page.getByLabel('Verification code').inputValue()).toBe(code);
    await page.getByRole('button', { name: 'Verify email' }).click();
    await page.getByText('Your email is verified').waitFor();
    await page.waitForURL('**/app/onboarding');

    // Onboarding: every limit tried.
    const next = page.getByRole('button', { name: 'Next' });
    await page.getByText('Pick 2 to 5').waitFor();
    await page.getByRole('checkbox', { name: 'Drama' }).check();
    expect(await next.isDisabled()).toBe(true);
    for (const g of ['Thriller', 'Science Fiction', 'Crime', 'Mystery']) await page.getByRole('checkbox', { name: g }).check();
    expect(await page.getByRole('checkbox', { name: 'Comedy' }).isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'Mystery' }).uncheck();
    await page.getByRole('checkbox', { name: 'Crime' }).uncheck();
    await next.click();
    await page.getByText(/Step 2 of 4/).waitFor();
    expect(await next.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'English' }).check();
    await page.getByRole('checkbox', { name: 'Korean' }).check();
    await next.click();
    await page.getByText(/Step 3 of 4/).waitFor();
    const movies = page.locator('.movie-option input');
    await movies.first().waitFor();
    await movies.nth(0).check();
    await movies.nth(1).check();
    expect(await next.isDisabled()).toBe(true);
    await movies.nth(2).check();
    expect(await next.isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByText(/Step 2 of 4/).waitFor();
    await next.click();
    await page.getByText('3 of 20 selected').waitFor();
    await next.click();
    await page.getByText(/Step 4 of 4/).waitFor();
    await page.getByRole('checkbox', { name: 'Netflix' }).check();
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL('**/app/dashboard');

    // Dashboard: every field of the card.
    const card = page.locator('article.rec-card');
    await card.waitFor();
    const firstTitle = await card.getByRole('heading', { level: 2 }).innerText();
    expect(firstTitle.length).toBeGreaterThan(0);
    expect(await card.locator('.rec-facts').innerText()).toMatch(/^\d{4}/);
    expect(await card.locator('.rec-scores dt').allInnerTexts()).toEqual(['Rotten Tomatoes', 'IMDb', 'Where to watch']);
    expect((await card.locator('.rec-description').innerText()).length).toBeGreaterThan(20);
    expect(await card.locator('.rec-reason').innerText()).toMatch(/Why this pick/);
    await expect.poll(() => card.locator('img.rec-poster').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // Like: both rating buttons disabled, the chosen one marked.
    await card.getByRole('button', { name: 'Like', exact: true }).click();
    const liked = card.getByRole('button', { name: 'Liked' });
    await liked.waitFor();
    expect(await liked.getAttribute('aria-pressed')).toBe('true');
    expect(await liked.isDisabled()).toBe(true);
    expect(await card.getByRole('button', { name: 'Dislike' }).isDisabled()).toBe(true);

    // Already Watched, then a new one with a mood.
    await card.getByRole('button', { name: 'Already Watched' }).click();
    await expect.poll(() => card.getByRole('heading', { level: 2 }).innerText()).not.toBe(firstTitle);
    const secondTitle = await card.getByRole('heading', { level: 2 }).innerText();
    await page.getByLabel('Mood for the next pick').selectOption('thrilling');
    await card.getByRole('button', { name: 'New recommendation' }).click();
    await expect.poll(() => card.getByRole('heading', { level: 2 }).innerText()).not.toBe(secondTitle);
    const thirdTitle = await card.getByRole('heading', { level: 2 }).innerText();

    // Schedule: the date is required, then the server's .ics file is downloaded and parsed.
    await card.getByRole('button', { name: 'Schedule' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Date').fill('');
    await dialog.getByRole('button', { name: 'Download .ics' }).click();
    await dialog.getByText(ALERT_TEXTS.selectDate).waitFor();
    await dialog.getByLabel('Date').fill(tomorrow());
    // The profile's 19:00 (the dialog offers a later time instead while tonight is still possible).
    await dialog.getByLabel('Time', { exact: true }).fill('19:00');
    await chooseTimezone(dialog, 'UTC', 'UTC');
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download .ics' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const icsPath = join(mkdtempSync(join(tmpdir(), 'tp-ics-')), 'pick.ics');
    await download.saveAs(icsPath);
    const events = Object.values(ical.sync.parseICS(readFileSync(icsPath, 'utf8'))).filter((e) => e.type === 'VEVENT') as ical.VEvent[];
    expect(events).toHaveLength(1);
    expect(String(events[0].summary)).toContain(thirdTitle);
    expect(new Date(events[0].start).toISOString()).toBe(`${tomorrow()}T19:00:00.000Z`);
    // The free plan: the connected calendar is shown as a lifetime feature, not a failing button.
    expect(await dialog.getByRole('button', { name: 'Add to calendar' }).count()).toBe(0);
    await dialog.getByText(/Lifetime feature/).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // History lists the earlier picks with their ratings.
    const history = page.locator('.history-list');
    await expect.poll(() => history.locator('li').count()).toBeGreaterThanOrEqual(3);
    expect(await history.innerText()).toContain(firstTitle);
    // The first pick was liked: its row's Like is pressed (history rows are editable).
    expect(await history.locator('li', { hasText: firstTitle }).getByRole('button', { name: 'Like', exact: true }).getAttribute('aria-pressed')).toBe('true');

    // Already Watched was a free replacement (docs/product-decisions.md): one more pick spends
    // the week's third, and the next is over the free limit: the upgrade modal with the plan-limit text.
    await card.getByRole('button', { name: 'New recommendation' }).click();
    await expect.poll(() => card.getByRole('heading', { level: 2 }).innerText()).not.toBe(thirdTitle);
    await page.getByText('0 of 3 picks left this week · 4 free replacements').waitFor();
    await card.getByRole('button', { name: 'New recommendation' }).click();
    const limit = page.getByRole('dialog');
    await limit.getByRole('heading', { name: PLAN_LIMIT_TEXTS.title }).waitFor();
    expect(await limit.innerText()).toContain(PLAN_LIMIT_TEXTS.limitReached);
    await limit.getByRole('button', { name: 'Not now' }).click();
    await page.getByRole('alert').filter({ hasText: PLAN_LIMIT_TEXTS.title }).getByRole('button', { name: 'Upgrade' }).click();
    await page.waitForURL('**/app/settings?upgrade=true&section=subscription');
    await page.getByRole('dialog').getByRole('heading', { name: 'Upgrade to lifetime' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Not now' }).click();

    // Settings changes are kept after a reload.
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByLabel('Full name').fill('Jo Renamed');
    await profile.getByRole('checkbox', { name: 'Saturday' }).check();
    await chooseTimezone(profile, 'Tokyo', 'Tokyo (Asia/Tokyo)');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await profile.getByText('Profile saved.').waitFor();
    const langs = page.getByRole('region', { name: 'Preferred languages' });
    await langs.getByRole('checkbox', { name: 'Korean' }).uncheck();
    await langs.getByRole('checkbox', { name: 'English' }).uncheck();
    expect(await langs.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await langs.getByRole('checkbox', { name: 'Hindi' }).check();
    await langs.getByRole('button', { name: 'Save' }).click();
    await langs.getByText('Saved.').waitFor();
    await page.reload();
    const reloaded = page.getByRole('region', { name: 'Profile' });
    await reloaded.getByLabel('Full name').waitFor();
    expect(await reloaded.getByLabel('Full name').inputValue()).toBe('Jo Renamed');
    expect(await reloaded.getByRole('checkbox', { name: 'Saturday' }).isChecked()).toBe(true);
    expect(await reloaded.getByLabel('Timezone').inputValue()).toBe('Asia/Tokyo');
    expect(await page.getByRole('region', { name: 'Preferred languages' }).getByRole('checkbox', { name: 'Hindi' }).isChecked()).toBe(true);
    expect(await page.locator('.user-name').innerText()).toBe('Jo Renamed');
    expect(await page.getByRole('button', { name: 'Upgrade to Unlock' }).count()).toBe(1);

    // Feedback: a thumb is required.
    await page.getByRole('button', { name: 'Feedback' }).click();
    const fb = page.getByRole('dialog', { name: 'Send feedback' });
    await fb.getByRole('button', { name: 'Send feedback' }).click();
    await fb.getByText(ALERT_TEXTS.selectThumb).waitFor();
    await fb.getByRole('button', { name: 'Thumbs up' }).click();
    await fb.getByLabel('Comment (optional)').fill('The journey works');
    await fb.getByRole('button', { name: 'Send feedback' }).click();
    await fb.getByText('Thank you for your feedback!').waitFor();
    const stored = await server.running.ctx.db.selectFrom('feedback').selectAll().execute();
    expect(stored.map((r) => r.comment)).toContain('The journey works');
    await fb.getByRole('button', { name: 'Close' }).click();

    // Reset preferences -> onboarding.
    await page.getByRole('region', { name: 'Reset preferences' }).getByRole('button', { name: 'Reset preferences' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, reset' }).click();
    await page.waitForURL('**/app/onboarding');
    await page.getByText('Pick 2 to 5').waitFor();

    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('applies the guards, the legacy redirects and the 401 rule', async () => {
    const user = await signUp(server);
    await user.api.onboarding.savePreferences({
      selected_genres: ['Drama', 'Thriller'],
      initial_movies: ['Parasite', 'Oldboy', 'Chernobyl'],
      preferred_languages: ['English'],
      ott_subscriptions: [],
      subscription_tier: 'free_trial',
    });
    const profile = await user.api.settings.profile();
    const ctx = await newContext(browser, server.url, 'desktop');
    const page = await ctx.newPage();

    await page.goto('/app/settings');
    await page.waitForURL('**/login');
    await page.goto('/verify-email');
    await page.waitForURL('**/register');

    await page.evaluate(([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', u);
    }, [user.store.token!, JSON.stringify(profile)]);
    for (const [from, to] of [
      ['/', '/app/dashboard'],
      ['/login', '/app/dashboard'],
      ['/register', '/app/dashboard'],
      ['/dashboard', '/app/dashboard'],
      ['/onboarding', '/app/onboarding'],
      ['/settings', '/app/settings'],
      ['/settings?upgrade=true&section=subscription', '/app/settings?upgrade=true&section=subscription'],
    ]) {
      await page.goto(from);
      await page.waitForURL((u) => u.pathname + u.search === to);
    }

    // An expired or revoked token: removed, and the browser is on /login.
    await page.evaluate(() => localStorage.setItem('token', 'eyJhbGciOiJIUzI1NiJ9.e30.invalid-signature'));
    await page.goto('/app/dashboard');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
    await ctx.close();
  });

  it('records a rating from a valid link, and says Invalid Link without one', async () => {
    const user = await signUp(server);
    await user.api.onboarding.savePreferences({
      selected_genres: ['Drama', 'Comedy'],
      initial_movies: ['Parasite', 'Amélie', 'Chernobyl'],
      preferred_languages: ['English', 'French'],
      ott_subscriptions: [],
      subscription_tier: 'free_trial',
    });
    const rec = await user.api.recommendations.current();
    const me = await user.api.settings.profile();
    const link = new URL(ratingLink(server.running.ctx, rec.id, me.id, 'dislike'));
    const ctx = await newContext(browser, server.url, 'phone');
    const page = await ctx.newPage();
    await page.goto('/rate?rating=like');
    await page.getByRole('heading', { name: ALERT_TEXTS.invalidLink }).waitFor();
    await page.goto(link.pathname + link.search);
    await page.getByRole('button', { name: 'Yes, I disliked it' }).click();
    await page.getByText(`You disliked ${rec.movie_title}`).waitFor();
    expect((await user.api.recommendations.current()).user_rating).toBe(false);
    await ctx.close();
  });
});
