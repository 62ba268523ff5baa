// Helpers of the web journeys: headless system Chromium, screenshots at phone and desktop
// sizes, and an axe-core scan of the page.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { ROOT, WEB_DIST } from './extension-harness.js';
import { GOOD_PASSWORD, signUp, startTestServer, type TestClient, type TestServer } from '../../../server/test/support/test-server.js';

export const WEB_ARTIFACTS = join(ROOT, 'test-artifacts/web');
export const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    headless: true,
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/**
 * A user signed up and onboarded through the API with the journeys' usual taste: science fiction,
 * drama and thrillers, Arrival, Parasite and Dark as favourites, Netflix, the free trial.
 */
export async function journeyUser(server: TestServer, fullName: string, languages: string[] = ['English', 'Korean']): Promise<TestClient & { email: string }> {
  const user = await signUp(server, { fullName });
  await user.api.onboarding.savePreferences({
    selected_genres: ['Science Fiction', 'Drama', 'Thriller'],
    initial_movies: ['Arrival', 'Parasite', 'Dark'],
    preferred_languages: languages,
    ott_subscriptions: ['Netflix'],
    subscription_tier: 'free_trial',
  });
  return user;
}

/**
 * A journey's app for one describe block: the built web app served by a real server on a fresh
 * SQLite database, and a headless Chromium; started before the block's tests (handed to `ready`),
 * closed after them. `env`: the server's extra environment (e.g. a larger FREE_WEEKLY_LIMIT).
 */
export function useWebApp(ready: (server: TestServer, browser: Browser) => void, env: Record<string, string> = {}): void {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error(`no web build at ${WEB_DIST}: run npm run build`);
    server = await startTestServer('sqlite', { webDist: WEB_DIST, env });
    browser = await launchBrowser();
    ready(server, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
}

/**
 * A new page signed in as `user` the way the web app keeps a session (the token and the user in
 * localStorage), opened at `path`.
 */
export async function signedInPage(browser: Browser, server: TestServer, user: TestClient, viewport: keyof typeof VIEWPORTS, path = '/app/dashboard'): Promise<Page> {
  const session = { token: user.store.token!, user: JSON.stringify(await user.api.settings.profile()) };
  const page = await (await newContext(browser, server.url, viewport)).newPage();
  await page.goto('/');
  await page.evaluate((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('user', s.user);
  }, session);
  await page.goto(path);
  return page;
}

export async function newContext(browser: Browser, baseURL: string, viewport: keyof typeof VIEWPORTS = 'desktop', colorScheme: 'light' | 'dark' = 'light'): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[viewport], colorScheme, acceptDownloads: true, reducedMotion: 'reduce' });
  // Every page records what its Content-Security-Policy refused (cspViolations reads it). Injected
  // by the browser, not the page, so the policy itself stays as the server sent it.
  await context.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__cspViolations', { value: seen });
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  return context;
}

/** What the page's Content-Security-Policy refused since it loaded (an eval, an inline script, a foreign origin). */
export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => [...((window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])]);
}

/** Saves `<name>-<viewport>.png` under test-artifacts/web; the viewport alone with `fullPage: false` (dialogs). */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(WEB_ARTIFACTS, { recursive: true });
  const vp = page.viewportSize();
  const file = join(WEB_ARTIFACTS, `${name}-${vp?.width ?? 0}x${vp?.height ?? 0}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: number;
}

/** axe-core's serious and critical violations on the current page. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated over CDP, so the page's CSP (no inline scripts) stays as it is.
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: unknown[] }> }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Types `search` into the timezone combobox labelled Timezone inside `scope`, then clicks the option named `option`. */
export async function chooseTimezone(scope: Locator, search: string, option: string, label: string | RegExp = 'Timezone'): Promise<void> {
  const input = scope.getByLabel(label);
  // A click opens the list even when the text typed equals the current zone (no change event then).
  await input.click();
  await input.fill(search);
  await scope.getByRole('option', { name: option, exact: true }).click();
}

/** Registers `email` on the register page and verifies it with the code the server mailed; ends on onboarding. */
export async function registerInBrowser(page: Page, server: TestServer, email: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(GOOD_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/verify-email');
  await page.getByLabel('Verification code').fill(await server.mailbox.codeFor(email));
  await page.getByRole('button', { name: 'Verify email' }).click();
  await page.waitForURL('**/app/onboarding');
}
