import { defineConfig } from 'vitest/config';
import { messagesPlugin } from '../shared/vite-messages.mjs';
import { badgeMessages, EXTENSION_AREAS } from './vite.config.ts';

// Unit tests of the pure parts (hand-off checks, site detection, storage wrapper, server URL), and
// the popup rendered in another language (*.test.tsx, in jsdom, React as the build's Preact stands in).
// The built extension itself is exercised by tests/e2e/extension.test.ts in Chromium.
export default defineConfig({
  plugins: [messagesPlugin(EXTENSION_AREAS)],
  define: { __BROWSER__: JSON.stringify('chrome'), __DEFAULT_SERVER_URL__: JSON.stringify('http://localhost:8080'), __BADGE_MESSAGES__: await badgeMessages(), __BADGE_MESSAGES_EN__: await badgeMessages('en') },
  test: { name: 'extension', environment: 'node', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] },
});
