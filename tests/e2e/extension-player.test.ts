// A title played to the end on a streaming site's player page, in headless Chromium with the built
// extension: the mimic Netflix /watch/<id> page (served over HTTPS under its real hostname, as in
// extension-watched.test.ts) plays a real <video>, with the series' name in the player's title
// element and "Netflix" alone as the document title. No badge shows over the video; the title is
// looked up once, by its name only; at the end, Ask me (the default) brings the small "Watched it?"
// note, whose button marks it. A player page with no title element is named by the page's media
// session, and "automatically" marks it at the end. Either way the title is in the user's history
// as watched on a streaming site (read through the API), and the requests held the name, then the
// title id and the event: never the page's address.
/// <reference types="chrome" />
import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchedOnLabel } from '@app/shared';
import { signUp, type TestClient, type TestServer, startTestServer } from '../../server/test/support/test-server.js';
import { artifact, buildExtensionFor, EXTENSION_ID, freePort, launchWithExtension } from './support/extension-harness.js';
import { MEDIA_SESSION_PLAYER_URL, mimicNetflixWithVideo, PLAY_TO_END, PLAYER_URL, recordingProxy, type SeenRequest } from './support/mimic-video.js';

const OPTIONS = `chrome-extension://${EXTENSION_ID}/src/options/index.html`;
const PROMPT = 'tonights-pick-prompt';
const BADGE = 'tonights-pick-badge';

type Node = { nodeName: string; nodeValue?: string; backendNodeId: number; attributes?: string[]; children?: Node[]; shadowRoots?: Node[] };
const attr = (n: Node, name: string) => {
  const a = n.attributes ?? [];
  const i = a.indexOf(name);
  return i >= 0 && i % 2 === 0 ? a[i + 1] : undefined;
};
function find(n: Node, test: (n: Node) => boolean): Node | null {
  if (test(n)) return n;
  for (const c of [...(n.children ?? []), ...(n.shadowRoots ?? [])]) {
    const f = find(c, test);
    if (f) return f;
  }
  return null;
}

describe('a title played to the end on a player page (Chromium)', () => {
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
    await options.getByRole('switch', { name: 'Netflix' }).click();
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
    const { token } = await user.api.extension.createToken({ nonce: `player-${name.replace(/\W/g, '')}-nonce-0123456789`, browser_name: 'Chromium (player test)' });
    await worker.evaluate(async (t) => chrome.storage.local.set({ token: t }), token);
    return user;
  }

  /** The page's document over CDP, through the closed shadow roots. */
  async function withDocument<T>(page: Page, use: (root: Node, cdp: Awaited<ReturnType<BrowserContext['newCDPSession']>>) => Promise<T>): Promise<T> {
    const cdp = await context.newCDPSession(page);
    try {
      const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
      return await use(root as Node, cdp);
    } finally {
      await cdp.detach();
    }
  }

  /** The text of our element with id `hostId`, or null when the page has none. */
  const textOf = (page: Page, hostId: string) =>
    withDocument(page, async (root) => {
      const host = find(root, (n) => attr(n, 'id') === hostId);
      if (!host) return null;
      const text: string[] = [];
      const walk = (n: Node) => {
        if (n.nodeName === 'STYLE') return;
        if (n.nodeName === '#text' && n.nodeValue?.trim()) text.push(n.nodeValue.trim());
        for (const c of [...(n.shadowRoots ?? []), ...(n.children ?? [])]) walk(c);
      };
      walk(host);
      return text.join(' | ');
    });

  const fitRequests = () => seen.filter((r) => r.url.startsWith('/api/recommendations/fit'));
  const watchedRequests = () => seen.filter((r) => r.url === '/api/extension/watched');

  it('Ask me: no badge over the video, one lookup by name; the end brings "Watched it?", whose button marks the series watched', async () => {
    const user = await signedInUser('Player Asker');
    const fit = await user.api.fit.title({ title: 'Stranger Things' });
    const fitsBefore = fitRequests().length;
    const tab = await context.newPage();
    await tab.goto(PLAYER_URL);
    // The lookup is the state to wait for: the content script read the player's title.
    await expect.poll(() => fitRequests().length, { timeout: 15_000 }).toBe(fitsBefore + 1);
    expect(fitRequests().slice(fitsBefore).map((r) => r.url)).toEqual(['/api/recommendations/fit?title=Stranger+Things']);
    expect(await textOf(tab, BADGE)).toBeNull();
    expect(await textOf(tab, PROMPT)).toBeNull();

    await tab.evaluate(PLAY_TO_END);
    await expect.poll(() => textOf(tab, PROMPT), { timeout: 15_000 }).toBe('Tonight’s Pick · Stranger Things | Watched it? | Yes, mark it watched | ×');
    await expect.poll(() => tab.evaluate(() => (document.getElementById('player') as HTMLVideoElement).ended), { timeout: 15_000 }).toBe(true);
    await tab.screenshot({ path: artifact('player-ask.png') });
    expect(watchedRequests()).toEqual([]);
    expect(await textOf(tab, BADGE)).toBeNull();
    // One lookup for the title, none for its end.
    expect(fitRequests().length).toBe(fitsBefore + 1);

    const confirm = await withDocument(tab, async (root, cdp) => {
      const button = find(root, (n) => attr(n, 'data-action') === 'watched-confirm');
      if (button) await cdp.send('DOM.focus', { backendNodeId: button.backendNodeId });
      return button;
    });
    expect(confirm).not.toBeNull();
    await tab.keyboard.press('Enter');
    await expect.poll(() => textOf(tab, PROMPT)).toBe('Tonight’s Pick · Stranger Things | Marked watched. | ×');
    expect(watchedRequests().map((r) => [r.method, JSON.parse(r.body)])).toEqual([['POST', { title_id: fit.title_id, event: 'ended' }]]);
    const history = await user.api.recommendations.history();
    expect(history.recommendations.filter((r) => r.title_id === fit.title_id)).toEqual([
      expect.objectContaining({ movie_title: 'Stranger Things', status: 'watched', origin: 'extension', reason: watchedOnLabel('extension') }),
    ]);
    await tab.close();
  });

  it('automatically: a player named only by its media session is marked at the end, and the note says so', async () => {
    const user = await signedInUser('Player Auto');
    const options = await context.newPage();
    await options.goto(OPTIONS);
    await options.getByRole('radio', { name: 'Mark it watched automatically' }).check();
    await expect.poll(() => options.getByText('Saved: Mark it watched automatically.').isVisible()).toBe(true);
    await options.close();

    const fit = await user.api.fit.title({ title: 'Stranger Things' });
    const before = watchedRequests().length;
    const fitsBefore = fitRequests().length;
    const tab = await context.newPage();
    await tab.goto(MEDIA_SESSION_PLAYER_URL);
    expect(await tab.title()).toBe('Netflix');
    await expect.poll(() => fitRequests().length, { timeout: 15_000 }).toBe(fitsBefore + 1);
    await tab.evaluate(PLAY_TO_END);
    await expect.poll(() => textOf(tab, PROMPT), { timeout: 15_000 }).toBe('Tonight’s Pick · Stranger Things | Marked watched. | ×');
    expect(watchedRequests().slice(before).map((r) => JSON.parse(r.body))).toEqual([{ title_id: fit.title_id, event: 'ended' }]);
    expect(fitRequests().slice(fitsBefore).map((r) => r.url)).toEqual(['/api/recommendations/fit?title=Stranger+Things']);
    const history = await user.api.recommendations.history();
    expect(history.recommendations.filter((r) => r.title_id === fit.title_id)).toEqual([expect.objectContaining({ status: 'watched', origin: 'extension' })]);
    await tab.close();
  });
});
