// The world of the Firefox "played to the end" journeys: the test server behind a recorder, the
// mimic Netflix site with its real <video> reached through a CONNECT tunnel, and firefox-esr with the
// add-on built for the recorder's origin, loaded as a temporary add-on.
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo, Server as TcpServer } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { TestClient, TestServer } from '../../../server/test/support/test-server.js';
import { startTestServer } from '../../../server/test/support/test-server.js';
import { freePort } from './extension-harness.js';
import { onboardedWithToken } from './extension-user.js';
import { ADDON_UUID, buildFirefoxAddonFor, clickWhenEnabled, connectTunnel, EXT, handTokenToAddon, inPage, launchFirefox, type Marionette, waitUntil } from './firefox-harness.js';
import { mimicNetflixWithVideo, recordingProxy, type SeenRequest } from './mimic-video.js';

export interface FirefoxVideoWorld {
  server: TestServer;
  marionette: Marionette;
  /** Every request the server got from the add-on, as it arrived. */
  seen: SeenRequest[];
  close(): Promise<void>;
}

async function startFirefoxVideoWorld(): Promise<FirefoxVideoWorld> {
  const seen: SeenRequest[] = [];
  const dirs: string[] = [];
  const servers: Array<Server | TcpServer> = [];
  let server: TestServer | undefined;
  let firefox: ChildProcess | undefined;
  let marionette: Marionette | undefined;
  const close = async () => {
    marionette?.close();
    firefox?.kill();
    for (const s of servers.reverse()) await new Promise((r) => s.close(r));
    await server?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  };
  try {
    const port = await freePort();
    server = await startTestServer('sqlite', { env: { PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, EXTENSION_ORIGINS: `moz-extension://${ADDON_UUID}` } });
    const api = await recordingProxy(server.url, seen);
    servers.push(api);
    const mimic = await mimicNetflixWithVideo();
    servers.push(mimic.sites);
    dirs.push(mimic.certDir);
    const tunnel = await connectTunnel('www.netflix.com', (mimic.sites.address() as AddressInfo).port);
    servers.push(tunnel);
    const extDir = await buildFirefoxAddonFor(`http://127.0.0.1:${(api.address() as AddressInfo).port}`);
    dirs.push(extDir);
    const launched = await launchFirefox(extDir, tunnel);
    ({ firefox, marionette } = launched);
    dirs.push(launched.profile);
    return { server, marionette, seen, close };
  } catch (e) {
    await close();
    throw e;
  }
}

/**
 * The world for the enclosing describe (started before its tests, closed after), with a new
 * onboarded user whose extension token the add-on holds; call the result inside a test.
 */
export function useFirefoxVideoWorld(fullName: string, device: { nonce: string; browser_name: string }): () => FirefoxVideoWorld & { user: TestClient } {
  let world: FirefoxVideoWorld | undefined;
  let user: TestClient | undefined;
  beforeAll(async () => {
    world = await startFirefoxVideoWorld();
    const connected = await onboardedWithToken(world.server, fullName, device);
    await handTokenToAddon(world.marionette, connected.token);
    user = connected.user;
  }, 240_000);
  afterAll(async () => {
    await world?.close();
  });
  return () => ({ ...world!, user: user! });
}

/** In the options page: Netflix turned on, then "Mark it watched automatically" chosen (and stored). */
export async function markWatchedAutomaticallyOnNetflix(marionette: Marionette): Promise<void> {
  await marionette.send('WebDriver:Navigate', { url: `${EXT}/src/options/index.html` });
  await clickWhenEnabled(marionette, 'input[role="switch"]');
  await waitUntil(() => inPage<string | null>(marionette, "return win.document.querySelector('.sites ~ [role=status]')?.textContent ?? null;"), (v) => v === 'The badge is on for Netflix. Open a title page there to see it.', 'the badge on');
  await clickWhenEnabled(marionette, 'input[name="watched-mode"][value="auto"]');
  await waitUntil(() => inPage<string | null>(marionette, "return (await win.browser.storage.local.get('watchedMode')).watchedMode ?? null;"), (v) => v === 'auto', 'the choice stored');
}

/** The user's history once it holds `titleId`: its entries for that title. */
export async function historyEntriesOnceThere(user: TestClient, titleId: string) {
  const history = await waitUntil(() => user.api.recommendations.history(), (h) => h.recommendations.some((r) => r.title_id === titleId), 'the title in the history');
  return history.recommendations.filter((r) => r.title_id === titleId);
}
