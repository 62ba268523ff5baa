// A title watched on a streaming site, in headless Chromium with the built extension: the mimic
// Netflix title page (served over HTTPS under its real hostname, as in extension-badge.test.ts)
// carries a real <video> element playing a generated media file. With the default choice (Ask me)
// the end of the video makes the badge ask "Watched it?" and sends nothing; its button marks the
// title watched. With "Mark it watched automatically" chosen in the options page, the end alone
// does it and the badge says so. Either way the title is in the user's history as watched on a
// streaming site (read through the API), and the one request carried the title id and the event.
/// <reference types="chrome" />
import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchedOnLabel } from '@app/shared';
import { signUp, type TestClient, type TestServer, startTestServer } from '../../server/test/support/test-server.js';
import { artifact, buildExtensionFor, EXTENSION_ID, freePort, launchWithExtension } from './support/extension-harness.js';
import { MEDIA_SECONDS, mimicNetflixWithVideo, PLAY_TO_END, recordingProxy, TITLE_URL, type SeenRequest } from './support/mimic-video.js';

const OPTIONS = `chrome-extension://${EXTENSION_ID}/src/options/index.html`;
const TITLE = { title: 'Stranger Things', year: 2016 };

describe('a title watched on a streaming site (Chromium)', () => {
  let server: TestServer;
  let proxy: Server;
  let sites: Server;
  let extensionDir: string;
  let certDir: string;
  let context: BrowserContext;
  let worker: Worker;
  const seen: SeenRequest[] = [];

  beforeAll(async () => {
    const port = await freePort();
    server = await startTestServer('sqlite', { env: { PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, EXTENSION_ORIGINS: `chrome-extension://${EXTENSION_ID}` } });
    proxy = await recordingProxy(server.url, seen);

    ({ sites, certDir } = await mimicNetflixWithVideo());

    extensionDir = await buildExtensionFor(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`);
    context = await launchWithExtension(extensionDir, [
      `--host-resolver-rules=MAP www.netflix.com:443 127.0.0.1:${(sites.address() as AddressInfo).port},EXCLUDE 127.0.0.1`,
      '--ignore-certificate-errors',
    ]);
    worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));

    // Netflix turned on as in the badge journey: the user's grant in Chrome's settings, then the switch.
    const settings = await context.newPage();
    await settings.goto('chrome://extensions/');
    await settings.evaluate((id) => (chrome as unknown as { developerPrivate: { addHostPermission(id: string, p: string): Promise<void> } }).developerPrivate.addHostPermission(id, 'https://www.netflix.com/*'), EXTENSION_ID);
    await settings.close();
    const options = await context.newPage();
    await options.goto(OPTIONS);
    const toggle = options.getByRole('switch', { name: 'Netflix' });
    // click() waits for the switch to be enabled (the background answered which sites are on).
    await toggle.click();
    await options.getByText('The badge is on for Netflix. Open a title page there to see it.').waitFor();
    await options.close();
  });

  afterAll(async () => {
    await context?.close();
    await new Promise((r) => sites?.close(r));
    await new Promise((r) => proxy?.close(r));
    await server?.close();
    if (extensionDir) rmSync(extensionDir, { recursive: true, force: true });
    if (certDir) rmSync(certDir, { recursive: true, force: true });
  });

  /** A new onboarded user, whose extension token the extension now holds. */
  async function signedInUser(name: string): Promise<TestClient> {
    const user = await signUp(server, { fullName: name });
    const { movies } = await user.api.onboarding.filteredMovies({ genres: ['Drama', 'Thriller'], languages: ['English'] });
    await user.api.onboarding.savePreferences({ selected_genres: ['Drama', 'Thriller'], preferred_languages: ['English'], initial_movies: movies.slice(0, 3).map((m) => m.title), ott_subscriptions: ['Netflix'] });
    const { token } = await user.api.extension.createToken({ nonce: `watched-${name.replace(/\W/g, '')}-nonce-0123456789`, browser_name: 'Chromium (watched test)' });
    await worker.evaluate(async (t) => chrome.storage.local.set({ token: t }), token);
    return user;
  }

  /** The badge's text, read through the closed shadow root over CDP. */
  async function badgeText(page: Page): Promise<string | null> {
    const cdp = await context.newCDPSession(page);
    try {
      const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
      type Node = { nodeName: string; nodeValue?: string; attributes?: string[]; children?: Node[]; shadowRoots?: Node[] };
      const find = (n: Node): Node | null => {
        if (n.attributes?.join('\u0000').includes('id\u0000tonights-pick-badge')) return n;
        for (const c of [...(n.children ?? []), ...(n.shadowRoots ?? [])]) {
          const f = find(c);
          if (f) return f;
        }
        return null;
      };
      const host = find(root as Node);
      if (!host) return null;
      const text: string[] = [];
      const walk = (n: Node) => {
        if (n.nodeName === 'STYLE') return;
        if (n.nodeName === '#text' && n.nodeValue?.trim()) text.push(n.nodeValue.trim());
        for (const c of [...(n.shadowRoots ?? []), ...(n.children ?? [])]) walk(c);
      };
      walk(host);
      return text.join(' | ');
    } finally {
      await cdp.detach();
    }
  }

  /** Presses one of the badge's buttons (by its data-action) with the keyboard. */
  async function pressBadgeButton(page: Page, action: string): Promise<void> {
    const cdp = await context.newCDPSession(page);
    try {
      const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
      type Node = { backendNodeId: number; attributes?: string[]; children?: Node[]; shadowRoots?: Node[] };
      const find = (n: Node): Node | null => {
        const a = n.attributes ?? [];
        if (a.indexOf('data-action') >= 0 && a[a.indexOf('data-action') + 1] === action) return n;
        for (const c of [...(n.children ?? []), ...(n.shadowRoots ?? [])]) {
          const f = find(c);
          if (f) return f;
        }
        return null;
      };
      const button = find(root as Node);
      if (!button) throw new Error(`no badge button ${action}`);
      await cdp.send('DOM.focus', { backendNodeId: button.backendNodeId });
    } finally {
      await cdp.detach();
    }
    await page.keyboard.press('Enter');
  }

  const watchedRequests = () => seen.filter((r) => r.url === '/api/extension/watched');

  it('Ask me (the default): the end of the video asks "Watched it?" and sends nothing; its button marks the title watched', async () => {
    const user = await signedInUser('Ask Tester');
    const fit = await user.api.fit.title(TITLE);
    const tab = await context.newPage();
    await tab.goto(TITLE_URL);
    await expect.poll(() => badgeText(tab), { timeout: 15_000 }).toContain('Watched it');
    expect(await badgeText(tab)).not.toContain('Watched it?');

    expect(await tab.evaluate(PLAY_TO_END)).toBeCloseTo(MEDIA_SECONDS, 0);
    await expect.poll(() => badgeText(tab), { timeout: 15_000 }).toContain('Watched it? | Yes, mark it watched');
    // The player really played: it reached its end.
    await expect.poll(() => tab.evaluate(() => (document.getElementById('player') as HTMLVideoElement).ended), { timeout: 15_000 }).toBe(true);
    await tab.screenshot({ path: artifact('watched-ask.png') });
    expect(watchedRequests()).toEqual([]);

    await pressBadgeButton(tab, 'watched-confirm');
    await expect.poll(() => badgeText(tab)).toContain('Watched ✓');
    expect(await badgeText(tab)).toContain('Marked watched.');
    expect(await badgeText(tab)).not.toContain('Watched it?');
    expect(watchedRequests().map((r) => [r.method, JSON.parse(r.body)])).toEqual([['POST', { title_id: fit.title_id, event: 'ended' }]]);
    const history = await user.api.recommendations.history();
    expect(history.recommendations.filter((r) => r.title_id === fit.title_id)).toEqual([
      expect.objectContaining({ movie_title: 'Stranger Things', status: 'watched', origin: 'extension', reason: watchedOnLabel('extension') }),
    ]);
    await tab.close();
  });

  it('Mark it watched automatically (chosen in the options page): the end of the video marks it, and the badge says so', async () => {
    const user = await signedInUser('Auto Tester');
    const options = await context.newPage();
    await options.goto(OPTIONS);
    await expect.poll(() => options.getByRole('radio', { name: 'Ask me' }).isChecked()).toBe(true);
    await options.getByRole('radio', { name: 'Mark it watched automatically' }).check();
    await expect.poll(() => options.getByText('Saved: Mark it watched automatically.').isVisible()).toBe(true);
    await options.screenshot({ path: artifact('watched-options.png'), fullPage: true });
    await options.close();
    expect(await worker.evaluate(async () => (await chrome.storage.local.get('watchedMode')).watchedMode)).toBe('auto');

    const fit = await user.api.fit.title(TITLE);
    const before = watchedRequests().length;
    const tab = await context.newPage();
    await tab.goto(TITLE_URL);
    await expect.poll(() => badgeText(tab), { timeout: 15_000 }).toContain('Watched it');
    await tab.evaluate(PLAY_TO_END);
    await expect.poll(() => badgeText(tab), { timeout: 15_000 }).toContain('Marked watched.');
    expect(await badgeText(tab)).toContain('Watched ✓');
    expect(watchedRequests().slice(before).map((r) => JSON.parse(r.body))).toEqual([{ title_id: fit.title_id, event: 'ended' }]);
    const history = await user.api.recommendations.history();
    expect(history.recommendations.filter((r) => r.title_id === fit.title_id)).toEqual([expect.objectContaining({ status: 'watched', origin: 'extension' })]);
    await tab.close();
  });
});
