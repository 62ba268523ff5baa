// The extension as the stores receive it: Mozilla's own linter (web-ext lint, the checks AMO runs
// on upload) on the Firefox build, and the two zips `npm run build -w extension` writes, read back:
// the manifest, every icon size each store asks for, and nothing a store would not need.
import { describe, it, expect } from 'vitest';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { inflateRawSync, crc32 } from 'node:zlib';
import { ROOT } from './support/extension-harness.js';

const DIST = join(ROOT, 'extension/dist');
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'extension/package.json'), 'utf8')) as { version: string }).version;

/**
 * The warnings docs/extension-store.md ("Mozilla's linter") explains as benign, by code and the
 * file they are about. Anything else fails the run, as does any error or notice.
 */
const BENIGN_WARNINGS = [
  // Preact's renderer sets innerHTML only for `dangerouslySetInnerHTML`, which no component of ours uses.
  // Its own chunk (extension/vite.config.ts), whatever else the pages share.
  { code: 'UNSAFE_VAR_ASSIGNMENT', file: /^assets\/preact-[\w-]+\.js$/ },
];

interface LintMessage {
  code: string;
  message: string;
  file?: string;
}

interface LintReport {
  errors: LintMessage[];
  warnings: LintMessage[];
  notices: LintMessage[];
}

/** Mozilla's linter on a build folder, its JSON report. */
async function webExtLint(dir: string): Promise<LintReport> {
  const { stdout } = await promisify(execFile)(process.execPath, [join(ROOT, 'node_modules/web-ext/bin/web-ext.js'), 'lint', '--source-dir', dir, '--output', 'json', '--no-input'], {
    // No update check: the run must not depend on the network.
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1' },
    maxBuffer: 16 * 1024 * 1024,
  }).catch((err: { stdout?: string; stderr?: string }) => {
    // web-ext exits 1 when the linter finds errors; the report is still on stdout.
    if (err.stdout) return { stdout: err.stdout };
    throw new Error(`web-ext lint did not run: ${err.stderr ?? String(err)}`);
  });
  return JSON.parse(stdout) as LintReport;
}

const brief = (m: LintMessage) => `${m.code} in ${m.file ?? 'the package'}: ${m.message}`;
const unexplained = (report: LintReport) => report.warnings.filter((w) => !BENIGN_WARNINGS.some((b) => b.code === w.code && b.file.test(w.file ?? '')));

/** The zip's entries by name, read from its central directory; each entry's CRC-32 is checked. */
function readZip(file: string): Map<string, Buffer> {
  const buf = readFileSync(file);
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(buf.readUInt32LE(at)).toBe(0x02014b50);
    const method = buf.readUInt16LE(at + 10);
    const crc = buf.readUInt32LE(at + 16);
    const compressed = buf.readUInt32LE(at + 20);
    const size = buf.readUInt32LE(at + 24);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLen);
    const dataAt = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(dataAt, dataAt + compressed);
    const data = method === 8 ? inflateRawSync(raw) : Buffer.from(raw);
    expect(data.length, name).toBe(size);
    expect(crc32(data) >>> 0, name).toBe(crc);
    entries.set(name, data);
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d)) {
      const full = join(d, entry);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(dir, full).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

/** Every string value in the manifest (paths of icons, pages, scripts...). */
function manifestStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(manifestStrings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(manifestStrings);
  return [];
}

describe('the extension as the stores receive it', () => {
  it('passes web-ext lint on the Firefox build: no error, no notice, no warning but the documented ones', async () => {
    const report = await webExtLint(join(DIST, 'firefox'));
    expect(report.errors.map(brief)).toEqual([]);
    expect(report.notices.map(brief)).toEqual([]);
    expect(unexplained(report).map(brief)).toEqual([]);
  });

  it('would fail without the data declaration: the lint check is not blind to it', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'tp-firefox-lint-'));
    try {
      cpSync(join(DIST, 'firefox'), copy, { recursive: true });
      const manifest = JSON.parse(readFileSync(join(copy, 'manifest.json'), 'utf8'));
      delete manifest.browser_specific_settings.gecko.data_collection_permissions;
      writeFileSync(join(copy, 'manifest.json'), JSON.stringify(manifest));
      expect(unexplained(await webExtLint(copy)).map((w) => w.code)).toContain('MISSING_DATA_COLLECTION_PERMISSIONS');
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('declares to Firefox what it sends: the sign-in token always, the badge\'s page title only when turned on', () => {
    const manifest = JSON.parse(readFileSync(join(DIST, 'firefox/manifest.json'), 'utf8'));
    expect(manifest.browser_specific_settings.gecko.data_collection_permissions).toEqual({
      required: ['authenticationInfo'],
      optional: ['websiteContent', 'browsingActivity'],
    });
  });

  for (const browser of ['chrome', 'firefox'] as const) {
    describe(`the ${browser} package`, () => {
      const zipFile = join(DIST, `tonights-pick-${browser}-${VERSION}.zip`);

      it('holds exactly the build folder, at the zip root, without source maps or dotfiles', () => {
        expect(existsSync(zipFile), `${zipFile} is missing: run npm run build -w extension`).toBe(true);
        const names = [...readZip(zipFile).keys()].sort();
        expect(names).toEqual(filesUnder(join(DIST, browser)));
        expect(names).toContain('manifest.json');
        expect(names.filter((n) => n.endsWith('.map') || n.split('/').some((part) => part.startsWith('.')))).toEqual([]);
      });

      it('holds the build\'s files byte for byte, except that the Chrome Web Store\'s manifest has no key', () => {
        const entries = readZip(zipFile);
        for (const [name, data] of entries) if (name !== 'manifest.json') expect(data.equals(readFileSync(join(DIST, browser, name))), name).toBe(true);
        const built = JSON.parse(readFileSync(join(DIST, browser, 'manifest.json'), 'utf8'));
        const packaged = JSON.parse(entries.get('manifest.json')!.toString('utf8'));
        // The store refuses `key` ("key field is not allowed in manifest") and assigns its own id;
        // the unpacked build keeps it, so a developer's extension has the id EXTENSION_ORIGINS names by default.
        expect(packaged.key).toBeUndefined();
        if (browser === 'chrome') {
          expect(built.key).toMatch(/^MII[\w+/]+=*$/);
          const { key: _key, ...rest } = built;
          expect(packaged).toEqual(rest);
        } else {
          expect(entries.get('manifest.json')!.equals(readFileSync(join(DIST, browser, 'manifest.json')))).toBe(true);
        }
      });

      it('has a manifest for this store and every icon size the store asks for, at that size', () => {
        const entries = readZip(zipFile);
        const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8'));
        expect(manifest.manifest_version).toBe(3);
        expect(manifest.version).toBe(VERSION);
        // The name and description in the browser's language (_locales, English by default): the brand in every one.
        expect(manifest.name).toBe('__MSG_appName__');
        expect(manifest.default_locale).toBe('en');
        for (const folder of ['en', 'es', 'fr', 'de', 'pt_BR', 'hi', 'ja', 'ko', 'ar']) {
          const messages = JSON.parse(entries.get(`_locales/${folder}/messages.json`)!.toString('utf8'));
          expect(messages.appName.message, folder).toBe("Tonight's Pick");
        }
        if (browser === 'chrome') {
          expect(manifest.background.service_worker).toBeTruthy();
          expect(manifest.browser_specific_settings).toBeUndefined();
        } else {
          expect(manifest.background.scripts).toHaveLength(1);
          expect(manifest.browser_specific_settings.gecko.id).toBe('tonights-pick@extension.local');
        }
        // Chrome Web Store: 128 for the store and install, 16/32/48 in the browser; AMO: 48 and 96.
        const wanted = browser === 'chrome' ? ['16', '32', '48', '128'] : ['48', '96'];
        for (const size of wanted) {
          const path = manifest.icons[size] as string | undefined;
          expect(path, `icon ${size}`).toBeTruthy();
          expect(pngSize(entries.get(path!)!), path).toEqual([Number(size), Number(size)]);
        }
        for (const [size, path] of Object.entries({ ...manifest.icons, ...manifest.action.default_icon } as Record<string, string>)) {
          expect(pngSize(entries.get(path)!), path).toEqual([Number(size), Number(size)]);
        }
      });

      it('holds no stray file: each one is named by the manifest or by another packaged file', () => {
        const entries = readZip(zipFile);
        const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8'));
        const named = new Set(manifestStrings(manifest));
        const texts = [...entries].filter(([n]) => /\.(js|html|css)$/.test(n)).map(([n, data]) => [n, data.toString('utf8')] as const);
        const stray = [...entries.keys()].filter(
          // _locales/<lang>/messages.json: the browser reads them by default_locale and __MSG_ names.
          (name) => name !== 'manifest.json' && !name.startsWith('_locales/') && !named.has(name) && !texts.some(([other, text]) => other !== name && (text.includes(`/${name}`) || text.includes(name.split('/').pop()!))),
        );
        expect(stray).toEqual([]);
      });
    });
  }
});
