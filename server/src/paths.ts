// Where the server's own files are, found from this module's location so it holds both when the
// server runs from its TypeScript sources (server/src) and from the production bundle
// (server/dist/main.mjs, scripts/build-server.mjs).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function findServerRoot(from: string): string {
  let dir = from;
  // server/src/<feature>/x.ts is the deepest module: a few levels up is always enough.
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'catalog', 'platforms.json'))) return dir;
    dir = dirname(dir);
  }
  throw new Error(`cannot find the server folder (catalog/platforms.json) above ${from}`);
}

/** The `server/` folder of the checkout. */
export const SERVER_ROOT = findServerRoot(dirname(fileURLToPath(import.meta.url)));
/** The built-in catalog pack. */
export const PACK_DIR = join(SERVER_ROOT, 'catalog');
/** The web app's production build, served by the one process. */
export const WEB_DIST = resolve(SERVER_ROOT, '..', 'web', 'dist');
