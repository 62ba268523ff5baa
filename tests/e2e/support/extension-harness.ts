// Helpers of the extension journey: build the extension for a server, launch Chromium with it,
// open the real toolbar popup (CDP Extensions.triggerAction, which also grants activeTab) and
// drive it over CDP, and measure the popup's JavaScript.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Firefox 153 lets WebDriver (BiDi and Marionette) open only http(s), file, blob and about:blank
 * unless it was started with this flag, and the Firefox tests open the add-on's own
 * moz-extension:// pages. Firefox 140 ESR accepts the flag too.
 */
export const ALLOW_EXTENSION_PAGES = ['--remote-allow-system-access'];

/** The built web app the server serves (E2E_WEB_DIST overrides, e.g. a build with unmerged changes). */
export const WEB_DIST = process.env.E2E_WEB_DIST ?? join(ROOT, 'web/dist');
export const ARTIFACTS = join(ROOT, 'test-artifacts/extension');
/** Fixed by the manifest's public key (extension/src/manifest.ts). */
export const EXTENSION_ID = 'hohgedmbicbniblcjphfemibhocebldd';

export { freePort } from '../../../server/test/support/server-process.js';

/** The Chrome build with `serverUrl` as its default server (so its host access is granted at install). */
export async function buildExtensionFor(serverUrl: string): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), 'tp-ext-'));
  await promisify(execFile)(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: join(ROOT, 'extension'),
    // NODE_ENV=production: vitest sets 'test', which would give React's development build.
    env: { ...process.env, NODE_ENV: 'production', EXTENSION_SERVER_URL: serverUrl, EXTENSION_OUT_DIR: out },
  });
  return out;
}

/** Chromium with the built extension loaded; `extraArgs` go after the usual flags (e.g. host rules). */
export async function launchWithExtension(extensionDir: string, extraArgs: string[] = []): Promise<BrowserContext> {
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'tp-chromium-')), {
    headless: true,
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    acceptDownloads: true,
    viewport: { width: 1100, height: 800 },
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      // Lets CDP press the toolbar button (Extensions.triggerAction), as a user would.
      '--enable-unsafe-extension-debugging',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

/** The real toolbar popup, driven over CDP (Playwright does not attach to action popups). */
export class ToolbarPopup {
  private nextId = 1;
  private pending = new Map<number, { ok: (v: any) => void; fail: (e: Error) => void }>();
  private constructor(
    private readonly browser: CDPSession,
    private readonly sessionId: string,
    readonly targetId: string,
  ) {
    browser.on('Target.receivedMessageFromTarget', (e: { sessionId: string; message: string }) => {
      if (e.sessionId !== this.sessionId) return;
      const msg = JSON.parse(e.message) as { id?: number; result?: unknown; error?: { message: string } };
      const waiter = msg.id === undefined ? undefined : this.pending.get(msg.id);
      if (!waiter) return;
      this.pending.delete(msg.id!);
      if (msg.error) waiter.fail(new Error(msg.error.message));
      else waiter.ok(msg.result);
    });
  }

  /** Presses the extension's toolbar button on `page`'s tab and attaches to the popup it opens. */
  static async open(browser: CDPSession, page: Page): Promise<ToolbarPopup> {
    await page.bringToFront();
    const { targetInfos: tabs } = await browser.send('Target.getTargets', { filter: [{ type: 'tab' }] });
    const tab = tabs.find((t) => t.url === page.url());
    if (!tab) throw new Error(`no tab target for ${page.url()}`);
    const popupUrl = `chrome-extension://${EXTENSION_ID}/src/popup/index.html`;
    const before = new Set((await browser.send('Target.getTargets')).targetInfos.map((t) => t.targetId));
    await browser.send('Extensions.triggerAction', { id: EXTENSION_ID, targetId: tab.targetId });
    const deadline = Date.now() + 10_000;
    for (;;) {
      const popup = (await browser.send('Target.getTargets')).targetInfos.find((t) => t.type === 'page' && t.url === popupUrl && !before.has(t.targetId));
      if (popup) {
        const { sessionId } = await browser.send('Target.attachToTarget', { targetId: popup.targetId, flatten: false });
        return new ToolbarPopup(browser, sessionId, popup.targetId);
      }
      if (Date.now() > deadline) throw new Error('the toolbar popup did not open');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  private call<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((ok, fail) => {
      this.pending.set(id, { ok, fail });
      void this.browser.send('Target.sendMessageToTarget', { sessionId: this.sessionId, message: JSON.stringify({ id, method, params }) }).catch(fail);
    });
  }

  async evaluate<T>(expression: string): Promise<T> {
    const r = await this.call<{ result: { value: T }; exceptionDetails?: { text: string } }>('Runtime.evaluate', {
      expression,
      returnByValue: true,
      awaitPromise: true,
      userGesture: true,
    });
    if (r.exceptionDetails) throw new Error(`popup: ${r.exceptionDetails.text} in ${expression}`);
    return r.result.value;
  }

  async waitFor(expression: string, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await this.evaluate<boolean>(`Boolean(${expression})`))) {
      if (Date.now() > deadline) throw new Error(`popup: timed out waiting for ${expression}; body: ${await this.evaluate<string>('document.body.innerText')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async screenshot(file: string): Promise<void> {
    const { data } = await this.call<{ data: string }>('Page.captureScreenshot', { format: 'png' });
    writeFileSync(file, Buffer.from(data, 'base64'));
  }

  async close(): Promise<void> {
    await this.browser.send('Target.closeTarget', { targetId: this.targetId }).catch(() => undefined);
  }
}

/** Gzipped size of every script the popup page loads (its entry and the chunks it imports). */
export function popupScriptBytes(extensionDir: string): { files: Record<string, number>; totalGzip: number } {
  const html = readFileSync(join(extensionDir, 'src/popup/index.html'), 'utf8');
  const queue = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g)].map((m) =>
    m[1].startsWith('/') ? join(extensionDir, m[1]) : join(extensionDir, 'src/popup', m[1]),
  );
  const files: Record<string, number> = {};
  while (queue.length) {
    const file = resolve(queue.shift()!);
    const key = file.slice(extensionDir.length + 1);
    if (key in files) continue;
    const code = readFileSync(file);
    files[key] = gzipSync(code, { level: 9 }).length;
    for (const m of code.toString('utf8').matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+\.js)"/g)) queue.push(join(dirname(file), m[1]));
  }
  return { files, totalGzip: Object.values(files).reduce((a, b) => a + b, 0) };
}

export function artifact(name: string): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  return join(ARTIFACTS, name);
}
