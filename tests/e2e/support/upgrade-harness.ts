// The upgrade and calendar journeys' world: the real server (built web app, SQLite, SMTP mailbox)
// with Stripe and Google pointed at the local fakes of server/test/support, and users prepared
// through the API the way the web app would leave them.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signUp, startTestServer, type TestClient, type TestServer } from '../../../server/test/support/test-server.js';
import { startFakeStripe, stripeEnv, type FakeStripe } from '../../../server/test/support/fake-stripe.js';
import { startFakeGoogleOAuth, type FakeGoogleOAuth } from '../../../server/test/support/fake-google-oauth.js';
import { findUserById } from '../../../server/src/features/users/users.repository.js';
import { freePort, WEB_DIST } from './extension-harness.js';
import { launchBrowser, newContext, screenshot, seriousViolations, VIEWPORTS } from './web-harness.js';

export type Viewport = keyof typeof VIEWPORTS;
export type User = TestClient & { email: string; id: string };

export interface UpgradeWorld {
  server: TestServer;
  stripe: FakeStripe;
  google: FakeGoogleOAuth;
  browser: Browser;
  webhookUrl: string;
  close(): Promise<void>;
}

export async function startUpgradeWorld(): Promise<UpgradeWorld> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error(`no web build at ${WEB_DIST}: run npm run build`);
  const stripe = await startFakeStripe();
  const google = await startFakeGoogleOAuth();
  // A real port in APP_URL: Stripe's success URL and Google's redirect URI come back to it.
  const port = await freePort();
  const server = await startTestServer('sqlite', {
    webDist: WEB_DIST,
    env: { PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, ...stripeEnv(stripe), ...google.env() },
  });
  const webhookUrl = `${server.url}/api/subscription/webhook`;
  stripe.webhookUrl = webhookUrl;
  const browser = await launchBrowser();
  return {
    server,
    stripe,
    google,
    browser,
    webhookUrl,
    async close() {
      await browser.close();
      await server.close();
      await stripe.close();
      await google.close();
    },
  };
}

/** A verified, onboarded free user who has spent `picks` of the week's recommendations. */
export async function onboardedUser(server: TestServer, picks = 0): Promise<User> {
  const c = await signUp(server, { fullName: 'Uma Upgrade' });
  await c.api.onboarding.savePreferences({
    selected_genres: ['Drama', 'Thriller', 'Science Fiction'],
    initial_movies: ['Parasite', 'Arrival', 'Oldboy'],
    preferred_languages: ['English', 'Korean'],
    ott_subscriptions: ['Netflix'],
    subscription_tier: 'free_trial',
  });
  // These journeys follow a user who takes scheduled picks; new accounts start with them off.
  await c.api.settings.updateProfile({ email_delivery: true });
  if (picks > 0) await c.api.recommendations.current();
  for (let i = 1; i < picks; i++) await c.api.recommendations.next({ previous: 'skip' });
  return Object.assign(c, { id: c.store.user!.id });
}

/** A browser context signed in as `user` (token and user in localStorage before any script runs). */
export async function signedInContext(world: UpgradeWorld, user: User, viewport: Viewport = 'desktop'): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
  const ctx = await newContext(world.browser, world.server.url, viewport);
  const profile = JSON.stringify(await user.api.settings.profile());
  await ctx.addInitScript(
    ([origin, token, u]) => {
      if (location.origin === origin && !localStorage.getItem('token')) {
        localStorage.setItem('token', token);
        localStorage.setItem('user', u);
      }
    },
    [world.server.url, user.store.token!, profile] as const,
  );
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { ctx, page, errors };
}

export async function dbUser(server: TestServer, id: string) {
  const row = await findUserById(server.running.ctx.db, id);
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

/** An axe scan of the current page with no serious or critical violation. */
export async function scan(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page), `${name} at ${page.url()}`).toEqual([]);
}

/** Screenshot `<name>-<w>x<h>.png` into test-artifacts/web (from the top of the page), then the scan. */
export async function shootAndScan(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
  await scan(page, name);
}

/** YYYY-MM-DD in `timeZone`, `days` from now. */
export function dateIn(timeZone: string, days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000));
}

/** "YYYY-MM-DD HH:MM" of an instant on the wall clock of `timeZone`. */
export function wallClock(instant: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
