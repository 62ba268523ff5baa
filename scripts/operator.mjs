// `npm run admin -- ...` and `npm run catalog -- ...`: the operator commands run from their bundles
// (server/dist/admin.mjs, catalog.mjs, written with the server's by scripts/build-server.mjs),
// rebuilt first when stale as `npm start` does, so no TypeScript compiler is loaded at run time.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root, buildServerIfStale } from './lib.mjs';

const BUNDLES = { admin: 'admin.mjs', catalog: 'catalog.mjs' };
const [name, ...args] = process.argv.slice(2);
if (!Object.hasOwn(BUNDLES, name)) {
  console.error(`Usage: node scripts/operator.mjs <${Object.keys(BUNDLES).join('|')}> [args]`);
  process.exit(2);
}
// The notice for a person at a terminal, on standard error (`status --json` and `export-user`
// write data to standard output); a script reading standard error sees only the command's lines.
const built = await buildServerIfStale(process.stderr.isTTY ? console.error : () => {});
if (built !== 0) process.exit(built);

// Source maps: a failure's stack names the TypeScript file and line, as the server's does.
const child = spawn(process.execPath, ['--enable-source-maps', join(root, 'server/dist', BUNDLES[name]), ...args], { stdio: 'inherit' });
// Relayed as tsx relayed them; the catalog command counts one Ctrl-C that arrives twice as one.
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
