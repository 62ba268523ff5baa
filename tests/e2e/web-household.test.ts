// A pick for two in real Chromium against the real server (built app, real database, SMTP
// mailbox), two people in two browser contexts: Asha invites Ben from Settings; Ben opens the
// mailed link signed out, creates his account from it, verifies, comes back to the invite, accepts,
// finishes onboarding; Ben asks for a pick for both of them; both see it on their dashboards, and
// Asha's rating shows on Ben's card.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { GOOD_PASSWORD, signUp, uniqueEmail, type TestServer } from '../../server/test/support/test-server.js';
import { newContext, screenshot, seriousViolations, useWebApp } from './support/web-harness.js';

describe('a pick for two in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  useWebApp((s, b) => ((server = s), (browser = b)));

  async function signIn(page: Page, email: string) {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(GOOD_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/app/dashboard');
  }

  it('invite, read the mail, sign up as the partner from the link, accept, ask for a together pick, both see it', async () => {
    // Asha: an onboarded account with Netflix.
    const asha = await signUp(server, { email: uniqueEmail('asha'), fullName: 'Asha Rao' });
    const { movies } = await asha.api.onboarding.filteredMovies({ genres: ['Drama', 'Thriller'], languages: ['English'] });
    await asha.api.onboarding.savePreferences({
      selected_genres: ['Drama', 'Thriller'],
      preferred_languages: ['English'],
      initial_movies: movies.slice(0, 3).map((m) => m.title),
      ott_subscriptions: ['Netflix'],
      subscription_tier: 'free_trial',
    });
    const ashaPage = await (await newContext(browser, server.url, 'desktop')).newPage();
    const benPage = await (await newContext(browser, server.url, 'phone')).newPage();
    const errors: string[] = [];
    for (const p of [ashaPage, benPage]) p.on('pageerror', (e) => errors.push(e.message));

    await signIn(ashaPage, asha.email);
    await ashaPage.goto('/app/settings?section=household');
    const section = ashaPage.locator('#household');
    const benEmail = uniqueEmail('ben');
    const before = server.mailbox.messages.length;
    await section.getByLabel('Your partner’s email').fill(benEmail);
    await section.getByRole('button', { name: 'Send invite' }).click();
    await section.getByText(`Invite sent to ${benEmail}`, { exact: false }).waitFor();
    await screenshot(ashaPage, 'household-settings-invited');
    expect(await seriousViolations(ashaPage)).toEqual([]);

    // The mail's link, opened signed out in Ben's browser.
    const mail = await server.mailbox.waitFor((m) => m.to.includes(benEmail) && server.mailbox.messages.indexOf(m) >= before);
    expect(mail.subject).toBe("You're invited to pick what to watch together on Tonight's Pick");
    const link = /https?:\/\/\S+(\/household\/accept#token=[A-Za-z0-9_-]+)/.exec(mail.text)![1];
    await benPage.goto(link);
    await benPage.getByRole('heading', { name: 'Pick what to watch, together' }).waitFor();
    // The token leaves the address bar.
    expect(new URL(benPage.url()).hash).toBe('');
    await screenshot(benPage, 'household-accept-signed-out');
    expect(await seriousViolations(benPage)).toEqual([]);

    // Create the account from the invite; after the emailed code, back to the invite.
    await benPage.getByRole('link', { name: 'Create an account' }).click();
    await benPage.waitForURL('**/register');
    await benPage.getByLabel('Email').fill(benEmail);
    await benPage.getByLabel('Password').fill(GOOD_PASSWORD);
    await benPage.getByRole('button', { name: 'Create account' }).click();
    await benPage.waitForURL('**/verify-email');
    await benPage.getByLabel('Verification code').fill(await server.mailbox.codeFor(benEmail));
    await benPage.getByRole('button', { name: 'Verify email' }).click();
    await benPage.waitForURL('**/household/accept');
    await benPage.getByText(`Signed in as ${benEmail}.`).waitFor();
    await benPage.getByRole('button', { name: 'Accept invite' }).click();
    await benPage.getByText('You are in!', { exact: false }).waitFor();
    await screenshot(benPage, 'household-accepted');
    expect(await seriousViolations(benPage)).toEqual([]);

    // Ben finishes onboarding (Prime Video), and lands on his dashboard.
    await benPage.getByRole('link', { name: 'Finish setting up' }).click();
    await benPage.waitForURL('**/app/onboarding');
    const next = benPage.getByRole('button', { name: 'Next' });
    for (const g of ['Drama', 'Thriller']) await benPage.getByRole('checkbox', { name: g }).check();
    await next.click();
    await benPage.getByRole('checkbox', { name: 'English' }).check();
    await next.click();
    const options = benPage.locator('.movie-option input[type="checkbox"]');
    await options.first().waitFor();
    for (const n of [3, 4, 5]) await options.nth(n).check();
    await next.click();
    await benPage.getByRole('checkbox', { name: 'Prime Video' }).check();
    await benPage.getByRole('button', { name: 'Finish' }).click();
    await benPage.waitForURL('**/app/dashboard');

    // Ben asks for a pick for both of them.
    const together = benPage.locator('section.together');
    await together.getByRole('heading', { name: 'Together with Asha' }).waitFor();
    await together.getByRole('button', { name: 'Pick for both of us' }).click();
    const card = together.locator('article.rec-card');
    await card.waitFor();
    const title = (await card.locator('h2').textContent())!.trim();
    const reason = (await card.locator('.rec-reason').textContent())!;
    expect(reason).toContain('For Ben and Asha: ');
    expect(reason).toMatch(/on (Netflix \(Asha's\)|Prime Video \(Ben's\)|.+ \(you both have it\))/);
    await card.getByText('Asha has not rated it yet.', { exact: false }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(benPage, 'household-together-phone');
    expect(await seriousViolations(benPage)).toEqual([]);

    // Asha sees the same pick on her dashboard and likes it; Ben sees her rating.
    await ashaPage.goto('/app/dashboard');
    const ashaCard = ashaPage.locator('section.together article.rec-card');
    await ashaCard.waitFor();
    expect((await ashaCard.locator('h2').textContent())!.trim()).toBe(title);
    await ashaCard.getByText('Ben asked for this pick.', { exact: false }).waitFor();
    await ashaCard.getByRole('button', { name: 'Like', exact: true }).click();
    await ashaCard.getByRole('button', { name: 'Liked', exact: true }).waitFor();
    await ashaCard.scrollIntoViewIfNeeded();
    await screenshot(ashaPage, 'household-together-desktop');
    expect(await seriousViolations(ashaPage)).toEqual([]);
    await benPage.reload();
    await benPage.locator('section.together').getByText('Asha liked it.', { exact: false }).waitFor();
    expect(errors).toEqual([]);
  });
});
