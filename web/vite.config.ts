/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The shared contract's zod schemas are for the server and the tests; the web app only needs the
// client, constants and texts. Marking the schema modules side-effect free lets the bundler drop
// them (and zod with them) from the browser bundles.
const contractSchemas = /[\\/]shared[\\/]src[\\/]schemas[\\/]/;

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
      treeshake: { moduleSideEffects: (id: string) => !contractSchemas.test(id) },
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
