// The badge in the Firefox build, smoke-tested in Debian's firefox-esr, headless, with the add-on
// loaded as a temporary add-on over Marionette (Firefox's own remote protocol, plain TCP): the
// options page turns Netflix on, and the mimic Netflix title page (served over HTTPS and reached
// through a local CONNECT proxy, so the real hostname and match pattern apply) gets the badge and
// asks the server for the fit with the title and year only. Turning the site on also grants the
// optional data collection the manifest declares (Firefox's own record of what the user allowed),
// and turning it off, the last site on, gives both back.
//
// The permission prompt: Firefox's own preference extensions.webextOptionalPermissionPrompts=false
// grants an optional permission request without showing it (what a user clicking Allow does). The
// badge's contents (a closed shadow root) and Like are covered by the Chromium journey
// (extension-badge.test.ts); here the badge's host element is what is checked. Skipped when
// firefox-esr is not installed.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Server as TcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../../server/test/support/test-server.js';
import { freePort, ROOT } from './support/extension-harness.js';
import { onboardedWithToken } from './support/extension-user.js';
import { ADDON_UUID, buildFirefoxAddonFor, connectTunnel, EXT, FIREFOX, handTokenToAddon, inPage, launchFirefox, type Marionette, waitUntil } from './support/firefox-harness.js';

const TITLE_URL = 'https://www.netflix.com/title/80057281';

describe.skipIf(!existsSync(FIREFOX))('the badge in Firefox (firefox-esr, temporary add-on)', () => {
  let server: TestServer;
  let api: Server;
  let sites: Server;
  let tunnel: TcpServer;
  let firefox: ChildProcess;
  let marionette: Marionette;
  const dirs: string[] = [];
  const seen: Array<{ url: string; method: string }> = [];

  beforeAll(async () => {
    const port = await freePort();
    server = await startTestServer('sqlite', { env: { PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, EXTENSION_ORIGINS: `moz-extension://${ADDON_UUID}` } });
    // The server behind a recorder of what reaches it.
    api = createHttpServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        seen.push({ url: req.url!, method: req.method! });
        const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k))) as Record<string, string>;
        const answer = await fetch(`${server.url}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
        const h: Record<string, string> = {};
        answer.headers.forEach((v, k) => {
          if (!['content-encoding', 'content-length', 'transfer-encoding'].includes(k)) h[k] = v;
        });
        res.writeHead(answer.status, h).end(Buffer.from(await answer.arrayBuffer()));
      });
    });
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    const apiOrigin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;

    const certDir = mkdtempSync(join(tmpdir(), 'tp-cert-'));
    dirs.push(certDir);
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=www.netflix.com', '-keyout', join(certDir, 'key.pem'), '-out', join(certDir, 'cert.pem')], { stdio: 'ignore' });
    sites = createHttpsServer({ key: readFileSync(join(certDir, 'key.pem')), cert: readFileSync(join(certDir, 'cert.pem')) }, (req, res) => {
      if (`https://${req.headers.host}${req.url}` !== TITLE_URL) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(readFileSync(join(ROOT, 'extension/src/content/sites/fixtures/netflix-title.html')));
    });
    await new Promise<void>((r) => sites.listen(0, '127.0.0.1', r));
    // Firefox's HTTPS proxy: every CONNECT (only www.netflix.com:443 is asked) goes to the mimic site.
    tunnel = await connectTunnel('www.netflix.com', (sites.address() as AddressInfo).port);

    // The Firefox build for the recorder's origin.
    const extDir = await buildFirefoxAddonFor(apiOrigin);
    dirs.push(extDir);

    // Optional permission requests are granted without a prompt (what a user clicking Allow does).
    const launched = await launchFirefox(extDir, tunnel);
    firefox = launched.firefox;
    marionette = launched.marionette;
    dirs.push(launched.profile);

    // Signed in with an extension token (the sign-in hand-off is the Chromium journey's).
    const { token } = await onboardedWithToken(server, 'Firefox Badge Tester', { nonce: 'firefox-badge-nonce-0123456789', browser_name: 'Firefox (badge test)' });
    await handTokenToAddon(marionette, token);
  }, 240_000);

  afterAll(async () => {
    marionette?.close();
    firefox?.kill();
    for (const s of [tunnel, sites, api] as Array<TcpServer | undefined>) if (s) await new Promise((r) => s.close(r));
    await server?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  /** What Firefox grants the add-on now (asked from the options page, an extension page). */
  function grantedPermissions(): Promise<{ origins: string[]; data_collection: string[] }> {
    return inPage(marionette, 'const p = await win.browser.permissions.getAll(); return { origins: [...p.origins], data_collection: [...(p.data_collection ?? [])].sort() };');
  }

  it('turns Netflix on from the options page (with the badge\'s data collection) and shows the badge on its title page, sending only the title and year', async () => {
    await marionette.send('WebDriver:Navigate', { url: `${EXT}/src/options/index.html` });
    const netflix = await waitUntil(
      () => marionette.send<Record<string, string>>('WebDriver:FindElement', { using: 'css selector', value: 'input[role="switch"]' }).catch(() => null),
      (v) => v !== null,
      'the Netflix switch',
    );
    const id = Object.values(netflix!)[0];
    expect(await grantedPermissions()).toEqual({ origins: expect.not.arrayContaining(['https://www.netflix.com/*']), data_collection: ['authenticationInfo'] });
    await waitUntil(() => marionette.send<boolean>('WebDriver:IsElementEnabled', { id }), (v) => v === true, 'the switch enabled');
    await marionette.send('WebDriver:ElementClick', { id });
    const status = await waitUntil(
      () => inPage<string | null>(marionette, "return win.document.querySelector('[role=status], [role=alert]')?.textContent ?? null;"),
      (v) => v !== null,
      'the options status',
    );
    expect(status).toBe('The badge is on for Netflix. Open a title page there to see it.');
    // The required category from install, and the badge's optional ones with the site's origins.
    const granted = await grantedPermissions();
    expect(granted.origins).toContain('https://www.netflix.com/*');
    expect(granted.data_collection).toEqual(['authenticationInfo', 'browsingActivity', 'websiteContent']);

    const before = seen.length;
    await marionette.send('WebDriver:Navigate', { url: TITLE_URL });
    expect(await marionette.send<string>('WebDriver:GetTitle')).toContain('Stranger Things');
    await waitUntil(() => inPage<boolean>(marionette, "return win.document.getElementById('tonights-pick-badge') !== null;"), (v) => v === true, 'the badge');
    // A CORS preflight (OPTIONS) may come first: the GET is the request that carries anything.
    const asked = seen.slice(before).filter((r) => r.url.startsWith('/api/recommendations/fit') && r.method === 'GET');
    expect(asked).toHaveLength(1);
    const url = new URL(asked[0].url, 'http://x');
    expect([...url.searchParams]).toEqual([['title', 'Stranger Things'], ['year', '2016']]);
  });

  it('turning the last site off gives back its origins and the badge\'s data collection', async () => {
    await marionette.send('WebDriver:Navigate', { url: `${EXT}/src/options/index.html` });
    const netflix = await waitUntil(
      () => marionette.send<Record<string, string>>('WebDriver:FindElement', { using: 'css selector', value: 'input[role="switch"]:checked' }).catch(() => null),
      (v) => v !== null,
      'the Netflix switch, on',
    );
    await marionette.send('WebDriver:ElementClick', { id: Object.values(netflix!)[0] });
    await waitUntil(() => inPage<string | null>(marionette, "return win.document.querySelector('[role=status]')?.textContent ?? null;"), (v) => v === 'The badge is off for Netflix.', 'the options status');
    expect(await grantedPermissions()).toEqual({ origins: expect.not.arrayContaining(['https://www.netflix.com/*']), data_collection: ['authenticationInfo'] });
  });
});
