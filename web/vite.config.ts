/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// Nothing in shared/src has a side effect on import (docs/architecture.md: plain data and functions,
// no window, chrome or Node APIs). Saying so lets the bundler drop the zod schemas (and zod) from
// the browser bundles, and keeps the modules the barrel re-exports out of the first download unless
// a page the landing shows uses them: the countries table and the schedule rules go with the
// dashboard and settings chunks.
const sharedContract = /[\\/]shared[\\/]src[\\/]/;

// React Router's package exports only its development build (warnings and checks for developers);
// the production build beside it is the same router without them. Built with it; the dev server and
// the tests keep the warnings.
const routerDist = fileURLToPath(new URL('../node_modules/react-router/dist/production/', import.meta.url));
const PRODUCTION_ROUTER = [
  { find: /^react-router$/, replacement: `${routerDist}index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${routerDist}dom-export.mjs` },
];

export default defineConfig({
  plugins: [react(), reactRouterTreeShaking()],
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
      treeshake: { moduleSideEffects: (id: string) => !sharedContract.test(id) },
      output: {
        // The landing page's small helpers travel as one chunk instead of five.
        codeSplitting: { groups: [{ name: 'public', test: /src[\\/](hooks[\\/](usePublicConfig|usePlanFacts|usePageTitle|useLoaded)|components[\\/](PriceTag|PosterImage))\./ }] },
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

/**
 * React Router defines its components at the top level with React's forwardRef, memo and
 * createContext, and names them for React's developer tools with assignments
 * (`Form.displayName = "Form"`). The bundler cannot know those calls are pure, and an assignment
 * counts as a side effect, so every component stayed in the first download whether the app used it
 * or not (forms and their submission code, fetchers, scroll restoration). Marked pure, and without
 * the names (read only by the developer tools), the unused ones are dropped.
 */
function reactRouterTreeShaking(): Plugin {
  const routerModule = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/;
  return {
    name: 'react-router-tree-shaking',
    apply: 'build',
    config: () => ({ resolve: { alias: PRODUCTION_ROUTER } }),
    transform(code, id) {
      if (!routerModule.test(id)) return null;
      const out = code
        .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '')
        .replace(/^(var [\w$]+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm, '$1/* @__PURE__ */ $2');
      return { code: out, map: null };
    },
  };
}
