// `npm test`: `npm run lint` (scripts/lint.mjs), then every test of every workspace, then the browser
// journeys in tests/e2e (among them Mozilla's web-ext lint of the Firefox build and the store
// packages read back, tests/e2e/extension-store.test.ts). Builds the web app and the extension
// first when they are stale (the journeys use the builds). Ends with one line "tests: N passed, N failed, N skipped"; a failed lint
// counts as one test (failed, the run goes on, so the test results still show). With arguments
// (`npm test -- server/test/foo.test.ts`) it is a targeted run: they go to vitest, and lint is skipped.
import { existsSync, readFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { root, run, buildWebIfStale, isStale, EXTENSION_INPUTS } from './lib.mjs';

const artifacts = join(root, 'test-artifacts');
mkdirSync(artifacts, { recursive: true });
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const extra = process.argv.slice(2);

const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;
if (extra.length === 0) {
  const lint = await run(process.execPath, [join(root, 'scripts/lint.mjs')]);
  if (lint === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    exitCode = lint;
  }
} else {
  console.log('lint: skipped in a targeted run (npm run lint runs it)');
}

const hasE2E = existsSync(join(root, 'tests/e2e')) && readdirSync(join(root, 'tests/e2e')).some((f) => f.endsWith('.test.ts'));

if (hasE2E) {
  if ((await buildWebIfStale()) !== 0) process.exit(1);
  // The store packages too (tests/e2e/extension-store.test.ts reads them back).
  const version = JSON.parse(readFileSync(join(root, 'extension/package.json'), 'utf8')).version;
  const extensionStale = ['extension/dist/chrome/manifest.json', `extension/dist/tonights-pick-firefox-${version}.zip`].some((out) => isStale(out, EXTENSION_INPUTS));
  if (existsSync(join(root, 'extension/vite.config.ts')) && extensionStale) {
    console.log('Building the extension...');
    if ((await run('npm', ['run', 'build', '-w', 'extension'])) !== 0) process.exit(1);
  }
}

const suites = [{ name: 'unit', config: 'vitest.config.ts' }];
if (hasE2E) suites.push({ name: 'e2e', config: 'tests/e2e/vitest.config.ts' });

for (const suite of suites) {
  const out = join(artifacts, `${suite.name}-results.json`);
  const code = await run(process.execPath, [vitest, 'run', '--config', suite.config, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra]);
  if (code !== 0) exitCode = code;
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests ?? 0;
    totals.failed += (r.numFailedTests ?? 0) + (code !== 0 && !r.numFailedTests ? 1 : 0);
    totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  } else if (code !== 0) {
    totals.failed += 1;
  }
}
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
