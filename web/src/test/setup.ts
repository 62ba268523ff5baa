import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy pages are transformed on first import, which takes a while on a busy machine.
configure({ asyncUtilTimeout: 8000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
