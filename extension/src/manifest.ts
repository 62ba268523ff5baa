// The manifest for both builds. Chrome gets a fixed public key (stable extension id, so the
// server's EXTENSION_ORIGINS can name it) and a service worker; Firefox gets background scripts
// and its add-on id. Host access: only the configured server's origin, granted at runtime
// (the default server's origin is asked for at install).
import { defineManifest } from '@crxjs/vite-plugin';
import pkg from '../package.json' with { type: 'json' };
import { hostPermissionPattern } from './lib/server-url.ts';
import { BROWSE_SITES } from './lib/browse-sites.ts';
import { FIREFOX_DATA_COLLECTION } from './lib/firefox-data.ts';
import { existsSync, readFileSync } from 'node:fs';

/** Public half of the key that fixes the Chrome extension id (hohgedmbicbniblcjphfemibhocebldd). */
export const EXTENSION_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEArO65z4nSEVpl2qqlu4ueJMxfnR/y0QA8mZqxZep1Ob+d' +
  'SkkiGA+Mds/mFBHr0Anz8nXfEv7uWx0DoHxFT1cCE+lUzbMlYoBpGBk3uRaFSWpynPoQPZENB/wtSTtF0cPyGW32' +
  '9OzxnQ4WOcu5eVIOnM+ihx59xQwp4j5+DPvmzGCKeWL9l2eSM2dcBAv+2k7L0Ny4r/Bb0GNazMc6UJqI9896z2pi' +
  'tJRld42mwy3m1MAYllqJjMw2qd75NZpFRz7Pw9Znw2gBpK+cyVgTAL3yaU7/AH9xUkgWyc3QmrHS02TleN/vnnca' +
  'FVOWKDZ2N9mzSkcgp/iNIFnIEMBYQ8dVKQIDAQAB';

export const FIREFOX_ADDON_ID = 'tonights-pick@extension.local';

/** Chrome's and Firefox's folder of a locale under _locales (pt-BR is pt_BR). */
export const localeFolder = (locale: string): string => locale.replace('-', '_');

/** The manifest's words, each a `__MSG_<name>__` resolved from _locales/<folder>/messages.json. */
const MANIFEST_MESSAGES = {
  appName: 'extension-manifest.name',
  appDescription: 'extension-manifest.description',
} as const;

/**
 * `_locales/<folder>/messages.json` for each of `locales` (written by vite.config.ts): the name (the
 * brand, the same in all of them) and the description, from shared/locales/extension-manifest.
 */
export function manifestLocales(locales: readonly string[]): Record<string, Record<string, { message: string }>> {
  const read = (locale: string): Record<string, string> => {
    const file = new URL(`../../shared/locales/extension-manifest/${locale}.json`, import.meta.url);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  };
  const english = read('en');
  return Object.fromEntries(
    locales.map((locale) => {
      const own = read(locale);
      const messages = Object.fromEntries(Object.entries(MANIFEST_MESSAGES).map(([name, key]) => [name, { message: own[key] ?? english[key] }]));
      return [localeFolder(locale), messages];
    }),
  );
}

export function buildManifest(browser: 'chrome' | 'firefox', defaultServerUrl: string) {
  const defaultOrigin = new URL(defaultServerUrl).origin;
  return defineManifest({
    manifest_version: 3,
    // In the browser's language: _locales/<folder>/messages.json (manifestLocales), English by default.
    name: '__MSG_appName__',
    short_name: '__MSG_appName__',
    description: '__MSG_appDescription__',
    default_locale: 'en',
    version: pkg.version ?? '1.0.0',
    ...(browser === 'chrome' ? { key: EXTENSION_PUBLIC_KEY, minimum_chrome_version: '121' } : {}),
    // Every size the stores ask for: Chrome 16/32/48 (toolbar, extensions page) and 128 (install,
    // Web Store); Firefox 48 and 96 (add-ons manager). scripts/extension-icons.mjs draws 32 and 96.
    icons: { 16: 'public/icon-16.png', 32: 'public/icon-32.png', 48: 'public/icon-48.png', 96: 'public/icon-96.png', 128: 'public/icon-128.png' },
    action: {
      default_popup: 'src/popup/index.html',
      default_title: '__MSG_appName__',
      default_icon: { 16: 'public/icon-16.png', 32: 'public/icon-32.png', 48: 'public/icon-48.png' },
    },
    options_ui: { page: 'src/options/index.html', open_in_tab: true },
    background:
      browser === 'chrome'
        ? { service_worker: 'src/background/index.ts', type: 'module' }
        : { scripts: ['src/background/index.ts'], type: 'module' },
    permissions: ['storage', 'activeTab', 'scripting'],
    host_permissions: [hostPermissionPattern(defaultOrigin, browser)],
    // Any server origin (asked for when the options page saves one), and each streaming site's own
    // origins, asked for only when the user turns the badge on for that site.
    optional_host_permissions: ['http://*/*', 'https://*/*', ...BROWSE_SITES.flatMap((s) => s.matches)],
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: FIREFOX_ADDON_ID,
              // Firefox 140 (the current ESR) is the first to read data_collection_permissions.
              strict_min_version: '140.0',
              // What the extension sends and why: lib/firefox-data.ts.
              data_collection_permissions: { required: [...FIREFOX_DATA_COLLECTION.required], optional: [...FIREFOX_DATA_COLLECTION.optional] },
            },
            // Firefox for Android reads it from 142. (crxjs's manifest type has no gecko_android yet.)
            ...({ gecko_android: { strict_min_version: '142.0' } } as object),
          },
        }
      : {}),
  });
}
