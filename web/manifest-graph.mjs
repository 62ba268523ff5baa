// Reading the build's Vite manifest (dist/.vite/manifest.json): which chunk holds a module, and what
// a chunk loads with it. For web/finish-build.mjs and scripts/bench/bundle.mjs.

/** The manifest's key of a module, or of a chunk group of vite.config.ts by its name ('signed-in'). */
export function keyOf(manifest, module) {
  const key = module in manifest ? module : Object.keys(manifest).find((k) => manifest[k].name === module && k.endsWith('.js'));
  if (!key) throw new Error(`${module} is not in the manifest`);
  return key;
}

/** The files of a chunk and of its static imports, with their stylesheets, added to `files` and `css`. */
export function closure(manifest, key, files = new Set(), css = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  if (files.has(chunk.file)) return { files, css };
  files.add(chunk.file);
  for (const c of chunk.css ?? []) css.add(c);
  for (const imp of chunk.imports ?? []) closure(manifest, imp, files, css);
  return { files, css };
}
