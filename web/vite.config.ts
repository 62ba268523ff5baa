/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Nothing in shared/src has a side effect on import (docs/architecture.md: no window, chrome or
// Node APIs, plain data and functions);
// saying so lets the bundler drop the zod schemas (and zod) from the browser bundles, and keeps the
// modules the barrel re-exports out of the first download unless a page the landing shows uses
// them: the countries table and the schedule rules go with the dashboard and settings chunks.
const sharedContract = /[\\/]shared[\\/]src[\\/]/;

export default defineConfig({
  plugins: [react()],
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

