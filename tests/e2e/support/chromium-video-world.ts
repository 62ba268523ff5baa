// The world of the Chromium "played to the end" journeys: the test server behind a recorder, the
// mimic Netflix site with its real <video> under its real hostname, and headless Chromium with the
// extension built for the recorder's origin, Netflix turned on as in the badge journey.
/// <reference types="chrome" />
import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Worker } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../../server/test/support/test-server.js';
import { buildExtensionFor, EXTENSION_ID, freePort, launchWithExtension } from './extension-harness.js';
import { onboardedWithToken } from './extension-user.js';
import { mimicNetflixWithVideo, recordingProxy, type SeenRequest } from './mimic-video.js';

export const OPTIONS = `chrome-extension://${EXTENSION_ID}/src/options/index.html`;

export interface ChromiumVideoWorld {
  server: TestServer;
  context: BrowserContext;
  /** The extension's service worker (where its storage is set). */
  worker: Worker;
  /** Every request the server got from the extension, as it arrived. */
  seen: SeenRequest[];
  close(): Promise<void>;
}

async function startChromiumVideoWorld(): Promise<ChromiumVideoWorld> {
  const seen: SeenRequest[] = [];
  const dirs: string[] = [];
  const servers: Server[] = [];
  let server: TestServer | undefined;
  let context: BrowserContext | undefined;
  const close = async () => {
    await context?.close();
    for (const s of servers.reverse()) await new Promise((r) => s.close(r));
    await server?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  };
  try {
    const port = await freePort();
    server = await startTestServer('sqlite', { env: { PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, EXTENSION_ORIGINS: `chrome-extension://${EXTENSION_ID}` } });
    const proxy = await recordingProxy(server.url, seen);
    servers.push(proxy);
    const { sites, certDir } = await mimicNetflixWithVideo();
    servers.push(sites);
    dirs.push(certDir);
    const extensionDir = await buildExtensionFor(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`);
    dirs.push(extensionDir);
    context = await launchWithExtension(extensionDir, [
      `--host-resolver-rules=MAP www.netflix.com:443 127.0.0.1:${(sites.address() as AddressInfo).port},EXCLUDE 127.0.0.1`,
      '--ignore-certificate-errors',
    ]);
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));

    // Netflix turned on as in the badge journey: the user's grant in Chrome's settings, then the switch.
    const settings = await context.newPage();
    await settings.goto('chrome://extensions/');
    await settings.evaluate((id) => (chrome as unknown as { developerPrivate: { addHostPermission(id: string, p: string): Promise<void> } }).developerPrivate.addHostPermission(id, 'https://www.netflix.com/*'), EXTENSION_ID);
    await settings.close();
    const options = await context.newPage();
    await options.goto(OPTIONS);
    // click() waits for the switch to be enabled (the background answered which sites are on).
    await options.getByRole('switch', { name: 'Netflix' }).click();
    await options.getByText('The badge is on for Netflix. Open a title page there to see it.').waitFor();
    await options.close();
    return { server, context, worker, seen, close };
  } catch (e) {
    await close();
    throw e;
  }
}

type Device = { nonce: string; browser_name: string };

/**
 * The world for the enclosing describe (started before its tests, closed after): `world()` inside
 * a test, and `signedInUser(name)`, a new onboarded user whose extension token (for `device(name)`)
 * the extension now holds.
 */
export function useChromiumVideoWorld(device: (fullName: string) => Device) {
  let started: ChromiumVideoWorld | undefined;
  beforeAll(async () => {
    started = await startChromiumVideoWorld();
  });
  afterAll(async () => {
    await started?.close();
  });
  const world = () => started!;
  async function signedInUser(fullName: string): Promise<TestClient> {
    const { user, token } = await onboardedWithToken(world().server, fullName, device(fullName));
    await world().worker.evaluate(async (t) => chrome.storage.local.set({ token: t }), token);
    return user;
  }
  return { world, signedInUser };
}
