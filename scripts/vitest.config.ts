import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'bench',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['*.test.ts', 'bench/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
