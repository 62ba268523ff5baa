// Helpers of the Firefox journeys: Debian's firefox-esr, headless, driven over Marionette (Firefox's
// own remote protocol, plain TCP), with the add-on loaded as a temporary add-on, and HTTPS pages
// of a streaming site reached through a local CONNECT proxy so the site's real hostname applies.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect, createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ALLOW_EXTENSION_PAGES, freePort, ROOT } from './extension-harness.js';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const ADDON_ID = 'tonights-pick@extension.local';
export const ADDON_UUID = '5d3c1a2e-7b8f-4c6d-9e0a-1b2c3d4e5f60';
export const EXT = `moz-extension://${ADDON_UUID}`;

/** Marionette: length-prefixed JSON over TCP, one command at a time. */
export class Marionette {
  private buffer = Buffer.alloc(0);
  private waiters: Array<(msg: unknown) => void> = [];
  private nextId = 1;
  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      for (;;) {
        const colon = this.buffer.indexOf(':');
        if (colon < 0) return;
        const length = Number(this.buffer.subarray(0, colon).toString());
        if (this.buffer.length < colon + 1 + length) return;
        const msg = JSON.parse(this.buffer.subarray(colon + 1, colon + 1 + length).toString('utf8'));
        this.buffer = this.buffer.subarray(colon + 1 + length);
        this.waiters.shift()?.(msg);
      }
    });
  }

  static async connect(port: number): Promise<Marionette> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        const socket = await new Promise<Socket>((ok, fail) => {
          const s = connect(port, '127.0.0.1', () => ok(s));
          s.once('error', fail);
        });
        const m = new Marionette(socket);
        await new Promise((ok) => m.waiters.push(ok)); // the server's hello
        return m;
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }

  async send<T = unknown>(name: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    const body = JSON.stringify([0, id, name, params]);
    const reply = new Promise<unknown>((ok) => this.waiters.push(ok));
    this.socket.write(`${Buffer.byteLength(body)}:${body}`);
    const [, , error, result] = (await reply) as [number, number, { error: string; message: string } | null, { value?: T } & T];
    if (error) throw new Error(`${name}: ${error.error}: ${error.message}`);
    return (result && 'value' in result ? result.value : result) as T;
  }

  close(): void {
    this.socket.destroy();
  }
}

/** Runs `script` (an async function body) in the current page, with the page's own globals (Xrays waived). */
export function inPage<T>(m: Marionette, script: string, args: unknown[] = []): Promise<T> {
  return m.send<T>('WebDriver:ExecuteAsyncScript', {
    script: `const [resolve] = [arguments[arguments.length - 1]]; const args = Array.from(arguments).slice(0, -1); const win = window.wrappedJSObject ?? window;
      (async () => { ${script} })().then(resolve, (e) => resolve({ error: String(e) }));`,
    args,
    scriptTimeout: 20_000,
  });
}

/** Waits for a state (never for a time): `probe` again until `ok`, failing with what it last saw. */
export async function waitUntil<T>(probe: () => Promise<T>, ok: (v: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Firefox's HTTPS proxy: a CONNECT to `host`:443 (the only one allowed) goes to the local site at `port`. */
export async function connectTunnel(host: string, port: number): Promise<TcpServer> {
  const tunnel = createTcpServer((client) => {
    client.once('data', (head: Buffer) => {
      if (!head.toString('latin1').startsWith(`CONNECT ${host}:443 `)) return void client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      const upstream = connect(port, '127.0.0.1', () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        client.pipe(upstream).pipe(client);
      });
      upstream.on('error', () => client.destroy());
    });
    client.on('error', () => undefined);
  });
  await new Promise<void>((r) => tunnel.listen(0, '127.0.0.1', r));
  return tunnel;
}

/**
 * Firefox started headless with a fresh profile (optional permissions granted without a prompt,
 * as a user clicking Allow; HTTPS through `tunnel`), the add-on at `extDir` installed as a
 * temporary add-on, and a Marionette session that accepts the mimic site's self-signed certificate.
 */
export async function launchFirefox(extDir: string, tunnel: TcpServer): Promise<{ firefox: ChildProcess; marionette: Marionette; profile: string }> {
  const profile = mkdtempSync(join(tmpdir(), 'tp-ff-profile-'));
  const marionettePort = await freePort();
  const prefs: Record<string, string | number | boolean> = {
    'marionette.port': marionettePort,
    'extensions.webextOptionalPermissionPrompts': false,
    'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: ADDON_UUID }),
    'network.proxy.type': 1,
    'network.proxy.ssl': '127.0.0.1',
    'network.proxy.ssl_port': (tunnel.address() as AddressInfo).port,
    'browser.shell.checkDefaultBrowser': false,
    'datareporting.policy.dataSubmissionEnabled': false,
    'toolkit.telemetry.reportingpolicy.firstRun': false,
    'app.update.disabledForTesting': true,
    'browser.aboutwelcome.enabled': false,
  };
  writeFileSync(join(profile, 'user.js'), Object.entries(prefs).map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});`).join('\n'));
  const firefox = spawn(FIREFOX, ['--headless', '--marionette', '--no-remote', ...ALLOW_EXTENSION_PAGES, '--profile', profile], { stdio: 'ignore', env: { ...process.env, MOZ_HEADLESS: '1' } });
  const marionette = await Marionette.connect(marionettePort);
  await marionette.send('WebDriver:NewSession', { acceptInsecureCerts: true });
  await marionette.send('Addon:Install', { path: extDir, temporary: true });
  return { firefox, marionette, profile };
}

/** The Firefox build with `serverUrl` as its default server, in a new directory (for the caller to remove). */
export async function buildFirefoxAddonFor(serverUrl: string): Promise<string> {
  const extDir = mkdtempSync(join(tmpdir(), 'tp-ext-ff-'));
  await promisify(execFile)(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--mode', 'firefox', '--logLevel', 'warn'], {
    cwd: join(ROOT, 'extension'),
    env: { ...process.env, NODE_ENV: 'production', EXTENSION_SERVER_URL: serverUrl, EXTENSION_OUT_DIR: extDir },
  });
  return extDir;
}

/** Gives the add-on this extension token, from its options page (an extension page). */
export async function handTokenToAddon(m: Marionette, token: string): Promise<void> {
  await m.send('WebDriver:Navigate', { url: `${EXT}/src/options/index.html` });
  await inPage(m, 'await win.browser.storage.local.set({ token: args[0] }); return true;', [token]);
}

/** Clicks the current page's element matching `css`, once it is there and enabled. */
export async function clickWhenEnabled(m: Marionette, css: string): Promise<void> {
  const found = await waitUntil(
    () => m.send<Record<string, string>>('WebDriver:FindElement', { using: 'css selector', value: css }).catch(() => null),
    (v) => v !== null,
    css,
  );
  const id = Object.values(found!)[0];
  await waitUntil(() => m.send<boolean>('WebDriver:IsElementEnabled', { id }), (v) => v === true, `${css} enabled`);
  await m.send('WebDriver:ElementClick', { id });
}
