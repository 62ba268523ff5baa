// Two builds from one source: `vite build` -> dist/chrome, `vite build --mode firefox` -> dist/firefox.
// EXTENSION_SERVER_URL sets the server a fresh install talks to (default http://localhost:8080);
// EXTENSION_OUT_DIR overrides the output folder (the e2e test builds one for its own server).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { crx } from '@crxjs/vite-plugin';
import { buildManifest } from './src/manifest.ts';
import { parseServerOrigin } from './src/lib/server-url.ts';

export default defineConfig(({ mode }) => {
  const browser = mode === 'firefox' ? 'firefox' : 'chrome';
  const server = parseServerOrigin(process.env.EXTENSION_SERVER_URL ?? 'http://localhost:8080');
  if (!server.ok) throw new Error(`EXTENSION_SERVER_URL: ${server.error}`);
  return {
    plugins: [react(), crx({ manifest: buildManifest(browser, server.origin), browser }), noWebAccessibleBridge()],
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
    },
    build: {
      outDir: process.env.EXTENSION_OUT_DIR ? resolve(process.env.EXTENSION_OUT_DIR) : resolve(__dirname, 'dist', browser),
      emptyOutDir: true,
      // Extension pages load from the package: no modulepreload polyfill, no source of delay.
      modulePreload: { polyfill: false },
      sourcemap: false,
    },
    // The manifest names every file of public/ (the icons), and crxjs copies what it names to
    // public/; Vite's own copy of the folder would put a second, unused set at the package root.
    publicDir: false,
  };
});

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
