import { defineConfig } from 'vitest/config';

// Unit tests of the pure parts (hand-off checks, site detection, storage wrapper, server URL).
// The built extension itself is exercised by tests/e2e/extension.test.ts in Chromium.
export default defineConfig({
  define: { __BROWSER__: JSON.stringify('chrome'), __DEFAULT_SERVER_URL__: JSON.stringify('http://localhost:8080') },
  test: { name: 'extension', environment: 'node', include: ['src/**/*.test.ts'] },
});
