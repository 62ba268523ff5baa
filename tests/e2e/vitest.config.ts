// Browser journeys (web app and extension) in headless Chromium against the real server.
// One file at a time: each starts its own server and browser, and two cores are all there is.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 240_000,
    pool: 'forks',
  },
});
