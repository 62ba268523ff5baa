// `npm test` runs this (unit and integration tests of every workspace), then tests/e2e.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['shared', 'server', 'web', 'extension'],
    passWithNoTests: true,
    maxWorkers: 2,
  },
});
