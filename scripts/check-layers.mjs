// Imports point down the layers of docs/architecture.md ("Layers"); `npm run lint` runs this.
// Each workspace's source is a list of layers, top to bottom: a file may import its own layer and
// the layers below it, never one above. Inside a layer with an `order` (server features, web
// component groups) each sub-folder may import only the folders listed after it; in an `isolated`
// layer (the extension's bundles) no unit imports another. Every workspace may import shared/src
// through '@app/shared' and its subpath exports (never by a relative path), and shared imports no
// workspace. Type-only imports count: a type that points up still ties the lower
// module to the upper one. ALLOWED lists the few upward type-only imports kept, each with its
// reason (the same list is in docs/architecture.md). A file no layer names fails too, so a new
// folder is placed on purpose. Tests and test helpers are not checked.
// `node scripts/check-layers.mjs --order server/src/features` prints the sub-folders of a folder
// in an order their imports allow (top first), or the folder cycles that prevent one.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { importsOf, walk } from './check-cycles.mjs';
import { root } from './lib.mjs';

export const SHARED = 'shared/src';

export const WORKSPACES = [
  {
    dir: 'server/src',
    layers: [
      { name: 'entry points and CLIs', paths: ['main.ts', 'server.ts', 'app.ts', 'wiring.ts', 'admin.ts', 'admin/', 'catalog-cli.ts', 'catalog-commands.ts'] },
      { name: 'jobs', paths: ['jobs/'] },
      { name: 'services seam', paths: ['services.ts'] },
      {
        name: 'features',
        paths: ['features/'],
        order: [
          'account', 'connections', 'credentials', 'delivery', 'feedback', 'fit', 'payments', 'public', 'settings', 'imports', 'household', 'auth',
          'recommendations', 'sessions', 'onboarding', 'subscription', 'tonight', 'watchlist', 'calendar', 'extension', 'analytics',
          'sync', 'codes', 'history', 'users',
        ],
      },
      { name: 'catalog', paths: ['catalog/'] },
      { name: 'http', paths: ['http/'] },
      { name: 'context', paths: ['context.ts'] },
      { name: 'engine', paths: ['engine/'] },
      { name: 'integrations', paths: ['integrations/'] },
      { name: 'db', paths: ['db/'] },
      { name: 'base', paths: ['env-file.ts', 'config.ts', 'paths.ts', 'logger.ts', 'metrics/', 'time/', 'i18n/'] },
    ],
  },
  {
    dir: 'web/src',
    layers: [
      { name: 'entry points', paths: ['main.tsx', 'prerender.tsx', 'earlyReads.ts', 'App.tsx', 'routes.tsx'] },
      { name: 'pages', paths: ['pages/'] },
      { name: 'component groups', paths: ['components/'], order: ['landing', 'layout', 'onboarding', 'feedback', 'household', 'imports', 'connections', 'dashboard', 'settings', 'common'] },
      { name: 'hooks', paths: ['hooks/'] },
      { name: 'api', paths: ['api/'] },
      { name: 'base', paths: ['lazyNamed.ts', 'i18n/'] },
    ],
  },
  {
    dir: 'extension/src',
    layers: [
      { name: 'bundles', paths: ['manifest.ts', 'background/', 'content/', 'popup/', 'options/'], isolated: true },
      { name: 'lib', paths: ['lib/'] },
    ],
  },
  { dir: SHARED, layers: [{ name: 'shared', paths: [''] }] },
];

/** Upward imports kept on purpose: type-only, each with its reason (docs/architecture.md, "Layers"). */
export const ALLOWED = [
  {
    from: 'server/src/features/public/public.routes.ts',
    to: 'server/src/services.ts',
    reason: "the landing page's counts are the `stats` function wiring builds: the route names its type from the seam instead of repeating it",
  },
];

const TEST = /(^|\/)(test|testing|test-fixtures)\/|\.test\.tsx?$|(^|\/)test-support\.ts$/;
const CODE = /\.(ts|tsx|mts|mjs|js)$/;

export const isTestFile = (path) => TEST.test(path);

/** Where `file` (relative to the repo) sits: workspace, layer index, unit; null when no layer names it. */
function place(workspaces, file) {
  const ws = workspaces.find((w) => file.startsWith(`${w.dir}/`));
  if (!ws) return null;
  const inner = file.slice(ws.dir.length + 1);
  for (const [index, layer] of ws.layers.entries()) {
    const path = layer.paths.find((p) => p === '' || (p.endsWith('/') ? inner.startsWith(p) : inner === p));
    if (path === undefined) continue;
    let unit = path;
    if (layer.order || layer.isolated) {
      const sub = inner.slice(path.length).split('/');
      if (layer.order) unit = sub.length > 1 ? sub[0] : `${path}${sub[0]}`;
    }
    return { ws, index, layer, unit };
  }
  return { ws, index: -1 };
}

/** Why `from` may not import `to`, or null when it may. */
function ruleBroken(from, to) {
  if (to.ws.dir === SHARED && from.ws.dir !== SHARED) return null;
  if (to.ws !== from.ws) return `imports another workspace (${to.ws.dir})`;
  if (to.index > from.index) return null;
  if (to.index < from.index) return `imports ${to.layer.name}, a layer above ${from.layer.name}`;
  const { layer } = from;
  if (layer.isolated && from.unit !== to.unit) return `imports ${to.unit}: the ${layer.name} do not import each other`;
  if (layer.order && from.unit !== to.unit) {
    const a = layer.order.indexOf(from.unit);
    const b = layer.order.indexOf(to.unit);
    if (a < 0 || b < 0) return null; // reported once as an unplaced folder
    if (b < a) return `imports ${layer.name} '${to.unit}', listed above '${from.unit}'`;
  }
  return null;
}

/** True when every import of `spec` in `file` is type-only (`import type`, `export type`, all-type names). */
function typeOnly(file, spec) {
  const source = ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.Latest, false);
  const found = [];
  for (const node of source.statements) {
    if (!(ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) || node.moduleSpecifier?.text !== spec) continue;
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const names = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : null;
      found.push(Boolean(clause && (clause.isTypeOnly || (!clause.name && names?.length && names.every((n) => n.isTypeOnly)))));
    } else {
      const names = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : null;
      found.push(node.isTypeOnly || Boolean(names?.length && names.every((n) => n.isTypeOnly)));
    }
  }
  // A dynamic import() or an import("...") type has no declaration here: it counts as a value import.
  return found.length > 0 && found.every(Boolean) && !new RegExp(`import\\(\\s*['"]${spec.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]`).test(source.text);
}

/**
 * Every broken rule among `files` (absolute paths) under `base`: upward imports not allowed,
 * files or folders no layer names, and allow-list entries that no longer match a type-only import.
 */
export function checkLayers(files, { base = root, workspaces = WORKSPACES, allowed = ALLOWED } = {}) {
  const problems = [];
  const used = new Set();
  const unplaced = new Set();
  for (const abs of files) {
    const file = relative(base, abs);
    if (isTestFile(file)) continue;
    const from = place(workspaces, file);
    if (!from) continue;
    if (from.index < 0) {
      problems.push(`${file}: in no layer of ${from.ws.dir} (add it to scripts/check-layers.mjs and docs/architecture.md)`);
      continue;
    }
    if (from.layer.order && !from.layer.order.includes(from.unit) && !unplaced.has(from.unit)) {
      unplaced.add(from.unit);
      problems.push(`${file}: '${from.unit}' is not in the order of ${from.layer.name} (scripts/check-layers.mjs)`);
    }
    for (const [target, spec] of importsOf(abs)) {
      const to = relative(base, target);
      if (!CODE.test(to)) continue;
      if (isTestFile(to)) {
        problems.push(`${file}: imports test code ${to}`);
        continue;
      }
      const dest = place(workspaces, to);
      if (dest?.ws.dir === SHARED && from.ws.dir !== SHARED && spec.startsWith('.')) {
        problems.push(`${file}: imports ${to} by path: import '@app/shared' or one of its subpath exports (shared/package.json)`);
        continue;
      }
      const why = !dest ? `imports ${to}, outside every workspace's source` : dest.index < 0 ? null : ruleBroken(from, dest);
      if (!why) continue;
      const allow = allowed.find((a) => a.from === file && a.to === to);
      if (allow) used.add(allow);
      if (!allow || !typeOnly(abs, spec)) problems.push(`${file}: ${why} (${to})${allow ? ' [allow-listed, but not type-only]' : ''}`);
    }
  }
  for (const a of allowed) if (!used.has(a)) problems.push(`allow-list entry ${a.from} -> ${a.to} matches no upward type-only import: remove it`);
  return problems;
}

/** The sub-folders of `dir` in an order their imports allow (importers first), or their cycles. */
export function folderOrder(dir, files, base = root) {
  const prefix = `${dir}/`;
  const folderOf = (abs) => {
    const rel = relative(base, abs);
    const sub = rel.startsWith(prefix) ? rel.slice(prefix.length).split('/') : [];
    return sub.length > 1 ? sub[0] : null;
  };
  const edges = new Map();
  for (const abs of files) {
    const a = folderOf(abs);
    if (!a || isTestFile(relative(base, abs))) continue;
    if (!edges.has(a)) edges.set(a, new Set());
    for (const target of importsOf(abs).keys()) {
      const b = folderOf(target);
      if (b && b !== a && !isTestFile(relative(base, target))) edges.get(a).add(b);
    }
  }
  // Kahn's algorithm on the reversed graph: a folder comes out once every folder importing it has.
  const importers = new Map([...edges.keys()].map((f) => [f, 0]));
  for (const deps of edges.values()) for (const b of deps) importers.set(b, (importers.get(b) ?? 0) + 1);
  const order = [];
  const ready = [...importers].filter(([, n]) => n === 0).map(([f]) => f).sort();
  while (ready.length) {
    const f = ready.shift();
    order.push(f);
    for (const b of edges.get(f) ?? []) if (importers.set(b, importers.get(b) - 1).get(b) === 0) ready.push(b);
  }
  const stuck = [...importers.keys()].filter((f) => !order.includes(f)).sort();
  const cycles = stuck.flatMap((a) => [...(edges.get(a) ?? [])].filter((b) => stuck.includes(b) && a < b && edges.get(b)?.has(a)).map((b) => `${a} <-> ${b}`));
  return { order, stuck, cycles };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = WORKSPACES.filter((w) => existsSync(join(root, w.dir))).flatMap((w) => walk(join(root, w.dir), []));
  const at = process.argv.indexOf('--order');
  if (at > 0) {
    const { order, stuck, cycles } = folderOrder(process.argv[at + 1], files);
    console.log(`order (top first): ${order.join(', ')}`);
    if (stuck.length) console.log(`in or below a folder cycle: ${stuck.join(', ')}; two-way: ${cycles.join(', ') || 'none (longer cycle)'}`);
    process.exit(stuck.length ? 1 : 0);
  }
  const problems = checkLayers(files);
  for (const p of problems) console.error(`layers: ${p}`);
  if (problems.length) process.exit(1);
  console.log(`check-layers: ${files.length} files, every import points down`);
}
