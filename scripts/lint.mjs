// `npm run lint` (and the first step of `npm test`): the type check of every workspace (`npm run
// typecheck`: vitest strips types without checking them, so a test or module that no longer
// type-checks would otherwise pass), ESLint (eslint.config.js), import cycles with type-only imports
// counted (check-cycles.mjs), imports that point up the layers of docs/architecture.md
// (check-layers.mjs), repeated blocks of 6 lines or more (jscpd, .jscpd.json), source files over
// 300 lines (check-length.mjs), the message catalogs whole and used (check-messages.mjs), then knip (knip.jsonc: exports nobody imports, unused files and
// dependencies). Runs every step, prints each one's time, exits 1 if any failed.
// ESLint and knip keep caches in node_modules/.cache, so a second run only reads changed files.
import { join } from 'node:path';
import { root, run } from './lib.mjs';

const bin = (pkg, file) => join(root, 'node_modules', pkg, file);
const tsc = bin('typescript', 'bin/tsc');
const steps = [
  ...['shared', 'server', 'web', 'extension', '.'].map((project) => [`types (${project})`, [tsc, '-p', join(root, project)]]),
  ['eslint', [bin('eslint', 'bin/eslint.js'), '.', '--concurrency', 'auto', '--cache', '--cache-location', 'node_modules/.cache/eslint/']],
  ['messages', [join(root, 'scripts/check-messages.mjs')]],
  ['import cycles', [join(root, 'scripts/check-cycles.mjs')]],
  ['layers', [join(root, 'scripts/check-layers.mjs')]],
  ['copies', [bin('jscpd', 'bin/jscpd'), '--config', join(root, '.jscpd.json')]],
  ['file length', [join(root, 'scripts/check-length.mjs')]],
  ['knip', [bin('knip', 'bin/knip.js'), '--no-progress', '--cache', '--cache-location', 'node_modules/.cache/knip']],
];

const failed = [];
for (const [name, args] of steps) {
  const started = performance.now();
  const code = await run(process.execPath, args);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`lint: ${name} ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
  if (code !== 0) failed.push(name);
}
if (failed.length) {
  console.error(`lint: failed: ${failed.join(', ')}`);
  process.exit(1);
}
