// Every screen of the web app at 390x844 and 1280x800, in the light and the dark theme, served by
// the real server: a screenshot of each (test-artifacts/web), an axe-core scan with no serious or
// critical violation, and nothing refused by the page's Content-Security-Policy.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signUp, type TestServer } from '../../server/test/support/test-server.js';
import { cspViolations, journeyUser, newContext, screenshot, seriousViolations, useWebApp, VIEWPORTS } from './support/web-harness.js';

const SHOT_NAMES: Record<string, string> = { '/': 'landing', '/rate?token=x&rating=like': 'rate-confirm', '/rate': 'rate-invalid' };

describe('web screens', () => {
  let server: TestServer;
  let browser: Browser;
  useWebApp((s, b) => ((server = s), (browser = b)));

  async function expectNoSeriousViolations(page: Page) {
    expect(await seriousViolations(page), page.url()).toEqual([]);
    expect(await cspViolations(page), page.url()).toEqual([]);
  }

  it('shows every screen at 390x844 and 1280x800 with no serious or critical axe violation', async () => {
    const user = await journeyUser(server, 'Sam Screens');
    const fresh = await signUp(server);
    await user.api.recommendations.current();
    const signedIn = { token: user.store.token!, user: JSON.stringify(await user.api.settings.profile()) };
    const newcomer = { token: fresh.store.token!, user: JSON.stringify(await fresh.api.settings.profile()) };

    const publicPages = ['/', '/login', '/register', '/privacy-policy', '/terms-of-service', '/refund-policy', '/shipping', '/contact', '/rate?token=x&rating=like', '/rate'];
    for (const viewport of Object.keys(VIEWPORTS) as Array<keyof typeof VIEWPORTS>) {
      for (const scheme of ['light', 'dark'] as const) {
        const ctx = await newContext(browser, server.url, viewport, scheme);
        const page = await ctx.newPage();
        const shoot = async (name: string) => {
          await page.waitForLoadState('networkidle');
          if (scheme === 'light' || name === 'landing' || name === 'dashboard') await screenshot(page, scheme === 'dark' ? `${name}-dark` : name);
          await expectNoSeriousViolations(page);
        };
        for (const path of publicPages) {
          await page.goto(path);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await shoot(SHOT_NAMES[path] ?? path.slice(1));
        }
        await page.evaluate(() => localStorage.setItem('pendingVerificationEmail', 'someone@example.test'));
        await page.goto('/verify-email');
        await page.getByLabel('Verification code').waitFor();
        await shoot('verify-email');

        await page.evaluate((s) => {
          localStorage.setItem('token', s.token);
          localStorage.setItem('user', s.user);
        }, newcomer);
        await page.goto('/app/onboarding');
        await page.getByText('Pick 2 to 5').waitFor();
        await shoot('onboarding');

        await page.evaluate((s) => {
          localStorage.setItem('token', s.token);
          localStorage.setItem('user', s.user);
        }, signedIn);
        await page.goto('/app/dashboard');
        await page.locator('article.rec-card').waitFor();
        await shoot('dashboard');
        await page.getByRole('button', { name: 'Schedule' }).click();
        await shoot('schedule');
        await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
        // On a phone the navigation, Feedback included, opens from the header's menu button.
        const menu = page.getByRole('button', { name: 'Menu' });
        if (await menu.isVisible()) {
          await menu.click();
          await shoot('menu');
        }
        await page.getByRole('button', { name: 'Feedback' }).click();
        await shoot('feedback');
        await page.goto('/app/settings');
        await page.getByRole('region', { name: 'Profile' }).waitFor();
        await shoot('settings');
        await page.goto('/app/settings?upgrade=true');
        await page.getByRole('dialog').waitFor();
        await shoot('upgrade');
        await ctx.close();
      }
    }
  });
});
