// `npm run build:server`: the server as one ES module, server/dist/main.mjs, and beside it the
// import parser and the operator commands (server-bundles.mjs), so production runs plain JavaScript
// instead of compiling TypeScript at start (npm start and npm run admin/catalog build them when stale).
// The packages are bundled too, but for the ones with native code (loaded from node_modules):
// Node's loader finding, reading and linking some thousand files of node_modules was most of a
// start (a second start on SQLite: about 1.45 s with packages outside the bundle, 0.9 s inside,
// on the busy shared 2-core machine; scripts/bench/api-startup.ts).
import { build } from 'esbuild';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_BUNDLES } from './server-bundles.mjs';

// The repository root, found here rather than imported from lib.mjs (which imports this file).
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Characters beyond ASCII as \u escapes. esbuild escapes them in strings but keeps them as they are
 * in regular expression literals, and a single one makes V8 hold the bundle's whole source (3.7 MB)
 * at two bytes a character instead of one.
 */
const escapeNonAscii = (text) =>
  text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Packages whose regular expressions hold characters beyond ASCII (yup's tiny-case, via ics). */
const NON_ASCII_PACKAGES = /[\\/]node_modules[\\/]tiny-case[\\/].*\.js$/;
const asciiRegexps = {
  name: 'ascii-regexps',
  setup(b) {
    b.onLoad({ filter: NON_ASCII_PACKAGES }, async ({ path }) => ({ contents: escapeNonAscii(await readFile(path, 'utf8')), loader: 'js' }));
  },
};

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
  // Stack traces name the TypeScript file and line (npm start runs node --enable-source-maps);
  // the map leaves the sources out and the bundle its whitespace and comments, since the server
  // holds both in memory for as long as it runs: 12 MB of its heap with a 100,000-title catalog.
  sourcemap: true,
  sourcesContent: false,
  minifyWhitespace: true,
  plugins: [asciiRegexps],
  logLevel: 'warning',
};

/** The server into `outfile`, and beside it the other SERVER_BUNDLES (import parser, operator commands). */
export async function buildServer(outfile = join(root, 'server/dist/main.mjs')) {
  const dist = dirname(outfile);
  // Written to a folder beside dist (so the source maps' relative paths hold), then each file
  // renamed into place: an operator command or server starting meanwhile, or a second build at
  // once (two `npm run admin` on stale sources), reads a whole old file or a whole new one.
  const staging = join(dirname(dist), `.dist-build-${process.pid}-${Date.now()}`);
  const names = Object.keys(SERVER_BUNDLES).map((out) => (out === 'main.mjs' ? basename(outfile) : out));
  try {
    await Promise.all(Object.values(SERVER_BUNDLES).map((src, i) => build({ ...common, entryPoints: [join(root, src)], outfile: join(staging, names[i]) })));
    for (const name of names) {
      const text = await readFile(join(staging, name), 'utf8');
      const at = text.search(/[^\x00-\x7f]/);
      if (at >= 0) throw new Error(`${join(dist, name)} holds a character beyond ASCII (${JSON.stringify(text.slice(Math.max(0, at - 60), at + 20))}): escape it in the source, or add its package to NON_ASCII_PACKAGES`);
    }
    await mkdir(dist, { recursive: true });
    // The map first: a bundle in place always finds its own map.
    for (const name of names) for (const file of [`${name}.map`, name]) await rename(join(staging, file), join(dist, file));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
