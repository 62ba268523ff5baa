// The modules scripts/build-server.mjs writes to server/dist, each from its entry point, all with
// the same options: the server, its worker threads (loaded beside main.mjs: the import parser by
// features/imports/parse-off-thread.ts, the co-likes builder by features/history/co-likes.ts) and
// the operator commands (run by scripts/operator.mjs).
// Its own module so scripts/lib.mjs checks their freshness without loading esbuild.
export const SERVER_BUNDLES = {
  'main.mjs': 'server/src/main.ts',
  'import-parser.mjs': 'server/src/features/imports/parsers/worker.ts',
  'co-likes-builder.mjs': 'server/src/features/history/co-likes-worker.ts',
  'admin.mjs': 'server/src/admin.ts',
  'catalog.mjs': 'server/src/catalog-cli.ts',
};
