// Browser journeys (web app and extension) in headless Chromium against the real server.
// Two files at a time: each starts its own server and browser on free ports, with its own data
// folder and schema, and a journey spends much of its time waiting on the page, so two fit the
// two cores (322 s one at a time in CI, with the files adding up to 278 s).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.test.ts'],
    maxWorkers: 2,
    testTimeout: 180_000,
    hookTimeout: 240_000,
    pool: 'forks',
  },
});
