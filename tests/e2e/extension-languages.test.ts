// The extension in the viewer's language (issue 39), in real Chromium started in Japanese: the
// toolbar popup (signed out, its sign-in view) in Japanese with <html lang>, and the extension's
// store description from its _locales.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { seriousViolations } from './support/web-harness.js';
import { artifact, buildExtensionFor, EXTENSION_ID, freePort, launchWithExtension, ROOT } from './support/extension-harness.js';

const POPUP = `chrome-extension://${EXTENSION_ID}/src/popup/index.html`;
const ja = JSON.parse(readFileSync(join(ROOT, 'shared/locales/extension-popup/ja.json'), 'utf8')) as Record<string, string>;

describe('the popup in Japanese', () => {
  let extensionDir: string;
  let context: BrowserContext;
  beforeAll(async () => {
    // No server answers there: signed out, the popup shows its sign-in view.
    extensionDir = await buildExtensionFor(`http://127.0.0.1:${await freePort()}`);
    context = await launchWithExtension(extensionDir, ['--lang=ja', '--accept-lang=ja']);
  });
  afterAll(async () => {
    await context?.close();
    if (extensionDir) rmSync(extensionDir, { recursive: true, force: true });
  });

  it('speaks Japanese, describes itself in Japanese and has no serious axe findings', async () => {
    const page = await context.newPage();
    await page.goto(POPUP);
    await page.locator('.popup').waitFor();
    await page.getByRole('button', { name: ja['extension-popup.signIn.button'] }).waitFor();
    expect(await page.getByText(ja['extension-popup.signIn.title']).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    // The store's description as Chromium reads it for a Japanese browser: the _locales/ja one, not English.
    const described = (lang: string) => JSON.parse(readFileSync(join(extensionDir, `_locales/${lang}/messages.json`), 'utf8')).appDescription.message as string;
    expect(described('ja')).not.toBe(described('en'));
    expect(await page.evaluate(() => (globalThis as unknown as { chrome: { i18n: { getMessage(k: string): string } } }).chrome.i18n.getMessage('appDescription'))).toBe(described('ja'));
    await page.screenshot({ path: artifact('popup-ja.png') });
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
