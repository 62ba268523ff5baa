// The Firefox build in Firefox: Debian's firefox-esr, headless, driven over WebDriver BiDi
// (puppeteer-core), loads extension/dist/firefox as a temporary add-on, as a developer does from
// about:debugging. The popup page renders its signed-out state, and the background script answers
// the popup: Sign in opens the web app's connect page with a one-time nonce. The full journey
// (sign in, picks, schedule) runs in Chromium (extension.test.ts); this checks what differs in
// Firefox: the manifest it accepts, background scripts instead of a service worker, browser.*.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { EXTENSION_HANDOFF } from '@app/shared';
import { ALLOW_EXTENSION_PAGES, ROOT } from './support/extension-harness.js';

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const BUILD = join(ROOT, 'extension/dist/firefox');
const ADDON_ID = 'tonights-pick@extension.local';
// Firefox gives each add-on a random moz-extension:// host per profile; this pref fixes ours.
const UUID = '5f1e1c0a-7b1e-4c5e-9a55-2f6d3c1b9e10';
const POPUP = `moz-extension://${UUID}/src/popup/index.html`;
// The build's default server (extension/vite.config.ts); nothing needs to listen there.
const DEFAULT_SERVER = 'http://localhost:8080';

declare const browser: { runtime: { sendMessage(m: unknown): Promise<unknown> } };

/** The address a tab was sent to, also when Firefox shows its "cannot connect" page instead. */
function requestedUrl(url: string): string {
  if (!url.startsWith('about:neterror')) return url;
  return new URL(url.replace('about:neterror', 'http://neterror/')).searchParams.get('u') ?? url;
}

describe('the Firefox build in Firefox ESR', () => {
  let firefox: Browser;
  let profile: string;
  let popup: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    if (!existsSync(FIREFOX)) throw new Error(`${FIREFOX} is missing: apt-get install firefox-esr (or set FIREFOX_PATH)`);
    if (!existsSync(join(BUILD, 'manifest.json'))) throw new Error('extension/dist/firefox is missing: run `npm run build -w extension` first');
    profile = mkdtempSync(join(tmpdir(), 'tp-firefox-'));
    firefox = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX,
      headless: true,
      userDataDir: profile,
      args: ALLOW_EXTENSION_PAGES,
      extraPrefsFirefox: { 'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: UUID }) },
    });
  });

  /**
   * The element once the page shows it. The navigation above is not awaited, so a poll may land
   * while the page is being replaced: Firefox then answers that evaluation with a protocol error
   * (no document yet), which says nothing of the page's state, and the wait starts again.
   */
  async function contentOf(page: Page, selector: string) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await page.waitForSelector(selector, { timeout: 20_000 });
      } catch (err) {
        if (attempt >= 5 || !causedByProtocolError(err)) throw err;
      }
    }
  }

  afterAll(async () => {
    await firefox?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it('installs the build as a temporary add-on', async () => {
    expect(await firefox.installExtension(BUILD)).toBe(ADDON_ID);
  });

  it('renders the popup signed out, with one way in', async () => {
    popup = await firefox.newPage();
    popup.on('pageerror', (err) => pageErrors.push(String(err)));
    // Firefox does not report a load event for moz-extension:// pages over BiDi, so the page is
    // waited for by its content instead of by the navigation.
    void popup.goto(POPUP, { timeout: 5_000 }).catch(() => undefined);
    const signedOut = await contentOf(popup, '[data-state="signed-out"]');
    expect(await signedOut!.evaluate((el) => (el as HTMLElement).innerText)).toContain('Sign in with your account in the web app');
    expect(await popup.$eval('[data-action="sign-in"]', (b) => (b as HTMLButtonElement).disabled)).toBe(false);
    expect(pageErrors).toEqual([]);
  });

  it('has a background script that answers the popup: Sign in opens the connect page with a nonce', async () => {
    // A direct message first: the background's router answers extension pages.
    const answer = await popup.evaluate(() => browser.runtime.sendMessage({ name: 'bridge/sync', payload: {} }));
    expect(answer).toEqual({ registeredFor: expect.stringMatching(/^http:\/\/localhost\//) });

    const opened = firefox.waitForTarget((t) => requestedUrl(t.url()).startsWith(`${DEFAULT_SERVER}${EXTENSION_HANDOFF.connectPath}?`), { timeout: 20_000 });
    await popup.click('[data-action="sign-in"]');
    const url = new URL(requestedUrl((await opened).url()));
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(await popup.$('[data-state="signed-out"] [role="alert"]')).toBeNull();
    expect(pageErrors).toEqual([]);
  });
});

function causedByProtocolError(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) if (e.name === 'ProtocolError') return true;
  return false;
}
