// Import cycles between our own modules, type-only imports included (`npm run lint` runs it).
// ESLint's import-x/no-cycle skips `import type`, but a type cycle is still two modules that cannot
// be read or moved apart: the fix is to move the shared type to the module both depend on.
// Reads every import/export-from/dynamic import of shared, server, web, extension, scripts and
// tests with TypeScript's own pre-processor, resolves relative specifiers (".js" written for ".ts"
// included) and '@app/shared' (subpaths too), and prints each cycle. Exit 1 when there is one.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join, dirname, relative, resolve } from 'node:path';
import ts from 'typescript';
import { root } from './lib.mjs';

const DIRS = ['shared', 'server', 'web', 'extension', 'scripts', 'tests'];
const SKIP = new Set(['node_modules', 'dist', 'test-artifacts', 'bench-results', 'coverage']);
const EXT = /\.(ts|tsx|mts|mjs|js)$/;

export function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (EXT.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

// '@app/shared' and its subpaths resolve through shared/package.json's "exports", as Node and Vite
// resolve them, so a subpath export counts as an edge like a relative import.
const sharedExports = JSON.parse(readFileSync(join(root, 'shared/package.json'), 'utf8')).exports ?? {};

export function resolveSpecifier(from, spec) {
  let base;
  if (spec === '@app/shared' || spec.startsWith('@app/shared/')) {
    const target = sharedExports[`.${spec.slice('@app/shared'.length)}`];
    if (typeof target !== 'string') return null;
    base = join(root, 'shared', target);
  } else if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else return null;
  const stem = base.replace(/\.(js|mjs|ts|tsx)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.mjs`, `${stem}.js`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** The files `file` imports (import, export-from, dynamic import; type-only ones included), resolved. */
export function importsOf(file) {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const deps = new Map();
  for (const ref of info.importedFiles) {
    const target = resolveSpecifier(file, ref.fileName);
    if (target && target !== file && !deps.has(target)) deps.set(target, ref.fileName);
  }
  return deps;
}

export function findCycles(files) {
  const graph = new Map();
  for (const file of files) graph.set(file, [...importsOf(file).keys()]);
  // Tarjan's strongly connected components: every component of two or more files is a cycle.
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const strong = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) components.push(comp.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) strong(v);
  return components;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = DIRS.filter((d) => existsSync(join(root, d))).flatMap((d) => walk(join(root, d), []));
  const cycles = findCycles(files);
  for (const comp of cycles) {
    console.error(`import cycle (type-only imports count): ${comp.map((f) => relative(root, f)).join(' <-> ')}`);
  }
  if (cycles.length) process.exit(1);
  console.log(`check-cycles: ${files.length} files, no import cycle`);
}
