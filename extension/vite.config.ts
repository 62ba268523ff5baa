// Two builds from one source: `vite build` -> dist/chrome, `vite build --mode firefox` -> dist/firefox.
// EXTENSION_SERVER_URL sets the server a fresh install talks to (default http://localhost:8080);
// EXTENSION_OUT_DIR overrides the output folder (the e2e test builds one for its own server).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin, UserConfig } from 'vite';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { crx } from '@crxjs/vite-plugin';
import { buildManifest, manifestLocales } from './src/manifest.ts';
import { parseServerOrigin } from './src/lib/server-url.ts';
import { messagesPlugin } from '../shared/vite-messages.mjs';
import { LOCALES } from '../shared/src/i18n.ts';

export default defineConfig(async ({ mode }): Promise<UserConfig> => {
  const browser = mode === 'firefox' ? 'firefox' : 'chrome';
  const server = parseServerOrigin(process.env.EXTENSION_SERVER_URL ?? 'http://localhost:8080');
  if (!server.ok) throw new Error(`EXTENSION_SERVER_URL: ${server.error}`);
  return {
    plugins: [
      react(),
      crx({ manifest: buildManifest(browser, server.origin), browser }),
      noWebAccessibleBridge(),
      // The popup's and the options page's words (issue 39, docs/i18n.md): one chunk per language.
      messagesPlugin(EXTENSION_AREAS),
      localesFolder(),
    ],
    // The popup's budget is 60 KB gzipped: React 19 alone is 66 KB, Preact's compat layer gives the
    // same component API in a fraction of it.
    resolve: {
      alias: [
        { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
        { find: /^react-dom$/, replacement: 'preact/compat' },
        { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
        { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
        { find: /^react$/, replacement: 'preact/compat' },
      ],
    },
    define: {
      __BROWSER__: JSON.stringify(browser),
      __DEFAULT_SERVER_URL__: JSON.stringify(server.origin),
      __BADGE_MESSAGES__: await badgeMessages(),
      __BADGE_MESSAGES_EN__: await badgeMessages('en'),
    },
    build: {
      outDir: process.env.EXTENSION_OUT_DIR ? resolve(process.env.EXTENSION_OUT_DIR) : resolve(__dirname, 'dist', browser),
      emptyOutDir: true,
      // Extension pages load from the package: no modulepreload polyfill, no source of delay.
      modulePreload: { polyfill: false },
      // Preact in a chunk of its own, whatever else the pages share (web-ext lint's one known warning,
      // its innerHTML for dangerouslySetInnerHTML, names that chunk: tests/e2e/extension-store.test.ts).
      rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'preact', test: /[\\/]node_modules[\\/]preact[\\/]/, priority: 1 }] } } },
      sourcemap: false,
    },
    // The manifest names every file of public/ (the icons), and crxjs copies what it names to
    // public/; Vite's own copy of the folder would put a second, unused set at the package root.
    publicDir: false,
  };
});

/** The areas of shared/locales the extension shows: its own, and the words every app shares. */
export const EXTENSION_AREAS = (area: string) => area === 'common' || area.startsWith('extension-');

/**
 * `__BADGE_MESSAGES__`: the badge's own area (extension-badge), compiled, every language in one
 * object, for the background, which sends the viewer's words with each fit; `__BADGE_MESSAGES_EN__`,
 * English alone, the content script's own. The badge is built apart by crxjs (one IIFE, no plugins,
 * no chunks to load): a constant, not a virtual module.
 */
export async function badgeMessages(only?: string): Promise<string> {
  // Untyped (plain JavaScript, shared with the web app's build), hence imported by its address.
  const catalogs = new URL('../shared/catalogs.mjs', import.meta.url).href;
  const { compiledMessages } = (await import(catalogs)) as { compiledMessages: (locale: string, keep: (area: string) => boolean) => Record<string, unknown> };
  const badge = (l: string) => compiledMessages(l, (area: string) => area === 'extension-badge');
  // `only`: that language's messages alone (the content script's English).
  return JSON.stringify(only ? badge(only) : Object.fromEntries(LOCALES.map((l) => [l, badge(l)])));
}

/**
 * The manifest's name and description in the browser's language: `_locales/<folder>/messages.json`
 * (src/locales.ts, from the extension-manifest catalog), written next to the manifest.
 */
function localesFolder(): Plugin {
  return {
    name: 'tonights-pick-locales-folder',
    apply: 'build',
    generateBundle() {
      for (const [folder, messages] of Object.entries(manifestLocales(LOCALES))) {
        this.emitFile({ type: 'asset', fileName: `_locales/${folder}/messages.json`, source: `${JSON.stringify(messages, null, 2)}\n` });
      }
    },
  };
}

/**
 * crxjs lists dynamically registered scripts as web-accessible on every site; the bridge is
 * registered with scripting.registerContentScripts and needs no such entry, and the entry would
 * let any page detect the extension. Removed from the written manifest.
 */
function noWebAccessibleBridge(): Plugin {
  let outDir = '';
  return {
    name: 'no-web-accessible-bridge',
    apply: 'build',
    enforce: 'post',
    configResolved(c) {
      outDir = c.build.outDir;
    },
    writeBundle(_options, bundle) {
      // crxjs also writes each registered script (the bridge, the badge) as an ordinary module chunk
      // (assets/<name>.iife.ts-<hash>.js) that nothing loads: the registered script is the IIFE.
      // Left out of the store packages.
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.fileName.startsWith('assets/') && /\/src\/content\/[^/]+\.iife\.ts$/.test(chunk.facadeModuleId ?? '')) {
          rmSync(join(outDir, chunk.fileName));
        }
      }
      const file = join(outDir, 'manifest.json');
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { web_accessible_resources?: Array<{ resources: string[] }> };
      // The badge's script (content/badge.iife.ts) is registered the same way and needs no entry either.
      const kept = (manifest.web_accessible_resources ?? []).filter((w) => !w.resources.every((r) => /^src\/content\/[^/]+\.iife\.js$/.test(r)));
      if (kept.length) manifest.web_accessible_resources = kept;
      else delete manifest.web_accessible_resources;
      writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}
