// `npm run build:server`: the server as one ES module, server/dist/main.mjs, so production runs
// plain JavaScript instead of compiling TypeScript at start (npm start builds it when stale).
// The packages are bundled too, but for the ones with native code (loaded from node_modules):
// Node's loader finding, reading and linking some thousand files of node_modules was most of a
// start (a second start on SQLite: about 1.45 s with packages outside the bundle, 0.9 s inside,
// on the busy shared 2-core machine; scripts/bench/api-startup.ts).
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The repository root, found here rather than imported from lib.mjs (which imports this file).
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Native addons stay in node_modules; pg-native is pg's optional driver, never installed here.
  external: ['better-sqlite3', '@resvg/resvg-js', 'pg-native'],
  // The bundled CommonJS packages call require() (Node's built-ins, JSON files they ship): an ES
  // module has none, so the bundle makes one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  alias: { '@app/shared': join(root, 'shared/src/index.ts') },
  sourcemap: true,
  logLevel: 'warning',
};

/** The server, and beside it the import parser's worker thread (features/imports/parse-off-thread.ts). */
export async function buildServer(outfile = join(root, 'server/dist/main.mjs')) {
  await Promise.all([
    build({ ...common, entryPoints: [join(root, 'server/src/main.ts')], outfile }),
    build({ ...common, entryPoints: [join(root, 'server/src/features/imports/parsers/worker.ts')], outfile: join(dirname(outfile), 'import-parser.mjs') }),
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
