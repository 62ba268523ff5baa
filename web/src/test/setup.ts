import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { activateLocale } from '../i18n/i18n';

// The app's first render waits for its language (main.tsx); the tests render in English.
await activateLocale('en', document, ['public', 'auth', 'legal', 'app']);

// Lazy pages are transformed on first import, which takes a while on a busy machine.
configure({ asyncUtilTimeout: 8000 });

// jsdom does not scroll (it prints "Not implemented: window.scrollTo"): a no-op that records what
// the app asks of the browser, so a test can check that a route opens at the top.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(async () => {
  cleanup();
  // A test that switched the language leaves the next one in English.
  await activateLocale('en', document, ['public', 'auth', 'legal', 'app']);
  window.localStorage.clear();
  vi.mocked(window.scrollTo).mockClear();
});
