// Helpers shared by the root scripts (start, dev, test): freshness of builds and child processes.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_BUNDLES } from './server-bundles.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when `output` is missing or older than any of `inputs`. */
export function isStale(output, inputs) {
  const out = join(root, output);
  if (!existsSync(out)) return true;
  const built = statSync(out).mtimeMs;
  return inputs.some((i) => newestMtime(join(root, i)) > built);
}

export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export const WEB_INPUTS = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'shared/src'];
export const EXTENSION_INPUTS = ['extension/src', 'extension/vite.config.ts', 'extension/public', 'shared/src', 'scripts/package-extension.mjs'];

export async function buildWebIfStale() {
  if (!existsSync(join(root, 'web/vite.config.ts'))) return 0;
  if (!isStale('web/dist/index.html', WEB_INPUTS)) return 0;
  console.log('Building the web app (web/dist is missing or older than its sources)...');
  return run('npm', ['run', 'build', '-w', 'web']);
}

/**
 * How `npm start` runs node for the server; the benchmarks and the bundle's test run it the same way.
 * No heap flag: --heap-growing-percent=10 held RSS at 100,000 titles under 300 MB (SQLite 279-284,
 * PostgreSQL 273-287 MB, against 301-388 MB), but its more frequent full collections raised the
 * p99 of picks on PostgreSQL from 20-34 to 26-66 ms (docs/performance.md, "What is not met").
 * --expose-gc lets the server make one full collection after it builds the engine's index for a
 * catalog, instead of V8 making it during the picks that follow
 * (server/src/features/history/engine-index.ts).
 */
export const SERVER_NODE_ARGS = ['--enable-source-maps', '--expose-gc'];

/**
 * The environment `npm start` gives the server: the operator's, over these defaults. glibc gives
 * each thread that allocates (V8's helpers, libuv's pool) an arena of its own, up to 8 per core,
 * and memory freed in one arena is not used by another: two arenas held the server 4-7 MB lower
 * at 100,000 titles, with no CPU cost measured (docs/performance.md, "Memory").
 */
export function serverEnv(env = process.env) {
  return { MALLOC_ARENA_MAX: '2', ...env };
}

// The lock file too: the bundle holds the packages' code, so an upgrade must rebuild it.
export const SERVER_INPUTS = ['server/src', 'shared/src', 'scripts/build-server.mjs', 'scripts/server-bundles.mjs', 'package-lock.json'];

/**
 * Bundles the server and the operator commands into server/dist when any is missing or older than
 * its sources. `log`: where the notice goes (an operator command's standard output may be data).
 */
export async function buildServerIfStale(log = console.log) {
  if (!Object.keys(SERVER_BUNDLES).some((out) => isStale(`server/dist/${out}`, SERVER_INPUTS))) return 0;
  log('Building the server (server/dist is missing or older than its sources)...');
  try {
    const { buildServer } = await import('./build-server.mjs');
    await buildServer();
    return 0;
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return 1;
  }
}
