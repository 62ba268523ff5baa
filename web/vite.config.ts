/// <reference types="vitest/config" />
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// Nothing in shared/src has a side effect on import (docs/architecture.md: no window, chrome or
// Node APIs, plain data and functions);
// saying so lets the bundler drop the zod schemas (and zod) from the browser bundles, and keeps the
// modules the barrel re-exports out of the first download unless a page the landing shows uses
// them: the countries table and the schedule rules go with the dashboard and settings chunks.
const sharedContract = /[\\/]shared[\\/]src[\\/]/;

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // Every supported browser has native modulepreload; the polyfill would only add weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => !sharedContract.test(id) },
      output: {
        // The landing page's small helpers travel as one chunk instead of five.
        codeSplitting: { groups: [{ name: 'public', test: /src[\\/](hooks[\\/](usePublicConfig|usePlanFacts|usePageTitle|useLoaded)|components[\\/]PriceTag)\./ }] },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    testTimeout: 30_000,
  },
});

/** What is worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes a .br (brotli at its best, 11) and a .gz (level 9) beside each compressible file of the
 * build, when smaller: the server answers with them by Accept-Encoding and compresses nothing of
 * the web app per request (server/src/http/static-assets.ts).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(c) {
      outDir = resolve(c.root, c.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string) => {
        for (const e of readdirSync(dir, { withFileTypes: true })) {
          const path = join(dir, e.name);
          if (e.isDirectory()) {
            if (!e.name.startsWith('.')) walk(path);
          } else if (COMPRESSIBLE.test(e.name)) {
            const raw = readFileSync(path);
            const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
            const gz = gzipSync(raw, { level: 9 });
            if (br.length < raw.length) writeFileSync(`${path}.br`, br);
            if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
          }
        }
      };
      walk(outDir);
    },
  };
}
