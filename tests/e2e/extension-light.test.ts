// The popup follows the system's colour scheme (issue 35, item 12): light colours when the browser
// asks for light, the dark theme otherwise; both without serious accessibility findings (contrast
// included), on the built extension's own popup page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './support/web-harness.js';
import { artifact, buildExtensionFor, EXTENSION_ID, freePort, launchWithExtension } from './support/extension-harness.js';

const POPUP = `chrome-extension://${EXTENSION_ID}/src/popup/index.html`;

describe('the popup in light and dark', () => {
  let extensionDir: string;
  let context: BrowserContext;
  beforeAll(async () => {
    // No server answers there: signed out, the popup shows its sign-in view, which is enough here.
    extensionDir = await buildExtensionFor(`http://127.0.0.1:${await freePort()}`);
    context = await launchWithExtension(extensionDir);
  });
  afterAll(async () => {
    await context?.close();
    if (extensionDir) rmSync(extensionDir, { recursive: true, force: true });
  });

  const colours = (page: Page) =>
    page.evaluate(() => {
      const s = getComputedStyle(document.body);
      return { background: s.backgroundColor, text: s.color };
    });

  it.each([
    ['light', { background: 'rgb(246, 243, 238)', text: 'rgb(27, 26, 31)' }],
    ['dark', { background: 'rgb(20, 17, 43)', text: 'rgb(243, 241, 255)' }],
  ] as const)('%s scheme', async (scheme, expected) => {
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(POPUP);
    await page.locator('.popup').waitFor();
    await page.getByRole('button').first().waitFor();
    expect(await colours(page)).toEqual(expected);
    await page.screenshot({ path: artifact(`popup-${scheme}.png`) });
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
