// `npm run lint` (part of `npm test`): typescript-eslint's recommended rules over every workspace and
// React's hooks rules in web/ and extension/. Not type-aware, to stay fast. Import cycles are
// scripts/check-cycles.mjs (it counts type-only imports, which import-x/no-cycle skips, and runs in
// a tenth of the time).
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { i18nPlugin } from './scripts/eslint/no-literal-text.mjs';

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'test-artifacts/**',
      'bench-results/**',
      '**/coverage/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      // Every control character in our regular expressions is there on purpose: they strip or
      // detect control characters in text users and files supply.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // A migration runs against the schema of its day (Kysely<any>), not today's Database type.
    files: ['server/src/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Test doubles of external services (Stripe, Google, TMDB, browsers) handle their JSON loosely.
    files: ['**/test/**/*.{ts,tsx}', '**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'extension/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Issue 39: every word a person reads comes from the message catalogs. A component not yet
    // moved to them says so in its first line (eslint-disable i18n/no-literal-text -- not yet translated).
    files: ['web/src/**/*.tsx', 'extension/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', '**/test/**'],
    plugins: { i18n: i18nPlugin },
    rules: { 'i18n/no-literal-text': 'error' },
  },
);
