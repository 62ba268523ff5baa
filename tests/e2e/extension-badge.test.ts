// The pick where you browse, in headless Chromium with the built extension: local pages that mimic
// each streaming site's title page are served over HTTPS under the sites' real hostnames
// (--host-resolver-rules), so the extension's real match patterns apply. A site is turned on in
// the options page, its title page shows the badge with the label the API gives, Like and Dislike
// reach the server's history, "Why not recommended?" shows the engine's answer, and the requests the server
// saw carried only the title and the year (and then the id the fit answered).
//
// The browser's permission prompt: `permissions.request` opens a dialog that headless Chromium has
// no way to answer (Chromium's auto-confirm for it exists only inside its own C++ tests). So the
// test first grants each site's origins the way a user can in Chrome's own extension settings
// (chrome://extensions > Details > Site access, which is chrome.developerPrivate.addHostPermission
// on that page), then clicks the real switch: Chrome answers the real `permissions.request` at once
// for an origin the user already allowed. Not covered here: the dialog itself, and a user
// refusing it (the options page then says the site was not allowed).
/// <reference types="chrome" />
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitLabel } from '@app/shared';
import { type TestClient, type TestServer, startTestServer } from '../../server/test/support/test-server.js';
import { focusShadowButton, shadowText } from './support/closed-shadow.js';
import { artifact, buildExtensionFor, EXTENSION_ID, freePort, launchWithExtension, ROOT } from './support/extension-harness.js';
import { onboardedWithToken } from './support/extension-user.js';
import { seriousViolations } from './support/web-harness.js';
import { BROWSE_SITES } from '../../extension/src/lib/browse-sites.js';

const FIXTURES = join(ROOT, 'extension/src/content/sites/fixtures');
const OPTIONS = `chrome-extension://${EXTENSION_ID}/src/options/index.html`;

/** Each site's mimic title page, at a real title-page address of that site. */
const PAGES = [
  { site: 'Netflix', url: 'https://www.netflix.com/title/80057281', file: 'netflix-title.html', title: 'Stranger Things', year: 2016 },
  { site: 'Prime Video', url: 'https://www.primevideo.com/detail/0QN9PH8Y2W3XW0KXJ3CRBJ5R3V/', file: 'prime-video-title.html', title: 'The Boys', year: 2019 },
  { site: 'Disney+', url: 'https://www.disneyplus.com/movies/toy-story/1Lfkm9ZVUa2M', file: 'disney-plus-title.html', title: 'Toy Story', year: 1995 },
  { site: 'Max', url: 'https://play.max.com/show/2e8e5c0d-9cf9-4cbe-a2a2-7ad9cb9a7e1f', file: 'max-title.html', title: 'The Last of Us', year: 2023 },
  { site: 'JioHotstar', url: 'https://www.hotstar.com/in/shows/special-ops/1260022898', file: 'hotstar-title.html', title: 'Special Ops', year: 2020 },
] as const;
const UNREADABLE = 'https://www.netflix.com/title/99999999';
const HOSTS = ['www.netflix.com', 'www.primevideo.com', 'www.disneyplus.com', 'play.max.com', 'www.hotstar.com'];

interface Seen {
  method: string;
  url: string;
  body: string;
  headers: IncomingMessage['headers'];
  status: number;
}

/** The server the extension talks to, behind a recorder: every request as it arrived, and its status. */
async function recordingProxy(target: string, seen: Seen[]): Promise<Server> {
  const proxy = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'connection' && k !== 'content-length')) as Record<string, string>;
      const answer = await fetch(`${target}${req.url}`, { method: req.method, headers, body: body.length ? body : undefined });
      const out = Buffer.from(await answer.arrayBuffer());
      seen.push({ method: req.method!, url: req.url!, body: body.toString('utf8'), headers: req.headers, status: answer.status });
      const h: Record<string, string> = {};
      answer.headers.forEach((v, k) => {
        if (k !== 'content-encoding' && k !== 'content-length' && k !== 'transfer-encoding') h[k] = v;
      });
      res.writeHead(answer.status, h).end(out);
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  return proxy;
}

describe('the badge on streaming sites', () => {
  let server: TestServer;
  let proxy: Server;
  let sites: Server;
  let extensionDir: string;
  let certDir: string;
  let context: BrowserContext;
  let worker: Worker;
  let user: TestClient & { email: string };
  const seen: Seen[] = [];

  beforeAll(async () => {
    const port = await freePort();
    server = await startTestServer('sqlite', { env: { PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, EXTENSION_ORIGINS: `chrome-extension://${EXTENSION_ID}` } });
    proxy = await recordingProxy(server.url, seen);
    const proxyOrigin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

    // The mimic pages over HTTPS (a throwaway self-signed certificate; Chromium is told to accept it).
    certDir = mkdtempSync(join(tmpdir(), 'tp-cert-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', join(certDir, 'key.pem'), '-out', join(certDir, 'cert.pem')], { stdio: 'ignore' });
    const byUrl = new Map<string, string>([...PAGES.map((p) => [p.url, p.file] as const), [UNREADABLE, 'unreadable.html']]);
    sites = createHttpsServer({ key: readFileSync(join(certDir, 'key.pem')), cert: readFileSync(join(certDir, 'cert.pem')) }, (req, res) => {
      const file = byUrl.get(`https://${req.headers.host}${req.url}`);
      if (!file) return void res.writeHead(404, { 'content-type': 'text/html' }).end('<!doctype html><title>Not found</title>');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(readFileSync(join(FIXTURES, file)));
    });
    await new Promise<void>((r) => sites.listen(0, '127.0.0.1', r));
    const sitesPort = (sites.address() as AddressInfo).port;

    extensionDir = await buildExtensionFor(proxyOrigin);
    context = await launchWithExtension(extensionDir, [
      // The sites' real hostnames, served by the local HTTPS server.
      `--host-resolver-rules=${HOSTS.map((h) => `MAP ${h}:443 127.0.0.1:${sitesPort}`).join(',')},EXCLUDE 127.0.0.1`,
      '--ignore-certificate-errors',
    ]);
    worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));

    // A signed-in user, connected through an extension token (the sign-in hand-off has its own journey).
    const connected = await onboardedWithToken(server, 'Badge Tester', { nonce: 'badge-journey-nonce-0123456789', browser_name: 'Chromium (badge test)' });
    user = connected.user;
    await worker.evaluate(async (t) => chrome.storage.local.set({ token: t }), connected.token);
  });

  afterAll(async () => {
    await context?.close();
    await new Promise((r) => sites?.close(r));
    await new Promise((r) => proxy?.close(r));
    await server?.close();
    if (extensionDir) rmSync(extensionDir, { recursive: true, force: true });
    if (certDir) rmSync(certDir, { recursive: true, force: true });
  });

  /** The badge's text, read through the closed shadow root over CDP (the page's own scripts cannot). */
  const badgeText = (page: Page) => shadowText(context, page, 'tonights-pick-badge');

  /** Moves keyboard focus to one of the badge's buttons (by its data-action), as Tab would. */
  async function focusBadgeButton(page: Page, action: string): Promise<void> {
    if (!(await focusShadowButton(context, page, action))) throw new Error(`no badge button ${action}`);
  }

  async function turnOn(siteName: string): Promise<void> {
    // What a user does in Chrome's own settings (Site access > add the site); see the top of this file.
    const settings = await context.newPage();
    await settings.goto('chrome://extensions/');
    // Every origin the site's switch asks for (Max has two hostnames).
    for (const pattern of BROWSE_SITES.find((s) => s.name === siteName)!.matches) {
      await settings.evaluate(({ id, p }) => (chrome as unknown as { developerPrivate: { addHostPermission(id: string, p: string): Promise<void> } }).developerPrivate.addHostPermission(id, p), { id: EXTENSION_ID, p: pattern });
    }
    await settings.close();
    const options = await context.newPage();
    await options.goto(OPTIONS);
    const toggle = options.getByRole('switch', { name: siteName });
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click();
    await expect.poll(() => options.getByRole('status').textContent()).toBe(`The badge is on for ${siteName}. Open a title page there to see it.`);
    expect(await toggle.isChecked()).toBe(true);
    if (siteName === 'Netflix') {
      expect(await seriousViolations(options)).toEqual([]);
      await options.screenshot({ path: artifact('badge-options.png'), fullPage: true });
    }
    await options.close();
  }

  it('is off by default: no site is granted and no badge script is registered', async () => {
    const scripts = await worker.evaluate(async () => (await chrome.scripting.getRegisteredContentScripts()).map((s) => s.id));
    expect(scripts.filter((id) => id.includes('badge'))).toEqual([]);
    for (const host of HOSTS) expect(await worker.evaluate((o) => chrome.permissions.contains({ origins: [o] }), `https://${host}/*`)).toBe(false);
    const page = await context.newPage();
    await page.goto(PAGES[0].url);
    await expect.poll(() => page.title()).toContain('Stranger Things');
    expect(await badgeText(page)).toBeNull();
    await page.close();
  });

  it.each(PAGES.map((p) => [p.site, p] as const))('on %s, once turned on, a title page shows the fit the API gives, sending only the title and year', async (siteName, page) => {
    await turnOn(siteName);
    const expected = await user.api.fit.title({ title: page.title, year: page.year });
    expect(expected.label).toBe(fitLabel(expected.score));
    const before = seen.length;
    const tab = await context.newPage();
    await tab.goto(page.url);
    await expect.poll(() => badgeText(tab), { timeout: 15_000 }).toBe(`Tonight’s Pick | ${expected.label} | ${expected.reason} | ${expected.history === 'liked' ? 'Liked ✓' : 'Like'} | ${expected.history === 'disliked' ? 'Disliked ✓' : 'Dislike'} | ${expected.saved ? 'Saved ✓' : 'Save for later'} | ${expected.history === 'watched' ? 'Watched ✓' : 'Watched it'} | Why not recommended? | ×`);

    await tab.screenshot({ path: artifact(`badge-${new URL(page.url).hostname}.png`) });

    // What left the browser for this page: one GET of the fit, with the title and the year only.
    const asked = seen.slice(before).filter((r) => r.url.startsWith('/api/recommendations/fit'));
    expect(asked).toHaveLength(1);
    const url = new URL(asked[0].url, 'http://x');
    expect([...url.searchParams.keys()].sort()).toEqual(['title', 'year']);
    expect(url.searchParams.get('title')).toBe(page.title);
    expect(url.searchParams.get('year')).toBe(String(page.year));
    expect(asked[0].method).toBe('GET');
    expect(asked[0].body).toBe('');
    expect(JSON.stringify(asked[0].headers)).not.toContain(new URL(page.url).hostname);
    await tab.close();
  });

  it('Like from the badge, pressed with the keyboard, puts the title in the history as a like; Dislike on the next visit changes it', async () => {
    const page = PAGES[0];
    const tab = await context.newPage();
    await tab.goto(page.url);
    await expect.poll(() => badgeText(tab), { timeout: 15_000 }).toContain('Like');
    await focusBadgeButton(tab, 'like');
    await tab.keyboard.press('Enter');
    await expect.poll(() => badgeText(tab)).toContain('Liked. We’ll find more like this.');
    expect(await badgeText(tab)).toContain('Liked ✓');

    const history = await user.api.recommendations.history();
    expect(history.recommendations[0]).toMatchObject({ movie_title: page.title, user_rating: true, status: 'watched', origin: 'badge' });
    const like = seen.filter((r) => r.url === '/api/recommendations/rate-title');
    expect(like).toHaveLength(1);
    expect(JSON.parse(like[0].body)).toEqual({ title_id: history.recommendations[0].title_id, rating: true });

    // The next visit says so; Dislike changes the rating; Escape dismisses the badge.
    await tab.reload();
    await expect.poll(() => badgeText(tab), { timeout: 15_000 }).toContain('You liked this.');
    expect(await badgeText(tab)).toContain('Liked ✓');
    await focusBadgeButton(tab, 'dislike');
    await tab.keyboard.press('Enter');
    await expect.poll(() => badgeText(tab)).toContain('Disliked. We’ll steer away from titles like this.');
    expect(await badgeText(tab)).toContain('Disliked ✓');
    const after = await user.api.recommendations.history();
    expect(after.recommendations.filter((r) => r.movie_title === page.title)).toEqual([expect.objectContaining({ user_rating: false, origin: 'badge' })]);
    expect(JSON.parse(seen.filter((r) => r.url === '/api/recommendations/rate-title')[1].body)).toEqual({ title_id: history.recommendations[0].title_id, rating: false });
    await focusBadgeButton(tab, 'save');
    await tab.keyboard.press('Escape');
    await expect.poll(() => badgeText(tab)).toBeNull();
    await tab.close();
  });

  it('"Why not recommended?" on the badge, opened with the keyboard, shows the engine\'s answer for that title', async () => {
    const page = PAGES[1];
    const fit = await user.api.fit.title({ title: page.title, year: page.year });
    const expected = await user.api.recommendations.whyNot(fit.title_id);
    expect(expected.reasons.length).toBeGreaterThan(0);
    const tab = await context.newPage();
    await tab.goto(page.url);
    await expect.poll(() => badgeText(tab), { timeout: 15_000 }).toContain('Why not recommended?');
    const before = seen.length;
    await focusBadgeButton(tab, 'why-not');
    await tab.keyboard.press('Enter');
    await expect.poll(() => badgeText(tab)).toContain(`Why not recommended? | Why ${expected.title} is not your pick | ${expected.reasons.map((r) => r.text).join(' | ')} | ×`);
    await tab.screenshot({ path: artifact('badge-why-not.png') });
    // Only the id the fit answered went with it.
    const asked = seen.slice(before).filter((r) => r.url.startsWith('/api/recommendations/why-not'));
    expect(asked).toHaveLength(1);
    expect([...new URL(asked[0].url, 'http://x').searchParams]).toEqual([['title_id', fit.title_id]]);
    await tab.close();
  });

  it('shows nothing on a page it cannot read (one debug line, no error)', async () => {
    const tab = await context.newPage();
    const debug: string[] = [];
    tab.on('console', (m) => debug.push(`${m.type()} ${m.text()}`));
    await tab.goto(UNREADABLE);
    await expect.poll(() => debug.some((d) => d.includes('no title found on this Netflix page')), { timeout: 15_000 }).toBe(true);
    expect(await badgeText(tab)).toBeNull();
    expect(debug.filter((d) => d.startsWith('error'))).toEqual([]);
    await tab.close();
  });

  it('turning a site off gives back its origins and the badge stops', async () => {
    const options = await context.newPage();
    await options.goto(OPTIONS);
    const toggle = options.getByRole('switch', { name: 'Netflix' });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await toggle.click();
    await expect.poll(() => options.getByRole('status').textContent()).toBe('The badge is off for Netflix.');
    expect(await worker.evaluate(() => chrome.permissions.contains({ origins: ['https://www.netflix.com/*'] }))).toBe(false);
    const scripts = await worker.evaluate(async () => (await chrome.scripting.getRegisteredContentScripts()).map((s) => s.id));
    expect(scripts).not.toContain('tonights-pick-badge-netflix');
    expect(scripts).toContain('tonights-pick-badge-max');
    await options.close();
    const tab = await context.newPage();
    const before = seen.length;
    await tab.goto(PAGES[0].url);
    await expect.poll(() => tab.title()).toContain('Stranger Things');
    expect(await badgeText(tab)).toBeNull();
    expect(seen.slice(before).some((r) => r.url.startsWith('/api/recommendations/fit'))).toBe(false);
    await tab.close();
  });
});
