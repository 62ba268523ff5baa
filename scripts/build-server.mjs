// `npm run build:server`: the server as one ES module, server/dist/main.mjs, so production runs
// plain JavaScript instead of compiling TypeScript at start (npm start builds it when stale).
// Packages stay in node_modules; only our sources (server/src, shared/src) are bundled.
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
  packages: 'external',
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
