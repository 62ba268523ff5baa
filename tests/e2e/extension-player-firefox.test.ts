// A title played to the end on a streaming site's player page, in the Firefox build: Debian's
// firefox-esr, headless, the add-on loaded as a temporary add-on over Marionette (as in
// extension-watched-firefox.test.ts), the mimic Netflix /watch/<id> page (HTTPS, reached through a
// local CONNECT proxy so the real hostname and match pattern apply) with a real <video>, no title
// element and "Netflix" alone as its document title: the page's script names the title in its
// media session, which the content script reads through Firefox's wrappers. With "Mark it watched
// automatically" chosen, the end puts the title in the user's history as watched on a streaming
// site (read through the API), no badge covers the video, and the requests held the name, then the
// title id and the event only. The Ask note and its button are the Chromium journey's
// (extension-player.test.ts). Skipped when firefox-esr is not installed.
import { execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo, Server as TcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchedOnLabel } from '@app/shared';
import { signUp, type TestClient, type TestServer, startTestServer } from '../../server/test/support/test-server.js';
import { freePort, ROOT } from './support/extension-harness.js';
import { ADDON_UUID, connectTunnel, EXT, FIREFOX, inPage, launchFirefox, type Marionette, waitUntil } from './support/firefox-harness.js';
import { MEDIA_SECONDS, MEDIA_SESSION_PLAYER_URL, mimicNetflixWithVideo, PLAY_TO_END, recordingProxy, type SeenRequest } from './support/mimic-video.js';

describe.skipIf(!existsSync(FIREFOX))('a title played to the end on a player page (firefox-esr, temporary add-on)', () => {
  let server: TestServer;
  let api: Server;
  let sites: Server;
  let tunnel: TcpServer;
  let firefox: ChildProcess;
  let marionette: Marionette;
  let user: TestClient;
  const dirs: string[] = [];
  const seen: SeenRequest[] = [];

  beforeAll(async () => {
    const port = await freePort();
    server = await startTestServer('sqlite', { env: { PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, EXTENSION_ORIGINS: `moz-extension://${ADDON_UUID}` } });
    api = await recordingProxy(server.url, seen);
    const mimic = await mimicNetflixWithVideo();
    sites = mimic.sites;
    dirs.push(mimic.certDir);
    tunnel = await connectTunnel('www.netflix.com', (sites.address() as AddressInfo).port);

    const extDir = mkdtempSync(join(tmpdir(), 'tp-ext-ff-'));
    dirs.push(extDir);
    await promisify(execFile)(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--mode', 'firefox', '--logLevel', 'warn'], {
      cwd: join(ROOT, 'extension'),
      env: { ...process.env, NODE_ENV: 'production', EXTENSION_SERVER_URL: `http://127.0.0.1:${(api.address() as AddressInfo).port}`, EXTENSION_OUT_DIR: extDir },
    });
    const launched = await launchFirefox(extDir, tunnel);
    firefox = launched.firefox;
    marionette = launched.marionette;
    dirs.push(launched.profile);

    user = await signUp(server, { fullName: 'Firefox Player Tester' });
    const { movies } = await user.api.onboarding.filteredMovies({ genres: ['Drama', 'Thriller'], languages: ['English'] });
    await user.api.onboarding.savePreferences({ selected_genres: ['Drama', 'Thriller'], preferred_languages: ['English'], initial_movies: movies.slice(0, 3).map((m) => m.title), ott_subscriptions: ['Netflix'] });
    const { token } = await user.api.extension.createToken({ nonce: 'firefox-player-nonce-0123456789', browser_name: 'Firefox (player test)' });
    await marionette.send('WebDriver:Navigate', { url: `${EXT}/src/options/index.html` });
    await inPage(marionette, 'await win.browser.storage.local.set({ token: args[0] }); return true;', [token]);
  }, 240_000);

  afterAll(async () => {
    marionette?.close();
    firefox?.kill();
    for (const s of [tunnel, sites, api] as Array<TcpServer | Server | undefined>) if (s) await new Promise((r) => s.close(r));
    await server?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  /** Clicks the options page's element matching `css`, once it is there and enabled. */
  async function click(css: string): Promise<void> {
    const found = await waitUntil(
      () => marionette.send<Record<string, string>>('WebDriver:FindElement', { using: 'css selector', value: css }).catch(() => null),
      (v) => v !== null,
      css,
    );
    const id = Object.values(found!)[0];
    await waitUntil(() => marionette.send<boolean>('WebDriver:IsElementEnabled', { id }), (v) => v === true, `${css} enabled`);
    await marionette.send('WebDriver:ElementClick', { id });
  }

  it('with "Mark it watched automatically" chosen, a title played to the end on a player page named by its media session is in the history as watched', async () => {
    await marionette.send('WebDriver:Navigate', { url: `${EXT}/src/options/index.html` });
    await click('input[role="switch"]');
    await waitUntil(() => inPage<string | null>(marionette, "return win.document.querySelector('.sites ~ [role=status]')?.textContent ?? null;"), (v) => v === 'The badge is on for Netflix. Open a title page there to see it.', 'the badge on');
    await click('input[name="watched-mode"][value="auto"]');
    await waitUntil(() => inPage<string | null>(marionette, "return (await win.browser.storage.local.get('watchedMode')).watchedMode ?? null;"), (v) => v === 'auto', 'the choice stored');

    const fit = await user.api.fit.title({ title: 'Stranger Things' });
    const fits = () => seen.filter((r) => r.url.startsWith('/api/recommendations/fit'));
    const fitsBefore = fits().length;
    await marionette.send('WebDriver:Navigate', { url: MEDIA_SESSION_PLAYER_URL });
    // The lookup is the state to wait for: the content script read the media session's title.
    await waitUntil(async () => fits().length, (n) => n > fitsBefore, 'the lookup by name');
    expect(await inPage<string>(marionette, 'return win.document.title;')).toBe('Netflix');
    expect(await inPage<number>(marionette, `return await ${PLAY_TO_END};`)).toBeCloseTo(MEDIA_SECONDS, 0);
    await waitUntil(() => inPage<boolean>(marionette, "return win.document.getElementById('player').ended;"), (v) => v === true, 'the video played to its end');
    await waitUntil(() => inPage<boolean>(marionette, "return win.document.getElementById('tonights-pick-prompt') !== null;"), (v) => v === true, 'the note');
    expect(await inPage<boolean>(marionette, "return win.document.getElementById('tonights-pick-badge') === null;")).toBe(true);

    const history = await waitUntil(
      () => user.api.recommendations.history(),
      (h) => h.recommendations.some((r) => r.title_id === fit.title_id),
      'the title in the history',
    );
    expect(history.recommendations.filter((r) => r.title_id === fit.title_id)).toEqual([
      expect.objectContaining({ movie_title: 'Stranger Things', status: 'watched', origin: 'extension', reason: watchedOnLabel('extension') }),
    ]);
    // A CORS preflight (OPTIONS) may come first: the GET and the POST are the requests that carry anything.
    expect(fits().slice(fitsBefore).filter((r) => r.method === 'GET').map((r) => r.url)).toEqual(['/api/recommendations/fit?title=Stranger+Things']);
    const sent = seen.filter((r) => r.url === '/api/extension/watched' && r.method === 'POST');
    expect(sent.map((r) => JSON.parse(r.body))).toEqual([{ title_id: fit.title_id, event: 'ended' }]);
  });
});
