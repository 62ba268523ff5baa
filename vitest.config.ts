// `npm test` runs this (unit and integration tests of every workspace), then tests/e2e.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['shared', 'server', 'web', 'extension', 'scripts'],
    passWithNoTests: true,
    maxWorkers: 2,
  },
});
