/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { messagesPlugin } from '../shared/vite-messages.mjs';
import { LOCALES } from '../shared/src/i18n';

// Nothing in shared/src has a side effect on import (docs/architecture.md: plain data and functions,
// no window, chrome or Node APIs). Saying so lets the bundler drop the zod schemas (and zod) from
// the browser bundles, and keeps the modules the barrel re-exports out of the first download unless
// a page the landing shows uses them: the countries table and the schedule rules go with the
// dashboard and settings chunks.
const sharedContract = /[\\/]shared[\\/]src[\\/]/;

/**
 * The parts of each language's catalog, by the pages that load them (web/src/i18n/i18n.ts): what
 * every public page shows (the landing's part, loaded before the first render), sign-in and
 * sign-up, the legal pages, and the rest (the signed-in app and the rarer public pages).
 */
const CATALOG_PARTS: Record<string, ReadonlySet<string>> = {
  public: new Set(['common', 'site', 'landing', 'pages', 'language']),
  auth: new Set(['auth']),
  legal: new Set(['legal']),
};
const inPart = (area: string) => Object.values(CATALOG_PARTS).some((areas) => areas.has(area));

/** The modules of the signed-in layout and of the dashboard's first card (its first view). */
const SIGNED_IN_FIRST_VIEW = new RegExp(
  [
    String.raw`node_modules[\\/](swr|use-sync-external-store|dequal)[\\/]`,
    String.raw`web[\\/]src[\\/]components[\\/]layout[\\/](AppLayout|SignedInLayout|AppHeader)\.`,
    String.raw`web[\\/]src[\\/]components[\\/]dashboard[\\/](SaveForLaterButton|RecommendationCard|MoodSelect|PlanLimitBanner|RecommendationActions|CardSkeleton|CountryPrompt|TonightControls|WhereToWatch|formatTitle)\.`,
    String.raw`web[\\/]src[\\/]components[\\/](feedback[\\/]FeedbackWidget|household[\\/]PendingInviteRedirect|common[\\/]ErrorState)\.`,
    String.raw`web[\\/]src[\\/]hooks[\\/](useRecommendation|afterNextPaint|useProfile|useUserKey|useSubscriptionStatus|useLibrary)\.`,
    String.raw`web[\\/]src[\\/]pages[\\/]DashboardPage\.`,
    String.raw`web[\\/]src[\\/]styles[\\/]app\.css`,
    String.raw`shared[\\/]src[\\/](where-to-watch|tonight|allowance|countries|countries-data|pick-notice|connections)\.`,
  ].join('|'),
);

// React Router's package exports only its development build (warnings and checks for developers);
// the production build beside it is the same router without them. Built with it; the dev server and
// the tests keep the warnings.
const routerDist = fileURLToPath(new URL('../node_modules/react-router/dist/production/', import.meta.url));
const PRODUCTION_ROUTER = [
  { find: /^react-router$/, replacement: `${routerDist}index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${routerDist}dom-export.mjs` },
];

export default defineConfig({
  // The catalogs of shared/locales but the server's own (emails, calendar texts) and the extension's,
  // in parts per language (CATALOG_PARTS).
  plugins: [
    react(),
    reactRouterTreeShaking(),
    messagesPlugin(
      (area: string) => !/^(server|extension)-/.test(area),
      {
        ...Object.fromEntries(Object.entries(CATALOG_PARTS).map(([part, areas]) => [part, (area: string) => areas.has(area)])),
        app: (area: string) => !inPart(area),
      },
      LOCALES,
    ),
  ],
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
      // The app, and the dashboard's early reads (src/earlyReads.ts), a module of its own that the
      // pre-rendered dashboard page loads first (finish-build.mjs).
      input: { index: fileURLToPath(new URL('index.html', import.meta.url)), earlyReads: fileURLToPath(new URL('src/earlyReads.ts', import.meta.url)) },
      treeshake: { moduleSideEffects: (id: string) => !sharedContract.test(id) },
      output: {
        codeSplitting: {
          groups: [
            // The landing page's small helpers travel as one chunk instead of five.
            { name: 'public', test: /src[\\/](hooks[\\/](usePublicConfig|usePlanFacts|usePageTitle|useLoaded)|components[\\/]common[\\/](PriceTag|PosterImage))\./ },
            // Small parts that pages signed in and signed out share, as one chunk instead of four.
            { name: 'ui', test: /src[\\/](components[\\/](common[\\/](Icon|Notice)|household[\\/]pendingInvite)|api[\\/]errorText)\./, includeDependenciesRecursively: false },
            // What the signed-in layout and the dashboard's first card are made of travels as one
            // chunk instead of a dozen: on a phone's network every request of the first view costs
            // a round trip and a share of the bandwidth (docs/performance.md, "Web"). Only modules
            // no public page imports belong here (finish-build.mjs checks), else that page loads it all.
            // It holds the modules it names, not what they import: React stays with the app's entry.
            { name: 'signed-in', test: SIGNED_IN_FIRST_VIEW, priority: 1, includeDependenciesRecursively: false },
          ],
        },
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
